import type { Tag, TagRef } from '@balcao/shared';
import { asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { contactTags, tags, ticketTags } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

/** A tag with how many contacts and tickets carry it, counted in the same statement. */
const withCounts = {
  id: tags.id,
  name: tags.name,
  color: tags.color,
  kanban: tags.kanban,
  userId: tags.userId,
  contactsCount:
    sql<number>`(select count(*) from ${contactTags} where ${contactTags.tagId} = ${tags.id})`.mapWith(
      Number,
    ),
  ticketsCount:
    sql<number>`(select count(*) from ${ticketTags} where ${ticketTags.tagId} = ${tags.id})`.mapWith(Number),
};

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export async function searchTags(
  db: Db,
  companyId: number,
  options: { search?: string; kanban?: boolean; limit: number; offset: number },
): Promise<{ rows: Tag[]; total: number }> {
  const where = tenant(
    tags,
    companyId,
    options.search ? ilike(tags.name, escapeLike(options.search)) : undefined,
    options.kanban === undefined ? undefined : kanbanIs(options.kanban),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(withCounts)
      .from(tags)
      .where(where)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(tags).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

const kanbanIs = (kanban: boolean) => (kanban ? ne(tags.kanban, 0) : eq(tags.kanban, 0));

export async function findTags(db: Db | Tx, companyId: number, ids: number[]): Promise<Tag[]> {
  if (ids.length === 0) return [];
  return db
    .select(withCounts)
    .from(tags)
    .where(tenant(tags, companyId, inArray(tags.id, ids)))
    .orderBy(asc(tags.name));
}

export async function tagOptions(db: Db, companyId: number, kanban?: boolean) {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(tags)
    .where(tenant(tags, companyId, kanban === undefined ? undefined : kanbanIs(kanban)))
    .orderBy(asc(tags.name));
}

/** Which of `ids` are the company's tags; another company's are absent from the answer. */
export async function companyTagIds(db: Db | Tx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(tenant(tags, companyId, inArray(tags.id, ids)));
  return new Set(rows.map((row) => row.id));
}

const ref = { id: tags.id, name: tags.name, color: tags.color };

export async function tagsOfContact(db: Db | Tx, companyId: number, contactId: number): Promise<TagRef[]> {
  return db
    .select(ref)
    .from(contactTags)
    .innerJoin(tags, tenant(tags, companyId, eq(tags.id, contactTags.tagId)))
    .where(eq(contactTags.contactId, contactId))
    .orderBy(asc(tags.name));
}

export async function tagsOfTicket(db: Db | Tx, companyId: number, ticketId: number): Promise<TagRef[]> {
  return db
    .select(ref)
    .from(ticketTags)
    .innerJoin(tags, tenant(tags, companyId, eq(tags.id, ticketTags.tagId)))
    .where(eq(ticketTags.ticketId, ticketId))
    .orderBy(asc(tags.name));
}

/**
 * Makes `tagIds` the contact's tags and answers the ids that were added or removed. The contact
 * and the tags were checked to be the company's by the caller.
 */
export async function replaceContactTags(tx: Tx, contactId: number, tagIds: number[]): Promise<number[]> {
  const removed = await tx.delete(contactTags).where(eq(contactTags.contactId, contactId)).returning();
  if (tagIds.length > 0) await tx.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId })));
  return changedIds(
    removed.map((row) => row.tagId),
    tagIds,
  );
}

export async function replaceTicketTags(tx: Tx, ticketId: number, tagIds: number[]): Promise<number[]> {
  const removed = await tx.delete(ticketTags).where(eq(ticketTags.ticketId, ticketId)).returning();
  if (tagIds.length > 0) await tx.insert(ticketTags).values(tagIds.map((tagId) => ({ ticketId, tagId })));
  return changedIds(
    removed.map((row) => row.tagId),
    tagIds,
  );
}

function changedIds(before: number[], after: number[]): number[] {
  const kept = new Set(before.filter((id) => after.includes(id)));
  return [...new Set([...before, ...after])].filter((id) => !kept.has(id));
}
