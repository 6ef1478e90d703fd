import { and, eq } from 'drizzle-orm';
import { connections, users } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { storeOutbound } from '../messages/messages.outbox.js';
import { readSetting } from '../settings/settings.queries.js';

/**
 * On close: the agent's own farewell, else the connection's closing message. A ticket still
 * waiting gets one only when sendFarewellWaitingTicket is on.
 */
export async function sendFarewell(
  ctx: Ctx,
  ticket: {
    id: number;
    status: string;
    contactId: number;
    connectionId: number | null;
    queueId: number | null;
  },
) {
  if (!ticket.connectionId || ticket.status === 'group') return;
  if (
    ticket.status === 'pending' &&
    (await readSetting(ctx.db, ctx.companyId, 'sendFarewellWaitingTicket')) !== 'enabled'
  )
    return;
  const [[user], [connection]] = await Promise.all([
    ctx.db
      .select({ farewell: users.farewellMessage })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.actor.userId))),
    ctx.db
      .select({ farewell: connections.complationMessage })
      .from(connections)
      .where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, ticket.connectionId))),
  ]);
  const body = (user?.farewell || connection?.farewell || '').trim();
  if (!body) return;
  await storeOutbound(ctx, {
    companyId: ctx.companyId,
    ticket,
    body,
    kind: 'farewell',
    userId: ctx.actor.userId,
  });
}
