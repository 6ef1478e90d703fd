import { z } from 'zod';
import { ApiError } from '../../shared/api/http';

/**
 * What the server says about the ticket in the way when it refuses to open or reopen one
 * (409 ERR_OTHER_OPEN_TICKET / ERROR_TICKET_OPEN). Older servers send no details: every field is
 * optional and a malformed shape reads as none.
 */
const conflictDetails = z.object({
  ticketId: z.number().optional(),
  uuid: z.string().optional(),
  userId: z.number().nullish(),
  userName: z.string().nullish(),
  queueName: z.string().nullish(),
});
export type ConflictDetails = z.infer<typeof conflictDetails>;

export function conflictOf(error: ApiError): ConflictDetails {
  const parsed = conflictDetails.safeParse(error.details);
  return parsed.success ? parsed.data : {};
}

export function isConflict(
  error: unknown,
  code: 'ERR_OTHER_OPEN_TICKET' | 'ERROR_TICKET_OPEN',
): error is ApiError {
  return error instanceof ApiError && error.code === code;
}
