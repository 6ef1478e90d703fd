import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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
