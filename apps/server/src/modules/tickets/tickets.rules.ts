import type { TicketStatus, UpdateTicketBody } from '@balcao/shared';
import { AppError } from '../../platform/errors.js';

export type TicketAction = 'accept' | 'reopen' | 'close' | 'ignore' | 'return' | 'transfer';

export type TicketChange =
  | { action: TicketAction; status: TicketStatus; userId: number | null; queueId?: number | null }
  /** Nothing to change: the caller already holds the open ticket. */
  | { action: 'none' }
  /** Asked to open a ticket someone else holds: the already-taken answer, never a silent takeover. */
  | { action: 'taken' };

interface CurrentTicket {
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
}

interface CurrentBot {
  status: string;
  userId: number | null;
  useIntegration: boolean;
  amountUsedBotQueues: number;
  promptId: number | null;
}

/** The bot's state a request changes on the ticket; a prompt named replaces the ticket's integration. */
export interface BotSettings {
  useIntegration?: boolean;
  amountUsedBotQueues?: number;
  promptId?: number | null;
  integrationId?: null;
}

/** Who asks, and whether they may move tickets they do not hold (admins, spec 000 §6). */
interface Mover {
  userId: number;
  movesAny: boolean;
}

/** Admins change any ticket they see; others the tickets they hold and waiting ones. */
const mayChange = (current: { status: string; userId: number | null }, mover: Mover) =>
  mover.movesAny || current.userId === mover.userId || current.status === 'pending';

/**
 * A field sent with the value the ticket already has asks for nothing: a client that sends back the
 * ticket it read (what GET answered, PUT accepts) changes only what it edited.
 */
function withoutUnchanged(current: CurrentTicket, body: UpdateTicketBody): UpdateTicketBody {
  const same = (key: 'status' | 'userId' | 'queueId') => body[key] === current[key];
  // A status alone is a request ("open it for me"); restated with its holder, it is the ticket as read.
  return {
    ...body,
    ...(same('status') && same('userId') ? { status: undefined } : {}),
    ...(same('userId') ? { userId: undefined } : {}),
    ...(same('queueId') ? { queueId: undefined } : {}),
  };
}

/**
 * Status transitions of spec 000 §4, as a pure function of the current ticket and the request.
 * Accept and reopen give the ticket to whoever asked; closing records who closed it; a transfer
 * needs a queue and opens the ticket for its user, or leaves it waiting in the queue without one.
 */
export function planTicketChange(current: CurrentTicket, sent: UpdateTicketBody, mover: Mover): TicketChange {
  const body = withoutUnchanged(current, sent);
  const queue = body.queueId !== undefined ? { queueId: body.queueId } : {};
  const openStatus: TicketStatus = current.isGroup ? 'group' : 'open';
  if (body.status === 'closed') {
    if (current.status === 'closed')
      throw new AppError('ERR_VALIDATION', 'The ticket is already closed', { status: 'invalidValue' });
    // Closing a ticket nobody took up is ignoring it: no farewell, no requiredTag, its own log line.
    if (current.status === 'pending')
      return { action: 'ignore', status: 'closed', userId: current.userId, ...queue };
    return { action: 'close', status: 'closed', userId: mover.userId, ...queue };
  }
  const forSelf = body.userId === undefined || body.userId === mover.userId;
  // An open ticket nobody holds (its user was deleted) is taken like a waiting one.
  const unheld = current.status === 'pending' || current.userId === null;
  if (body.status === 'open' && forSelf && current.status !== 'closed' && unheld)
    return { action: 'accept', status: openStatus, userId: mover.userId, ...queue };
  if (body.status === 'open' && forSelf && current.status === 'closed')
    return { action: 'reopen', status: openStatus, userId: mover.userId, ...queue };
  if (current.status === 'closed')
    throw new AppError('ERR_VALIDATION', 'Reopen the ticket first', { status: 'invalidValue' });
  if (body.userId === undefined && body.queueId === undefined && body.status !== 'pending')
    return current.userId === mover.userId || body.status === undefined
      ? { action: 'none' }
      : { action: 'taken' };

  if (!mayChange(current, mover))
    throw new AppError('ERR_NO_PERMISSION', 'Only its holder or an admin moves this ticket');
  if (body.status === 'pending' && body.userId == null && body.queueId === undefined)
    return { action: 'return', status: 'pending', userId: null };
  const queueId = body.queueId !== undefined ? body.queueId : current.queueId;
  if (queueId === null)
    throw new AppError('ERR_VALIDATION', 'A transfer needs a queue', { queueId: 'required' });
  const userId = body.userId ?? null;
  return { action: 'transfer', status: userId ? openStatus : 'pending', userId, queueId };
}

/**
 * The bot's state a request changes (spec 000 §7's useIntegration, amountUsedBotQueues, promptId), only
 * where it differs from the ticket's, under the same rule as moving the ticket. Undefined: nothing.
 */
export function planBotSettings(
  current: CurrentBot,
  body: UpdateTicketBody,
  mover: Mover,
): BotSettings | undefined {
  const differs = <K extends keyof CurrentBot & keyof UpdateTicketBody>(key: K) =>
    body[key] !== undefined && body[key] !== current[key];
  const settings: BotSettings = {
    ...(differs('useIntegration') ? { useIntegration: body.useIntegration } : {}),
    ...(differs('amountUsedBotQueues') ? { amountUsedBotQueues: body.amountUsedBotQueues } : {}),
    ...(differs('promptId') ? { promptId: body.promptId } : {}),
    ...(differs('promptId') && body.promptId !== null ? { integrationId: null } : {}),
  };
  if (Object.keys(settings).length === 0) return undefined;
  if (!mayChange(current, mover))
    throw new AppError('ERR_NO_PERMISSION', 'Only its holder or an admin changes this ticket’s bot');
  return settings;
}
