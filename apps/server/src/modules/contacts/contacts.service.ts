import {
  type Contact,
  type CreateContactBody,
  type ListContactsQuery,
  msg,
  PAGE_SIZE,
  type UpdateContactBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { contacts } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishContact } from './contacts.events.js';
import { numbersHiddenFor } from './contacts.masking.js';
import { normaliseNumber } from './contacts.numbers.js';
import { toContact } from './contacts.present.js';
import {
  type ContactRecord,
  type ContactRow,
  companyTagIds,
  findContact,
  replaceContactTags,
  replaceExtraInfo,
  searchContacts,
} from './contacts.queries.js';

const present = async (ctx: Ctx, row: ContactRecord): Promise<Contact> =>
  toContact(row, await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId));

/**
 * After a change: the contact as stored (tags and extra fields included) to everyone who may read
 * it, from the full record (see `publishContact`), and to the caller as they may see it.
 */
export async function announceContact(ctx: Ctx, action: 'create' | 'update', id: number): Promise<Contact> {
  const row = await findContact(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
  await publishContact(ctx, ctx.companyId, { action, contact: toContact(row, false) });
  return present(ctx, row);
}

export async function listContacts(ctx: Ctx, query: ListContactsQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const hide = await numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId);
  const { rows, total } = await searchContacts(
    ctx.db,
    ctx.companyId,
    {
      search: query.searchParam,
      tagIds: query.contactTag,
      channel: query.channel,
      isGroup: query.isGroup,
      numbersHidden: hide,
    },
    { limit: PAGE_SIZE, offset },
  );
  return {
    contacts: rows.map((row) => toContact(row, hide)),
    hasMore: offset + rows.length < total,
    count: total,
  };
}

export async function showContact(ctx: Ctx, id: number): Promise<Contact> {
  const row = await findContact(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
  return present(ctx, row);
}

function storedNumber(raw: string): string {
  const number = normaliseNumber(raw);
  if (!number) throw new AppError('ERR_VALIDATION', 'Invalid phone number', { number: msg.invalidPhone });
  return number;
}

async function checkTags(tx: Tx, companyId: number, tagIds: number[] | undefined) {
  if (!tagIds) return;
  const owned = await companyTagIds(tx, companyId, tagIds);
  if (tagIds.some((id) => !owned.has(id)))
    throw new AppError('ERR_VALIDATION', 'Unknown tag', { tagIds: msg.invalidValue });
}

function rethrowDuplicateNumber(error: unknown): never {
  if (isUniqueViolation(error, 'contacts_company_channel_number_key'))
    throw new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number exists');
  throw error;
}

export async function createContact(ctx: Ctx, input: CreateContactBody): Promise<Contact> {
  const { tagIds, extraInfo, number, ...fields } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await checkTags(tx, ctx.companyId, tagIds);
    const [created] = await tx
      .insert(contacts)
      .values({ ...fields, number: storedNumber(number), companyId: ctx.companyId, channel: 'whatsapp' })
      .returning()
      .catch(rethrowDuplicateNumber);
    if (!created) throw new AppError('ERR_INTERNAL');
    if (tagIds) await replaceContactTags(tx, created.id, tagIds);
    if (extraInfo) await replaceExtraInfo(tx, ctx.companyId, created.id, extraInfo);
    return created;
  });
  return announceContact(ctx, 'create', row.id);
}

export async function updateContact(ctx: Ctx, id: number, input: UpdateContactBody): Promise<Contact> {
  const { tagIds, extraInfo, number, ...fields } = input;
  const row = await ctx.db.transaction(async (tx) => {
    await checkTags(tx, ctx.companyId, tagIds);
    const [updated] = await tx
      .update(contacts)
      .set({
        ...fields,
        // WhatsApp is asked again what it calls a new number, at its first send.
        ...(number === undefined ? {} : { number: storedNumber(number), whatsappJid: null }),
        updatedAt: new Date(),
      })
      .where(tenant(contacts, ctx.companyId, eq(contacts.id, id)))
      .returning()
      .catch(rethrowDuplicateNumber);
    if (!updated) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (tagIds) await replaceContactTags(tx, id, tagIds);
    if (extraInfo) await replaceExtraInfo(tx, ctx.companyId, id, extraInfo);
    return updated;
  });
  return announceContact(ctx, 'update', row.id);
}

/** Block/unblock and the two per-contact toggles: one column each, answered with the whole contact. */
export async function setContactFlag(
  ctx: Ctx,
  id: number,
  change: (current: ContactRow) => Partial<Pick<ContactRow, 'active' | 'disableBot' | 'acceptAudioMessage'>>,
): Promise<Contact> {
  const current = await findContact(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_CONTACT_FOUND');
  const [row] = await ctx.db
    .update(contacts)
    .set({ ...change(current), updatedAt: new Date() })
    .where(tenant(contacts, ctx.companyId, eq(contacts.id, id)))
    .returning();
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
  return announceContact(ctx, 'update', row.id);
}

export async function deleteContact(ctx: Ctx, id: number): Promise<void> {
  const [deleted] = await ctx.db
    .delete(contacts)
    .where(tenant(contacts, ctx.companyId, eq(contacts.id, id)))
    .returning({ id: contacts.id });
  if (!deleted) throw new AppError('ERR_NO_CONTACT_FOUND');
  await publishContact(ctx, ctx.companyId, { action: 'delete', contactId: id });
}
