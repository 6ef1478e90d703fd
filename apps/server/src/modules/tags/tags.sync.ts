import type { SyncTagsBody, TagRef } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { contacts, tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { announceContact } from '../contacts/contacts.service.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { publishTicket } from '../tickets/tickets.events.js';
import { loadTicket } from '../tickets/tickets.queries.js';
import { publishTag } from './tags.events.js';
import {
  companyTagIds,
  findTags,
  replaceContactTags,
  replaceTicketTags,
  tagsOfContact,
  tagsOfTicket,
} from './tags.queries.js';
import { liveTicketIdsOfContact, republishTickets } from './tags.tickets.js';

async function requireContact(db: Db | Tx, companyId: number, contactId: number) {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(tenant(contacts, companyId, eq(contacts.id, contactId)));
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
}

export async function listContactTags(ctx: Ctx, contactId: number): Promise<{ tags: TagRef[] }> {
  await requireContact(ctx.db, ctx.companyId, contactId);
  return { tags: await tagsOfContact(ctx.db, ctx.companyId, contactId) };
}

/**
 * Makes the given tags the whole tag list of a contact, a ticket, or both (spec clients name both).
 * Every id must be the company's, and a ticket one the caller may see; otherwise nothing changes.
 */
export async function syncTags(ctx: Ctx, input: SyncTagsBody): Promise<{ tags: TagRef[] }> {
  const tagIds = [...new Set(input.tags.map((tag) => tag.id))];
  const owned = await companyTagIds(ctx.db, ctx.companyId, tagIds);
  if (tagIds.some((id) => !owned.has(id))) throw new AppError('ERR_NO_TAG_FOUND');

  const { contactId, ticketId } = input;
  if (ticketId !== undefined && !(await findVisibleTicket(ctx.db, ctx.actor, ticketId)))
    throw new AppError('ERR_NO_TICKET_FOUND');
  const ofContact = contactId === undefined ? undefined : await syncContactTags(ctx, contactId, tagIds);
  return ticketId === undefined ? (ofContact as { tags: TagRef[] }) : syncTicketTags(ctx, ticketId, tagIds);
}

async function syncContactTags(ctx: Ctx, contactId: number, tagIds: number[]) {
  const changed = await ctx.db.transaction(async (tx) => {
    await requireContact(tx, ctx.companyId, contactId);
    return replaceContactTags(tx, contactId, tagIds);
  });
  await publishCounts(ctx, changed);
  // The contacts page shows each contact's tags, and so do the rows of its tickets.
  await announceContact(ctx, 'update', contactId);
  await republishTickets(ctx, await liveTicketIdsOfContact(ctx, contactId));
  return { tags: await tagsOfContact(ctx.db, ctx.companyId, contactId) };
}

async function syncTicketTags(ctx: Ctx, ticketId: number, tagIds: number[]) {
  const changed = await ctx.db.transaction((tx) => replaceTicketTags(tx, ticketId, tagIds));
  return announceTicketTags(ctx, ticketId, changed);
}

/** After a ticket's tags changed: its event (lists show them), the changed tags' counts, and its tags. */
export async function announceTicketTags(ctx: Ctx, ticketId: number, changed: number[]) {
  const ticket = await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, ticketId));
  if (ticket) await publishTicket(ctx, ctx.companyId, ticket);
  await publishCounts(ctx, changed);
  return { tags: await tagsOfTicket(ctx.db, ctx.companyId, ticketId) };
}

/** The tags list shows how many contacts and tickets carry each tag. */
async function publishCounts(ctx: Ctx, tagIds: number[]) {
  for (const tag of await findTags(ctx.db, ctx.companyId, tagIds)) {
    publishTag(ctx, ctx.companyId, { action: 'update', tag });
  }
}
