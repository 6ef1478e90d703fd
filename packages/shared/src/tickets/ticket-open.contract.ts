import { z } from 'zod';
import { dbId } from '../validation.js';

/** An agent opens a ticket for a contact on a connection (the contacts page, the new-ticket modal). */
export const createTicketBody = z.object({
  contactId: dbId(),
  /** The connection, named as the spec names it; left out, the company's default connection. */
  whatsappId: dbId().optional(),
  queueId: dbId().nullable().optional(),
  /** `open` gives the ticket to the caller; `pending` leaves it waiting in its queue. */
  status: z.enum(['open', 'pending']).optional(),
});
export type CreateTicketBody = z.infer<typeof createTicketBody>;
