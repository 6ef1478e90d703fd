import type { TicketNote } from '@balcao/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ticketNotes, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

const noteRow = {
  id: ticketNotes.id,
  note: ticketNotes.note,
  ticketId: ticketNotes.ticketId,
  contactId: ticketNotes.contactId,
  createdAt: ticketNotes.createdAt,
  user: { id: users.id, name: users.name },
};

const present = (row: { createdAt: Date } & Omit<TicketNote, 'createdAt'>): TicketNote => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The ticket's notes about the contact, newest first. */
export async function selectNotes(db: Db, companyId: number, ticketId: number, contactId: number) {
  const rows = await db
    .select(noteRow)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(
      tenant(
        ticketNotes,
        companyId,
        eq(ticketNotes.ticketId, ticketId),
        eq(ticketNotes.contactId, contactId),
      ),
    )
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map(present);
}

export async function selectNote(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select(noteRow)
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(tenant(ticketNotes, companyId, eq(ticketNotes.id, id)));
  return row && present(row);
}

export async function insertNote(db: Db, row: typeof ticketNotes.$inferInsert) {
  const [created] = await db.insert(ticketNotes).values(row).returning({ id: ticketNotes.id });
  return created?.id;
}

export async function removeNote(db: Db, companyId: number, id: number) {
  await db.delete(ticketNotes).where(tenant(ticketNotes, companyId, eq(ticketNotes.id, id)));
}
