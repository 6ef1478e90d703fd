import type { TicketStatus, UpdateTicketBody } from '@balcao/shared';
import { AppError } from '../../platform/errors.js';

export type TicketAction = 'accept' | 'reopen' | 'close' | 'return' | 'assign';

export interface TicketChange {
  action: TicketAction;
  status: TicketStatus;
  userId: number | null;
  queueId?: number | null;
}

/**
 * Status transitions of spec 000 §4, as a pure function of the current ticket and the request.
 * Accept and reopen give the ticket to whoever asked; closing records who closed it.
 */
export function planTicketChange(
  current: { status: string; userId: number | null; isGroup: boolean },
  body: UpdateTicketBody,
  actorId: number,
): TicketChange {
  const queue = body.queueId !== undefined ? { queueId: body.queueId } : {};
  const openStatus: TicketStatus = current.isGroup ? 'group' : 'open';
  switch (body.status) {
    case 'open':
      if (current.status === 'pending')
        return { action: 'accept', status: openStatus, userId: actorId, ...queue };
      if (current.status === 'closed')
        return { action: 'reopen', status: openStatus, userId: actorId, ...queue };
      return {
        action: 'assign',
        status: current.status as TicketStatus,
        userId: body.userId ?? actorId,
        ...queue,
      };
    case 'closed':
      if (current.status === 'closed')
        throw new AppError('ERR_VALIDATION', 'The ticket is already closed', { status: 'invalidValue' });
      return {
        action: 'close',
        status: 'closed',
        userId: current.status === 'pending' ? current.userId : actorId,
        ...queue,
      };
    case 'pending':
      if (current.status === 'closed')
        throw new AppError('ERR_VALIDATION', 'Reopen the ticket first', { status: 'invalidValue' });
      return { action: 'return', status: 'pending', userId: null, ...queue };
    default:
      return {
        action: 'assign',
        status: current.status as TicketStatus,
        userId: body.userId ?? current.userId,
        ...queue,
      };
  }
}
