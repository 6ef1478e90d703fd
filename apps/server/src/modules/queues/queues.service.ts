import {
  type AuditAction,
  type ChatbotOptionInput,
  type CreateQueueBody,
  msg,
  type Queue,
  type QueueDetail,
  type UpdateQueueBody,
} from '@balcao/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { queues, tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { targetCompanyId } from '../../platform/permissions.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { takePlanRoom } from '../plans/plan-limits.js';
import { publishTicket } from '../tickets/tickets.events.js';
import { presentTickets, selectTickets } from '../tickets/tickets.queries.js';
import { flattenOptions, foreignReference, saveOptionTree } from './chatbots.queries.js';
import { publishQueue } from './queues.events.js';
import {
  buildOptionTree,
  chatbotRowsOfQueues,
  countUnclosedTickets,
  deleteChatbots,
  findQueue,
  foreignQueueLink,
  listQueueRows,
  type QueueRow,
  toQueue,
  toStoredSchedules,
  unclosedTicketIds,
} from './queues.queries.js';

const audited = (ctx: Ctx, action: AuditAction, id: number) =>
  ({ companyId: ctx.companyId, action, entityType: 'queue', entityId: id }) as const;

export async function presentQueues(db: Db | Tx, companyId: number, rows: QueueRow[]): Promise<Queue[]> {
  const options = await chatbotRowsOfQueues(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toQueue(row, buildOptionTree(options.filter((o) => o.queueId === row.id))));
}

async function presentQueue(db: Db | Tx, row: QueueRow): Promise<Queue> {
  const [queue] = await presentQueues(db, row.companyId, [row]);
  return queue as Queue;
}

export async function listQueues(ctx: Ctx, companyId?: number): Promise<Queue[]> {
  const target = targetCompanyId(ctx.actor, companyId);
  return presentQueues(ctx.db, target, await listQueueRows(ctx.db, target));
}

export async function showQueue(ctx: Ctx, id: number): Promise<QueueDetail> {
  const row = await findQueue(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_QUEUE_FOUND');
  const openTickets = await countUnclosedTickets(ctx.db, ctx.companyId, id);
  return { ...(await presentQueue(ctx.db, row)), openTickets };
}

/** Refuses links to another company's integration, file list, prompt, queue or user: never stored. */
export async function checkLinks(
  tx: Tx,
  companyId: number,
  input: Pick<UpdateQueueBody, 'integrationId' | 'fileListId' | 'promptId'>,
  options: ChatbotOptionInput[] = [],
) {
  const link = await foreignQueueLink(tx, companyId, input);
  if (link) throw new AppError('ERR_VALIDATION', `Unknown ${link}`, { [link]: msg.invalidValue });
  const reference = await foreignReference(tx, companyId, flattenOptions(options));
  if (reference) {
    const [field, id] = reference;
    throw new AppError('ERR_VALIDATION', `Unknown ${field} ${id}`, { [field]: msg.invalidValue });
  }
}

export async function createQueue(ctx: Ctx, input: CreateQueueBody): Promise<Queue> {
  const { chatbots, schedules, ...fields } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await takePlanRoom(tx, ctx.companyId, 'queues');
    await checkLinks(tx, ctx.companyId, fields, chatbots);
    const [created] = await tx
      .insert(queues)
      .values({ ...fields, schedules: toStoredSchedules(schedules), companyId: ctx.companyId })
      .returning()
      .catch(rethrowDuplicate);
    if (!created) throw new AppError('ERR_INTERNAL');
    await saveOptionTree(tx, ctx.companyId, { queueId: created.id, parentId: null }, chatbots, new Set());
    const changes = { name: created.name, color: created.color };
    await recordAudit(tx, ctx, { ...audited(ctx, 'queue.create', created.id), changes });
    return created;
  });
  const queue = await presentQueue(ctx.db, row);
  publishQueue(ctx, ctx.companyId, { action: 'create', queue });
  return queue;
}

export async function updateQueue(ctx: Ctx, id: number, input: UpdateQueueBody): Promise<Queue> {
  const { chatbots, schedules, ...fields } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await checkLinks(tx, ctx.companyId, fields, chatbots);
    const before = await findQueue(tx, ctx.companyId, id);
    const [updated] = await tx
      .update(queues)
      .set({
        ...fields,
        ...(schedules ? { schedules: toStoredSchedules(schedules) } : {}),
        updatedAt: new Date(),
      })
      .where(tenant(queues, ctx.companyId, eq(queues.id, id)))
      .returning()
      .catch(rethrowDuplicate);
    if (!updated) throw new AppError('ERR_NO_QUEUE_FOUND');
    if (chatbots) await replaceOptionTree(tx, ctx.companyId, id, chatbots);
    const changed = [...Object.keys(fields), ...(schedules ? ['schedules'] : [])];
    const changes = before ? changedFields(before, updated, changed) : {};
    if (Object.keys(changes).length)
      await recordAudit(tx, ctx, { ...audited(ctx, 'queue.update', id), changes });
    return updated;
  });
  const queue = await presentQueue(ctx.db, row);
  publishQueue(ctx, ctx.companyId, { action: 'update', queue });
  return queue;
}

async function replaceOptionTree(tx: Tx, companyId: number, queueId: number, options: ChatbotOptionInput[]) {
  const existing = new Set((await chatbotRowsOfQueues(tx, companyId, [queueId])).map((r) => r.id));
  const kept = await saveOptionTree(tx, companyId, { queueId, parentId: null }, options, existing);
  await deleteChatbots(
    tx,
    companyId,
    [...existing].filter((optionId) => !kept.has(optionId)),
  );
}

/** The queue's tickets are kept and carry on without a queue ('Sem fila'); the schema sets it null. */
export async function deleteQueue(ctx: Ctx, id: number): Promise<void> {
  const affected = await unclosedTicketIds(ctx.db, ctx.companyId, id);
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(queues)
      .where(tenant(queues, ctx.companyId, eq(queues.id, id)))
      .returning({ name: queues.name, color: queues.color });
    if (!deleted) throw new AppError('ERR_NO_QUEUE_FOUND');
    await recordAudit(tx, ctx, { ...audited(ctx, 'queue.delete', id), changes: deleted });
  });
  publishQueue(ctx, ctx.companyId, { action: 'delete', queueId: id });
  await publishTicketsWithoutQueue(ctx, id, affected);
}

/** Ticket lists follow the tickets out of the queue: those who saw them only through it drop them. */
async function publishTicketsWithoutQueue(ctx: Ctx, queueId: number, ticketIds: number[]) {
  if (ticketIds.length === 0) return;
  const rows = await selectTickets(ctx.db).where(
    tenant(tickets, ctx.companyId, inArray(tickets.id, ticketIds)),
  );
  for (const ticket of presentTickets(ctx.links, rows)) {
    await publishTicket(ctx, ctx.companyId, ticket, { ...ticket, queueId });
  }
}

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'queues_company_color_key')) {
    throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  }
  if (isUniqueViolation(error, 'queues_company_name_key')) {
    throw new AppError('ERR_QUEUE_NAME_ALREADY_EXISTS');
  }
  throw error;
}
