import type { Ticket } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { publishMessage, publishTicket } from '../tickets/tickets.events.js';
import { loadTicketById, recordOutboundOnTicket } from '../tickets/tickets.queries.js';
import { insertMessage, type MessageRow, toMessage } from './messages.queries.js';
import { fillVariablesFor } from './messages.variables.js';

export interface OutboundInput {
  companyId: number;
  ticket: { id: number; contactId: number; connectionId: number | null; queueId: number | null };
  body: string;
  /** 'chat' for what an agent typed; automatic messages name themselves ('greeting', 'farewell', ...). */
  kind: string;
  userId: number | null;
  isPrivate?: boolean;
  /** The message a reply quotes (already checked to be of the same ticket). */
  quoted?: MessageRow;
  /** A forwarded copy carries the original's media and is marked forwarded. */
  forwardOf?: Pick<MessageRow, 'mediaPath' | 'mediaType' | 'mediaName'>;
  /** A stored file the message carries: an attachment (messages.media.ts) or a file list's entry the bot sends. */
  media?: Pick<MessageRow, 'mediaPath' | 'mediaType' | 'mediaName'>;
  /** A Cloud API template send (messages.templates.ts); `body` is then its rendered text. */
  template?: MessageRow['template'];
  /** The delivery waits until then: forwarded copies leave paced, never a sleeping request. */
  sendAt?: Date;
}

/**
 * Nothing lost: the message is its own outbox entry (`sendState` pending), stored in one statement;
 * the outbox worker (messages.outbox-worker.ts) sends it in its conversation's order.
 */
export async function storeOutbound(deps: AppDeps, input: OutboundInput) {
  const now = deps.now();
  const media = input.forwardOf ?? input.media;
  // A forwarded copy keeps the text it had; a template's text is what Meta sends.
  const body =
    input.forwardOf || input.template
      ? input.body
      : await fillVariablesFor(deps, { ...input, ticketId: input.ticket.id }, input.body);
  const row = await insertMessage(deps.db, {
    companyId: input.companyId,
    ticketId: input.ticket.id,
    contactId: input.ticket.contactId,
    connectionId: input.ticket.connectionId,
    queueId: input.ticket.queueId,
    userId: input.userId,
    body,
    fromMe: true,
    kind: input.kind,
    isPrivate: input.isPrivate ?? false,
    quotedMessageId: input.quoted?.id ?? null,
    isForwarded: input.forwardOf !== undefined,
    mediaPath: media?.mediaPath ?? null,
    mediaType: media?.mediaType ?? null,
    mediaName: media?.mediaName ?? null,
    template: input.template ?? null,
    ...(input.isPrivate ? {} : { sendState: 'pending', nextAttemptAt: input.sendAt ?? new Date() }),
  });

  if (!row.isPrivate) {
    deps.outbox.wake();
    // After the commit, on its own: every send into a conversation updates this one ticket row, and
    // holding its lock through the transaction's round trips queued concurrent sends behind each
    // other (W5 of the bench: 93% of database time waiting on it, 188 req/s).
    await recordOutboundOnTicket(deps.db, input.companyId, input.ticket.id, {
      body: previewOf(row),
      at: now,
      isAgentReply: input.kind === 'chat',
    });
  }
  const ticket = (await loadTicketById(deps.db, deps.links, input.companyId, input.ticket.id)) as Ticket;
  const message = toMessage(row, deps.links, input.quoted);
  await publishMessage(deps, input.companyId, 'create', message, ticket);
  await publishTicket(deps, input.companyId, ticket);
  return message;
}

/** The list's last-message text: a caption-less attachment shows its file name. */
export function previewOf(message: Pick<MessageRow, 'body' | 'mediaName' | 'mediaType' | 'isDeleted'>) {
  if (message.isDeleted) return '';
  if (message.mediaType === 'contactMessage') return `👤 ${message.mediaName ?? ''}`;
  return message.body || (message.mediaName ? `📎 ${message.mediaName}` : '');
}
