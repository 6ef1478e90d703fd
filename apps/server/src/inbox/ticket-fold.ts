import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  messages,
  schedules,
  ticketCycles,
  ticketLogs,
  ticketNotes,
  ticketRatings,
  tickets,
  ticketTags,
} from '../db/schema/index.js';
import { tenant } from '../db/tenant.js';

/**
 * Two active tickets turned out to be one conversation (one person on one connection): `fromId`'s
 * messages, notes, schedules, history and tags move into `intoId`, whose list columns then count
 * both; `fromId` is deleted. Keeps the one-active-ticket rule when two contacts merge.
 */
export async function foldTicket(tx: Tx, companyId: number, fromId: number, intoId: number) {
  const ofFrom = (t: typeof messages | typeof ticketNotes | typeof ticketLogs | typeof ticketCycles) =>
    and(eq(t.companyId, companyId), eq(t.ticketId, fromId));
  await tx.update(messages).set({ ticketId: intoId }).where(ofFrom(messages));
  await tx.update(ticketNotes).set({ ticketId: intoId }).where(ofFrom(ticketNotes));
  await tx.update(ticketLogs).set({ ticketId: intoId }).where(ofFrom(ticketLogs));
  await tx.update(ticketCycles).set({ ticketId: intoId }).where(ofFrom(ticketCycles));
  await tx
    .update(ticketRatings)
    .set({ ticketId: intoId })
    .where(and(eq(ticketRatings.companyId, companyId), eq(ticketRatings.ticketId, fromId)));
  await tx
    .update(schedules)
    .set({ ticketId: intoId })
    .where(and(eq(schedules.companyId, companyId), eq(schedules.ticketId, fromId)));
  await tx.execute(sql`insert into ${ticketTags} (ticket_id, tag_id)
    select ${intoId}, tag_id from ${ticketTags} where ticket_id = ${fromId} on conflict do nothing`);

  const later = sql`f.last_message_at is not null and (t.last_message_at is null or f.last_message_at > t.last_message_at)`;
  await tx.execute(sql`update ${tickets} t set
      unread_messages = t.unread_messages + f.unread_messages,
      last_message = case when ${later} then f.last_message else t.last_message end,
      last_message_from_me = case when ${later} then f.last_message_from_me else t.last_message_from_me end,
      last_message_at = greatest(t.last_message_at, f.last_message_at),
      waiting_since = least(t.waiting_since, f.waiting_since),
      first_reply_at = least(t.first_reply_at, f.first_reply_at),
      last_customer_message_at = greatest(t.last_customer_message_at, f.last_customer_message_at),
      last_agent_message_at = greatest(t.last_agent_message_at, f.last_agent_message_at),
      updated_at = now()
    from ${tickets} f
    where t.company_id = ${companyId} and t.id = ${intoId} and f.company_id = ${companyId} and f.id = ${fromId}`);
  await tx.delete(tickets).where(tenant(tickets, companyId, eq(tickets.id, fromId)));
}
