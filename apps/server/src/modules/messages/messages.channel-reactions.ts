import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/context.js';
import { findDelivery } from './messages.queries.js';

const REACTION_JOB = 'messages.react';

interface ChannelReaction {
  companyId: number;
  messageId: number;
  /** '' takes the reaction back. */
  emoji: string;
}

/** Shows the customer an agent's reaction where the channel can (Cloud API, Instagram), in a job. */
export async function queueChannelReaction(deps: AppDeps, reaction: ChannelReaction, tx: Tx) {
  await deps.jobs.send(REACTION_JOB, reaction, { retryLimit: 2, retryDelay: 5 }, tx);
}

export async function registerChannelReactionJobs(deps: AppDeps) {
  await deps.jobs.work<ChannelReaction>(REACTION_JOB, async ({ companyId, messageId, emoji }) => {
    const row = await findDelivery(deps.db, companyId, messageId);
    if (!row?.connection || !row.contact || !row.message.externalId) return;
    const adapter = deps.channels.get(row.connection.channel);
    await adapter?.react?.(
      { connection: row.connection, contact: row.contact, message: row.message },
      { externalId: row.message.externalId, emoji },
    );
  });
}
