import type { Tx } from '../db/client.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import type { MessageRow } from '../modules/messages/messages.queries.js';
import type { AppDeps } from '../platform/context.js';

/**
 * Queues, in the intake's transaction, the download job of each message just stored with a file to
 * fetch (InboundMessage.pendingMedia): the job exists exactly when its message does, so a redelivery
 * (found, not stored) downloads nothing again, and a crash after the commit loses no file. Answers how
 * to wake the jobs' workers once the transaction has committed.
 */
export async function queueMediaDownloads(
  deps: AppDeps,
  tx: Tx,
  stored: { input: InboundMessage; message: MessageRow }[],
): Promise<() => void> {
  const queues = new Set<string>();
  for (const { input, message } of stored) {
    const job = input.pendingMedia?.job;
    if (!job) continue;
    const data = { ...job.data, companyId: message.companyId, messageId: message.id };
    await deps.jobs.send(job.name, data, job.options, tx);
    queues.add(job.name);
  }
  return () => {
    for (const name of queues) deps.jobs.wake(name);
  };
}
