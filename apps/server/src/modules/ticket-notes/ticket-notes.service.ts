import { type CreateTicketNoteBody, can, type ListTicketNotesQuery, type TicketNote } from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { insertNote, removeNote, selectNote, selectNotes } from './ticket-notes.queries.js';

/** Notes hang on a ticket: whoever may see the ticket reads and writes its notes about its contact. */
async function visibleTicketOf(ctx: Ctx, ticketId: number, contactId: number) {
  const ticket = await findVisibleTicket(ctx.db, ctx.actor, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (ticket.contactId !== contactId) throw new AppError('ERR_NO_CONTACT_FOUND');
  return ticket;
}

export async function listTicketNotes(ctx: Ctx, query: ListTicketNotesQuery) {
  await visibleTicketOf(ctx, query.ticketId, query.contactId);
  return selectNotes(ctx.db, ctx.companyId, query.ticketId, query.contactId);
}

export async function createTicketNote(ctx: Ctx, body: CreateTicketNoteBody): Promise<TicketNote> {
  await visibleTicketOf(ctx, body.ticketId, body.contactId);
  const id = await insertNote(ctx.db, {
    companyId: ctx.companyId,
    ticketId: body.ticketId,
    contactId: body.contactId,
    userId: ctx.actor.userId,
    note: body.note,
  });
  return (await selectNote(ctx.db, ctx.companyId, id as number)) as TicketNote;
}

/** Only the note's author or an admin deletes it (see docs/decisions.md). */
export async function deleteTicketNote(ctx: Ctx, id: number) {
  const note = await selectNote(ctx.db, ctx.companyId, id);
  if (!note) throw new AppError('ERR_NOT_FOUND');
  if (note.user?.id !== ctx.actor.userId && !can(ctx.actor, 'ticket-notes:deleteAny'))
    throw new AppError('ERR_NO_PERMISSION', 'Only its author or an admin deletes a note');
  await removeNote(ctx.db, ctx.companyId, id);
}
