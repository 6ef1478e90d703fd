import type { Ticket } from '@balcao/shared';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { connections, contacts, messages, tickets } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { publishMessage } from '../tickets/tickets.events.js';
import { loadTicket } from '../tickets/tickets.queries.js';
import { DELIVER_JOB, FAILED_JOB } from './messages.outbox.js';
import { toMessage } from './messages.queries.js';

/** Sends a stored message through its channel. Safe to run twice: a message already sent is left alone. */
export async function deliverMessage(deps: AppDeps, messageId: number): Promise<void> {
  const [row] = await deps.db
    .select({ message: messages, connection: connections, contact: contacts })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .innerJoin(connections, eq(connections.id, messages.connectionId))
    .where(eq(messages.id, messageId));
  if (row?.message.ack !== 0) return;
  const adapter = deps.channels.get(row.connection.channel);
  if (!adapter) throw new Error(`No adapter for channel ${row.connection.channel}`);

  const sent = await adapter.send({ connection: row.connection, contact: row.contact, message: row.message });
  await setAck(deps, messageId, sent.ack, { externalId: sent.externalId });
}

/** Acks only move forward; a late "sent" never undoes "read". */
export async function setAck(
  deps: AppDeps,
  messageId: number,
  ack: number,
  extra: { externalId?: string } = {},
) {
  const [updated] = await deps.db
    .update(messages)
    .set({ ack: sql`greatest(${messages.ack}, ${ack})`, ...extra, updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), lt(messages.ack, ack)))
    .returning();
  if (updated) await publishMessageUpdates(deps, [updated]);
}

/** Raises every message matching `where` to `ack` in one statement (a visitor reading a whole conversation). */
export async function raiseAcks(deps: AppDeps, where: SQL, ack: number) {
  const updated = await deps.db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(and(where, lt(messages.ack, ack), gte(messages.ack, 0)))
    .returning();
  await publishMessageUpdates(deps, updated);
}

export async function markFailed(deps: AppDeps, messageId: number, reason: string) {
  const [updated] = await deps.db
    .update(messages)
    .set({ ack: -1, failedReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(messages.id, messageId), eq(messages.ack, 0)))
    .returning();
  if (updated) await publishMessageUpdates(deps, [updated]);
}

/** One ticket load per ticket, however many of its messages changed. */
async function publishMessageUpdates(deps: AppDeps, rows: (typeof messages.$inferSelect)[]) {
  const loaded = new Map<number, Ticket>();
  for (const row of rows) {
    let ticket = loaded.get(row.ticketId);
    if (!ticket) {
      ticket = (await loadTicket(deps.db, deps.links, row.companyId, eq(tickets.id, row.ticketId))) as Ticket;
      loaded.set(row.ticketId, ticket);
    }
    publishMessage(deps, row.companyId, 'update', toMessage(row, deps.links), ticket);
  }
}

export async function registerDeliveryJobs(deps: AppDeps) {
  await deps.jobs.work<{ messageId: number }>(DELIVER_JOB, ({ messageId }) =>
    deliverMessage(deps, messageId),
  );
  // After the last retry pg-boss hands the job to this queue: the message is failed, and says so.
  await deps.jobs.work<{ messageId: number }>(FAILED_JOB, ({ messageId }) =>
    markFailed(deps, messageId, 'ERR_SENDING_WAPP_MSG'),
  );
}
