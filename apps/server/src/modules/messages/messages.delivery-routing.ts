import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { AppDeps } from '../../platform/context.js';

/**
 * Whether the process named `owner` may send on the connection whose id is `connectionId` (SQL, for a
 * delivery claim): a WhatsApp session sends only through the one live socket, in the process holding
 * its lease, so its messages are left to that process. Any other channel, and a session nobody holds
 * right now (its holder died and no one took it over yet), stay anyone's: the send then fails and is
 * retried as before. One primary-key lookup per candidate.
 */
export function mayDeliverOn(owner: string, connectionId: SQLWrapper): SQL {
  return sql`not exists (
    select 1 from connections c
    where c.id = ${connectionId} and c.channel = 'whatsapp'
      and c.lease_owner <> ${owner} and c.lease_expires_at > now()
  )`;
}

/**
 * Whether another live process holds the connection's WhatsApp session, so only it can send on it: work
 * that must send there (a recovery code, a number check) is left to that process, as `mayDeliverOn`
 * leaves it a conversation's messages.
 */
export async function sessionHeldElsewhere(
  deps: Pick<AppDeps, 'db' | 'processId'>,
  connection: { companyId: number; id: number },
): Promise<boolean> {
  const [row] = await deps.db
    .select({ mayDeliver: mayDeliverOn(deps.processId, sql`${connection.id}::int`).mapWith(Boolean) })
    .from(connections)
    .where(tenant(connections, connection.companyId, eq(connections.id, connection.id)));
  return row?.mayDeliver === false;
}
