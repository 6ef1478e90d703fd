import { z } from 'zod';

const id = () => z.number().int().positive().max(2_147_483_647);

/** An agent opens a ticket for a contact on a connection (the contacts page, the new-ticket modal). */
export const createTicketBody = z.object({
  contactId: id(),
  /** The connection, named as the spec names it. */
  whatsappId: id(),
  queueId: id().nullable().optional(),
  /** `open` gives the ticket to the caller; `pending` leaves it waiting in its queue. */
  status: z.enum(['open', 'pending']).optional(),
});
export type CreateTicketBody = z.infer<typeof createTicketBody>;
