import {
  type ContactListItem,
  type CreateContactListItemBody,
  msg,
  PAGE_SIZE,
  type UpdateContactListItemBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { contactListItems } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { normaliseSheetNumber } from '../contacts/contacts.numbers.js';
import { startNumberCheck } from './contact-lists.check.js';
import { publishContactListItem } from './contact-lists.events.js';
import { findContactListItem, searchContactListItems } from './contact-lists.queries.js';
import { published, showContactList } from './contact-lists.service.js';

export async function listContactListItems(
  ctx: Ctx,
  query: { contactListId: number; searchParam?: string; pageNumber: number },
) {
  await showContactList(ctx, query.contactListId);
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchContactListItems(ctx.db, ctx.companyId, {
    contactListId: query.contactListId,
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { contacts: rows, hasMore: offset + rows.length < total, count: total };
}

export async function showContactListItem(ctx: Ctx, id: number): Promise<ContactListItem> {
  const item = await findContactListItem(ctx.db, ctx.companyId, id);
  if (!item) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
  return item;
}

/** A number as the list keeps it: the digits of its international form, so one number is one item. */
function storedNumber(raw: string): string {
  const number = normaliseSheetNumber(raw);
  if (!number) throw new AppError('ERR_VALIDATION', 'Invalid phone number', { number: msg.invalidPhone });
  return number;
}

function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'contact_list_items_list_number_key'))
    throw new AppError('ERR_DUPLICATED_LIST_ITEM', 'The list already has this number', {
      number: msg.listNumberTaken,
    });
  throw error;
}

export async function createContactListItem(ctx: Ctx, input: CreateContactListItemBody) {
  await showContactList(ctx, input.contactListId);
  const [row] = await ctx.db
    .insert(contactListItems)
    .values({
      companyId: ctx.companyId,
      contactListId: input.contactListId,
      name: input.name,
      number: storedNumber(input.number),
      email: input.email ?? '',
    })
    .returning({ id: contactListItems.id })
    .catch(rethrowDuplicate);
  if (!row) throw new AppError('ERR_INTERNAL');
  return changed(ctx, row.id, 'create');
}

/** A new number is a new question for WhatsApp: its answer is forgotten and asked again. */
export async function updateContactListItem(ctx: Ctx, id: number, input: UpdateContactListItemBody) {
  const before = await showContactListItem(ctx, id);
  const number = input.number === undefined ? undefined : storedNumber(input.number);
  const renumbered = number !== undefined && number !== before.number;
  await ctx.db
    .update(contactListItems)
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.email === undefined ? {} : { email: input.email }),
      ...(renumbered ? { number, isWhatsappValid: null } : {}),
      updatedAt: ctx.now(),
    })
    .where(tenant(contactListItems, ctx.companyId, eq(contactListItems.id, id)))
    .catch(rethrowDuplicate);
  return changed(ctx, id, 'update');
}

export async function deleteContactListItem(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db
    .delete(contactListItems)
    .where(tenant(contactListItems, ctx.companyId, eq(contactListItems.id, id)))
    .returning({ contactListId: contactListItems.contactListId });
  if (!row) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
  publishContactListItem(ctx, ctx.companyId, { action: 'delete', id, contactListId: row.contactListId });
  await published(ctx, row.contactListId, 'update');
}

/** Tells the item and its list's new counts; an unchecked number starts the list's WhatsApp check. */
async function changed(ctx: Ctx, id: number, action: 'create' | 'update') {
  const item = await showContactListItem(ctx, id);
  publishContactListItem(ctx, ctx.companyId, { action, record: item });
  if (item.isWhatsappValid === null) await startNumberCheck(ctx, ctx.companyId, item.contactListId);
  await published(ctx, item.contactListId, 'update');
  return item;
}
