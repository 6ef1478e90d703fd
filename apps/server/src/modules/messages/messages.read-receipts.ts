import type { AppDeps } from '../../platform/context.js';
import { findDelivery, type MessageRow } from './messages.queries.js';

const READ_RECEIPT_JOB = 'messages.read-receipt';

interface ReadReceipt {
  companyId: number;
  messageId: number;
}

/**
 * An agent read the conversation: the customer's channel is told so (blue ticks) through the
 * newest inbound message the channel knows, in a job so a slow channel never delays the page.
 */
export async function queueReadReceipt(deps: AppDeps, companyId: number, page: MessageRow[]) {
  const newest = page.filter((row) => !row.fromMe && row.externalId).at(-1);
  if (!newest) return;
  await deps.jobs.send(READ_RECEIPT_JOB, { companyId, messageId: newest.id } satisfies ReadReceipt, {
    retryLimit: 2,
    retryDelay: 5,
  });
}

export async function registerReadReceiptJobs(deps: AppDeps) {
  await deps.jobs.work<ReadReceipt>(READ_RECEIPT_JOB, async ({ companyId, messageId }) => {
    const row = await findDelivery(deps.db, companyId, messageId);
    if (!row?.connection || !row.contact || !row.message.externalId) return;
    const adapter = deps.channels.get(row.connection.channel);
    await adapter?.markRead?.({
      connection: row.connection,
      contact: row.contact,
      externalId: row.message.externalId,
    });
  });
}
