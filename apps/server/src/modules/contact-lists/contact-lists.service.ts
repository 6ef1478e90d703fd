import { type ContactList, type ContactListBody, PAGE_SIZE } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { contactLists } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { startNumberCheck } from './contact-lists.check.js';
import { publishContactList } from './contact-lists.events.js';
import { findContactList, searchContactLists } from './contact-lists.queries.js';

export async function listContactLists(ctx: Ctx, query: { searchParam?: string; pageNumber: number }) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchContactLists(ctx.db, ctx.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
    now: ctx.now(),
  });
  return { records: rows, hasMore: offset + rows.length < total, count: total };
}

/** Every list, for the campaign dialog's picker. */
export async function contactListOptions(ctx: Ctx) {
  return (await searchContactLists(ctx.db, ctx.companyId, { now: ctx.now() })).rows;
}

export async function showContactList(ctx: Ctx, id: number): Promise<ContactList> {
  const list = await findContactList(ctx.db, ctx.companyId, id, ctx.now());
  if (!list) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  return list;
}

export async function createContactList(ctx: Ctx, input: ContactListBody): Promise<ContactList> {
  const [row] = await ctx.db
    .insert(contactLists)
    .values({ companyId: ctx.companyId, name: input.name })
    .returning({ id: contactLists.id });
  if (!row) throw new AppError('ERR_INTERNAL');
  return published(ctx, row.id, 'create');
}

export async function updateContactList(ctx: Ctx, id: number, input: ContactListBody): Promise<ContactList> {
  const [row] = await ctx.db
    .update(contactLists)
    .set({ name: input.name, updatedAt: ctx.now() })
    .where(tenant(contactLists, ctx.companyId, eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  if (!row) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  return published(ctx, id, 'update');
}

/** Its items go with it; a campaign that named it keeps its shipping records and loses the link. */
export async function deleteContactList(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db
    .delete(contactLists)
    .where(tenant(contactLists, ctx.companyId, eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  if (!row) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  publishContactList(ctx, ctx.companyId, { action: 'delete', id });
}

/** The list as it now is, told to the company's managers. */
export async function published(ctx: Ctx, id: number, action: 'create' | 'update') {
  const list = await showContactList(ctx, id);
  publishContactList(ctx, ctx.companyId, { action, record: list });
  return list;
}

/** Starts the WhatsApp check of the list's unchecked items (a running one is left alone). */
export async function checkListNumbers(ctx: Ctx, id: number): Promise<ContactList> {
  await showContactList(ctx, id);
  await startNumberCheck(ctx, ctx.companyId, id);
  return showContactList(ctx, id);
}
