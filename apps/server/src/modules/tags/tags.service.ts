import {
  type CreateTagBody,
  type ListTagsQuery,
  msg,
  PAGE_SIZE,
  type Tag,
  type UpdateTagBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { tags } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishTag } from './tags.events.js';
import { findTags, searchTags, tagOptions } from './tags.queries.js';
import { liveTicketIdsOfTag, republishTickets } from './tags.tickets.js';

export async function listTags(ctx: Ctx, query: ListTagsQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchTags(ctx.db, ctx.companyId, {
    search: query.searchParam,
    kanban: query.kanban,
    limit: PAGE_SIZE,
    offset,
  });
  return { tags: rows, hasMore: offset + rows.length < total, count: total };
}

export const listTagOptions = (ctx: Ctx, kanban?: boolean) => tagOptions(ctx.db, ctx.companyId, kanban);

export async function showTag(ctx: Ctx, id: number): Promise<Tag> {
  const [tag] = await findTags(ctx.db, ctx.companyId, [id]);
  if (!tag) throw new AppError('ERR_NO_TAG_FOUND');
  return tag;
}

export async function createTag(ctx: Ctx, input: CreateTagBody): Promise<Tag> {
  const [row] = await ctx.db
    .insert(tags)
    .values({ ...input, companyId: ctx.companyId, userId: ctx.actor.userId })
    .returning({ id: tags.id })
    .catch(rethrowDuplicateName);
  if (!row) throw new AppError('ERR_INTERNAL');
  const tag = await showTag(ctx, row.id);
  publishTag(ctx, ctx.companyId, { action: 'create', tag });
  return tag;
}

export async function updateTag(ctx: Ctx, id: number, input: UpdateTagBody): Promise<Tag> {
  const [row] = await ctx.db
    .update(tags)
    .set({ ...input, updatedAt: new Date() })
    .where(tenant(tags, ctx.companyId, eq(tags.id, id)))
    .returning({ id: tags.id })
    .catch(rethrowDuplicateName);
  if (!row) throw new AppError('ERR_NO_TAG_FOUND');
  const tag = await showTag(ctx, row.id);
  publishTag(ctx, ctx.companyId, { action: 'update', tag });
  if (input.name !== undefined || input.color !== undefined) {
    await republishTickets(ctx, await liveTicketIdsOfTag(ctx, id));
  }
  return tag;
}

/** The tag leaves every contact and ticket carrying it (the links cascade). */
export async function deleteTag(ctx: Ctx, id: number): Promise<void> {
  const ticketIds = await liveTicketIdsOfTag(ctx, id);
  const [row] = await ctx.db
    .delete(tags)
    .where(tenant(tags, ctx.companyId, eq(tags.id, id)))
    .returning({ id: tags.id });
  if (!row) throw new AppError('ERR_NO_TAG_FOUND');
  publishTag(ctx, ctx.companyId, { action: 'delete', tagId: id });
  await republishTickets(ctx, ticketIds);
}

function rethrowDuplicateName(error: unknown): never {
  if (isUniqueViolation(error, 'tags_company_name_key')) {
    throw new AppError('ERR_TAG_ALREADY_EXISTS', 'Tag name already in use', { name: msg.tagTaken });
  }
  throw error;
}
