import type { ChatbotOption, CreateChatbotBody, UpdateChatbotBody } from '@balcao/shared';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { saveOptionTree, updateOption } from './chatbots.queries.js';
import { publishQueue } from './queues.events.js';
import {
  buildOptionTree,
  chatbotRowsOfQueues,
  deleteChatbots,
  descendantIds,
  findChatbot,
  findQueue,
} from './queues.queries.js';
import { checkLinks, presentQueues } from './queues.service.js';

export async function showChatbot(ctx: Ctx, id: number): Promise<ChatbotOption> {
  const row = await findChatbot(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NOT_FOUND');
  const rows = await chatbotRowsOfQueues(ctx.db, ctx.companyId, [row.queueId]);
  const option = buildOptionTree(rows, row.parentId).find((o) => o.id === id);
  if (!option) throw new AppError('ERR_NOT_FOUND');
  return option;
}

export async function createChatbot(ctx: Ctx, input: CreateChatbotBody): Promise<ChatbotOption> {
  const { queueId, parentId, ...option } = input;
  const id = await ctx.db.transaction(async (tx) => {
    if (!(await findQueue(tx, ctx.companyId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
    const rows = await chatbotRowsOfQueues(tx, ctx.companyId, [queueId]);
    if (parentId !== null && !rows.some((r) => r.id === parentId)) {
      throw new AppError('ERR_VALIDATION', 'Unknown parent option', { parentId: 'invalidValue' });
    }
    await checkLinks(tx, ctx.companyId, {}, [option]);
    const siblings = rows.filter((r) => r.parentId === parentId);
    const lastPosition = Math.max(-1, ...siblings.map((r) => r.position));
    const written = await saveOptionTree(
      tx,
      ctx.companyId,
      { queueId, parentId },
      [option],
      new Set(),
      lastPosition + 1,
    );
    return [...written][0] as number;
  });
  await publishQueueOf(ctx, queueId);
  return showChatbot(ctx, id);
}

/** Replaces the option's fields and its whole subtree; it keeps its place in the menu. */
export async function updateChatbot(ctx: Ctx, id: number, input: UpdateChatbotBody): Promise<ChatbotOption> {
  const { options, ...fields } = input;
  const queueId = await ctx.db.transaction(async (tx) => {
    const row = await findChatbot(tx, ctx.companyId, id);
    if (!row) throw new AppError('ERR_NOT_FOUND');
    await checkLinks(tx, ctx.companyId, {}, [input]);
    await updateOption(tx, ctx.companyId, id, fields);
    await replaceSubtree(tx, ctx.companyId, row.queueId, id, options);
    return row.queueId;
  });
  await publishQueueOf(ctx, queueId);
  return showChatbot(ctx, id);
}

async function replaceSubtree(
  tx: Tx,
  companyId: number,
  queueId: number,
  id: number,
  options: UpdateChatbotBody['options'],
) {
  const below = descendantIds(await chatbotRowsOfQueues(tx, companyId, [queueId]), id);
  const kept = await saveOptionTree(tx, companyId, { queueId, parentId: id }, options, below);
  await deleteChatbots(
    tx,
    companyId,
    [...below].filter((optionId) => !kept.has(optionId)),
  );
}

/** Its sub-options go with it. */
export async function deleteChatbot(ctx: Ctx, id: number): Promise<void> {
  const row = await findChatbot(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NOT_FOUND');
  await deleteChatbots(ctx.db, ctx.companyId, [id]);
  await publishQueueOf(ctx, row.queueId);
}

async function publishQueueOf(ctx: Ctx, queueId: number) {
  const row = await findQueue(ctx.db, ctx.companyId, queueId);
  if (!row) return;
  const [queue] = await presentQueues(ctx.db, ctx.companyId, [row]);
  if (queue) publishQueue(ctx, ctx.companyId, { action: 'update', queue });
}
