import type { Ticket } from '@balcao/shared';
import type { SQL } from 'drizzle-orm';
import { PermanentSendError } from '../../channels/channel.js';
import type { AppDeps } from '../../platform/context.js';
import { publishMessage } from '../tickets/tickets.events.js';
import { loadTicketById } from '../tickets/tickets.queries.js';
import {
  DELIVER_JOB,
  type DeliveryJob,
  FAILED_JOB,
  requeueStrandedMessages,
  SWEEP_JOB,
} from './messages.outbox.js';
import {
  failMessage,
  findDelivery,
  findQuoted,
  type MessageRow,
  raiseAck,
  raiseAcksWhere,
  toMessage,
} from './messages.queries.js';

/**
 * Deliveries a worker takes per fetch: under load one fetch and one completion serve this many sends
 * instead of one each (both are among a send's heaviest statements); taken in order, sent one by one.
 */
const DELIVERY_BATCH = 20;

/** Sends a stored message through its channel. Safe to run twice: a message already sent is left alone. */
async function deliverMessage(deps: AppDeps, { companyId, messageId }: DeliveryJob): Promise<void> {
  const row = await findDelivery(deps.db, companyId, messageId);
  if (row?.message.ack !== 0) return;
  // With its connection or contact deleted the message can never leave; failing it also ends the sweep's retries.
  if (!row.connection || !row.contact) return markFailed(deps, companyId, messageId, 'ERR_SENDING_WAPP_MSG');
  const adapter = deps.channels.get(row.connection.channel);
  if (!adapter) throw new Error(`No adapter for channel ${row.connection.channel}`);

  const sent = await adapter
    .send({ connection: row.connection, contact: row.contact, message: row.message })
    .catch((error: unknown) => {
      if (error instanceof PermanentSendError) return error;
      throw error;
    });
  if (sent instanceof PermanentSendError) return markFailed(deps, companyId, messageId, sent.reason);
  await setAck(deps, companyId, messageId, sent.ack, { externalId: sent.externalId });
}

/** Acks only move forward; a late "sent" never undoes "read". */
export async function setAck(
  deps: AppDeps,
  companyId: number,
  messageId: number,
  ack: number,
  extra: { externalId?: string } = {},
) {
  await publishMessageUpdates(deps, await raiseAck(deps.db, companyId, messageId, ack, extra));
}

/** Raises every message matching `where` to `ack` in one statement (a visitor reading a whole conversation). */
export async function raiseAcks(deps: AppDeps, companyId: number, where: SQL, ack: number) {
  await publishMessageUpdates(deps, await raiseAcksWhere(deps.db, companyId, where, ack));
}

export async function markFailed(deps: AppDeps, companyId: number, messageId: number, reason: string) {
  await publishMessageUpdates(deps, await failMessage(deps.db, companyId, messageId, reason));
}

/** One ticket load per ticket, however many of its messages changed. */
export async function publishMessageUpdates(deps: AppDeps, rows: MessageRow[]) {
  const loaded = new Map<number, Ticket>();
  for (const row of rows) {
    let ticket = loaded.get(row.ticketId);
    if (!ticket) {
      ticket = (await loadTicketById(deps.db, deps.links, row.companyId, row.ticketId)) as Ticket;
      loaded.set(row.ticketId, ticket);
    }
    const quoted = await findQuoted(deps.db, row);
    publishMessage(deps, row.companyId, 'update', toMessage(row, deps.links, quoted), ticket);
  }
}

export async function registerDeliveryJobs(deps: AppDeps) {
  await deps.jobs.work<DeliveryJob>(DELIVER_JOB, (job) => deliverMessage(deps, job), {
    batchSize: DELIVERY_BATCH,
  });
  // After the last retry pg-boss hands the job to this queue: the message is failed, and says so.
  await deps.jobs.work<DeliveryJob>(FAILED_JOB, ({ companyId, messageId }) =>
    markFailed(deps, companyId, messageId, 'ERR_SENDING_WAPP_MSG'),
  );
  await deps.jobs.work(SWEEP_JOB, async () => {
    await requeueStrandedMessages(deps);
  });
  await deps.jobs.schedule(SWEEP_JOB, '* * * * *');
}
