import { type TicketHolder, ticketHolderSchema } from '@balcao/shared';
import { ApiError } from '../../shared/api/http';

/**
 * The ticket in the way when the server refuses to open or reopen one (409 ERR_OTHER_OPEN_TICKET /
 * ERROR_TICKET_OPEN), and who holds it. A refusal without these details, or with a shape this build
 * does not know, reads as null and the dialog falls back to the contact's name.
 */
export function holderOf(error: ApiError): TicketHolder | null {
  const parsed = ticketHolderSchema.safeParse(error.details);
  return parsed.success ? parsed.data : null;
}

export function isConflict(
  error: unknown,
  code: 'ERR_OTHER_OPEN_TICKET' | 'ERROR_TICKET_OPEN',
): error is ApiError {
  return error instanceof ApiError && error.code === code;
}
