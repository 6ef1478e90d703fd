import type { Ticket } from '@balcao/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.js';
import { PermanentSendError } from '../../platform/ports/channel-adapter.js';
import { publishMessage } from '../tickets/tickets.events.js';
import { loadTicketById } from '../tickets/tickets.queries.js';
import { mayDeliverOn } from './messages.delivery-routing.js';
import {
  DELIVER_JOB,
  type DeliveryJob,
  FAILED_JOB,
  requeueStrandedMessages,
  SWEEP_JOB,
} from './messages.outbox.js';
import {
  failMessage,
  findDeliveries,
  findQuoted,
  type MessageRow,
  raiseAck,
  raiseAcksWhere,
  toMessage,
} from './messages.queries.js';

/**
 * Deliveries a worker takes per fetch: under load one fetch, one read of the messages, one ticket load
 * per conversation and one completion serve this many sends instead of one each.
 */
const DELIVERY_BATCH = 20;

type Delivery = Awaited<ReturnType<typeof findDeliveries>>[number];

/**
 * Sends a batch of stored messages through their channels, one after the other in queue order, and
 * publishes what changed; answers each job's failure (a retry) at its index. Safe to run twice: a
 * message already sent is left alone, and each one's ack is stored as soon as its channel took it.
 */
async function deliverMessages(deps: AppDeps, jobs: DeliveryJob[]): Promise<unknown[]> {
  const found = await findDeliveries(deps.db, jobs);
  const byKey = new Map(found.map((row) => [`${row.message.companyId}:${row.message.id}`, row]));
  const changed: MessageRow[] = [];
  const failures: unknown[] = [];
  for (const [index, { companyId, messageId }] of jobs.entries()) {
    const row = byKey.get(`${companyId}:${messageId}`);
    if (row?.message.ack !== 0) continue;
    await deliverMessage(deps, row).then(
      (rows) => changed.push(...rows),
      (error: unknown) => {
        failures[index] = error;
      },
    );
  }
  await publishMessageUpdates(deps, changed);
  return failures;
}

/** One pending message through its channel: answers the rows it changed (its ack, or its failure). */
async function deliverMessage(deps: AppDeps, { message, connection, contact }: Delivery) {
  // With its connection or contact deleted the message can never leave; failing it also ends the sweep's retries.
  if (!connection || !contact)
    return failMessage(deps.db, message.companyId, message.id, 'ERR_SENDING_WAPP_MSG');
  const adapter = deps.channels.get(connection.channel);
  if (!adapter) throw new Error(`No adapter for channel ${connection.channel}`);

  const sent = await adapter.send({ connection, contact, message }).catch((error: unknown) => {
    if (error instanceof PermanentSendError) return error;
    throw error;
  });
  if (sent instanceof PermanentSendError)
    return failMessage(deps.db, message.companyId, message.id, sent.reason);
  return raiseAck(deps.db, message.companyId, message.id, sent.ack, { externalId: sent.externalId });
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
    await publishMessage(deps, row.companyId, 'update', toMessage(row, deps.links, quoted), ticket);
  }
}

/** The connection of a delivery job's message, read from the job's data. */
const connectionOfJob = (data: SQL) =>
  sql`(select m.connection_id from messages m
       where m.company_id = (${data} ->> 'companyId')::int and m.id = (${data} ->> 'messageId')::bigint)`;

export async function registerDeliveryJobs(deps: AppDeps) {
  await deps.jobs.workBatch<DeliveryJob>(DELIVER_JOB, (jobs) => deliverMessages(deps, jobs), {
    batchSize: DELIVERY_BATCH,
    // A WhatsApp session's messages are taken only by the process holding it, in the order written.
    claimable: (data) => mayDeliverOn(deps.processId, connectionOfJob(data)),
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
