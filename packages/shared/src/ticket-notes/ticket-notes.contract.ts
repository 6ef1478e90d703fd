import { z } from 'zod';
import { dbId, dbIdText, requiredText } from '../validation.js';

/** Long enough for any note an attendant types; the spec sets only the minimum (2, 000 §5). */
export const NOTE_MAX = 5000;

export const ticketNoteSchema = z.object({
  id: z.number(),
  note: z.string(),
  ticketId: z.number(),
  contactId: z.number(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type TicketNote = z.infer<typeof ticketNoteSchema>;

export const listTicketNotesQuery = z.object({ ticketId: dbIdText(), contactId: dbIdText() });
export type ListTicketNotesQuery = z.infer<typeof listTicketNotesQuery>;
export const listTicketNotesResponse = z.array(ticketNoteSchema);

export const createTicketNoteBody = z.object({
  note: requiredText(2, NOTE_MAX),
  ticketId: dbId(),
  contactId: dbId(),
});
export type CreateTicketNoteBody = z.infer<typeof createTicketNoteBody>;
