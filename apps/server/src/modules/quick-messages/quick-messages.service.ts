import {
  type CreateQuickMessageBody,
  can,
  type ListQuickMessagesQuery,
  msg,
  PAGE_SIZE,
  type QuickMessage,
  type UpdateQuickMessageBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { quickMessages } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishQuickMessage, publishQuickMessageDeleted } from './quick-messages.events.js';
import {
  composerQuickMessages,
  findVisibleQuickMessage,
  type QuickMessageRow,
  searchQuickMessages,
  toQuickMessage,
} from './quick-messages.queries.js';

export async function listQuickMessages(ctx: Ctx, query: ListQuickMessagesQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchQuickMessages(ctx.db, ctx.actor, {
    search: query.searchParam,
    isCategory: query.isCategory,
    limit: PAGE_SIZE,
    offset,
  });
  return {
    records: rows.map((row) => toQuickMessage(row, ctx.links)),
    hasMore: offset + rows.length < total,
    count: total,
  };
}

export async function listComposerQuickMessages(ctx: Ctx): Promise<QuickMessage[]> {
  const rows = await composerQuickMessages(ctx.db, ctx.actor);
  return rows.map((row) => toQuickMessage(row, ctx.links));
}

export async function showQuickMessage(ctx: Ctx, id: number): Promise<QuickMessage> {
  const row = await findVisibleQuickMessage(ctx.db, ctx.actor, id);
  if (!row) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
  return toQuickMessage(row, ctx.links);
}

/**
 * The row the caller may change (spec 001 §6): admins and supervisors any, others only their own
 * that are not 'geral'. One the caller cannot even read is not found.
 */
export async function findEditableQuickMessage(ctx: Ctx, id: number): Promise<QuickMessageRow> {
  const row = await findVisibleQuickMessage(ctx.db, ctx.actor, id);
  if (!row) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
  if (can(ctx.actor, 'quick-messages:manageAll')) return row;
  if (row.geral || row.userId !== ctx.actor.userId) throw new AppError('ERR_NO_PERMISSION');
  return row;
}

function checkGeral(ctx: Ctx, geral: boolean | undefined) {
  if (geral && !can(ctx.actor, 'quick-messages:manageAll')) throw new AppError('ERR_NO_PERMISSION');
}

/** A category groups quick messages the caller can read; it cannot be the message itself. */
async function checkCategory(ctx: Ctx, categoryId: number | null | undefined, selfId?: number) {
  if (!categoryId) return;
  const category =
    categoryId === selfId ? undefined : await findVisibleQuickMessage(ctx.db, ctx.actor, categoryId);
  if (!category?.isCategory) {
    throw new AppError('ERR_VALIDATION', 'Unknown category', { categoryId: msg.invalidValue });
  }
}

export async function createQuickMessage(ctx: Ctx, input: CreateQuickMessageBody): Promise<QuickMessage> {
  checkGeral(ctx, input.geral);
  await checkCategory(ctx, input.categoryId);
  const [row] = await ctx.db
    .insert(quickMessages)
    .values({ ...input, companyId: ctx.companyId, userId: ctx.actor.userId })
    .returning();
  if (!row) throw new AppError('ERR_INTERNAL');
  const record = toQuickMessage(row, ctx.links);
  publishQuickMessage(ctx, ctx.companyId, 'create', record);
  return record;
}

export async function updateQuickMessage(
  ctx: Ctx,
  id: number,
  input: UpdateQuickMessageBody,
): Promise<QuickMessage> {
  const current = await findEditableQuickMessage(ctx, id);
  if (input.geral !== undefined && input.geral !== current.geral) checkGeral(ctx, true);
  await checkCategory(ctx, input.categoryId, id);
  const isCategory = input.isCategory ?? current.isCategory;
  if (!isCategory && !(input.message ?? current.message)) {
    throw new AppError('ERR_VALIDATION', 'A message is required', { message: msg.required });
  }
  const [row] = await ctx.db
    .update(quickMessages)
    .set({ ...input, updatedAt: new Date() })
    .where(tenant(quickMessages, ctx.companyId, eq(quickMessages.id, id)))
    .returning();
  if (!row) throw new AppError('ERR_NO_QUICK_MESSAGE_FOUND');
  const record = toQuickMessage(row, ctx.links);
  publishQuickMessage(ctx, ctx.companyId, 'update', record, current);
  return record;
}

export async function deleteQuickMessage(ctx: Ctx, id: number): Promise<void> {
  const current = await findEditableQuickMessage(ctx, id);
  await ctx.db.delete(quickMessages).where(tenant(quickMessages, ctx.companyId, eq(quickMessages.id, id)));
  if (current.mediaPath) await ctx.storage.remove(current.mediaPath);
  publishQuickMessageDeleted(ctx, ctx.companyId, current);
}
