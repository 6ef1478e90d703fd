import {
  encodeMessageCursor,
  type ListMessagesQuery,
  MESSAGE_EDIT_WINDOW_MS,
  type Message,
  type SendMessageBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError, loggableError } from '../../platform/errors.js';
import { readSetting } from '../settings/settings.queries.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { publishMessage, publishTicket, publishTicketRead } from '../tickets/tickets.events.js';
import { loadTicket, markTicketRead } from '../tickets/tickets.queries.js';
import { showTicket } from '../tickets/tickets.service.js';
import { previewOf, storeOutbound } from './messages.outbox.js';
import {
  findDelivery,
  findMessage,
  findMessagesPage,
  findQuoted,
  MESSAGES_PAGE,
  type MessageRow,
  refreshTicketPreview,
  toMessage,
  updateLiveMessage,
} from './messages.queries.js';
import { copyQuickMessageMedia } from './messages.quick.js';
import { queueReadReceipt } from './messages.read-receipts.js';

/**
 * A page of a conversation, oldest first: the newest, or the one older than `query.before`, or
 * (without a cursor) the `pageNumber`th by offset; with `selectedQueues`, only the messages written
 * in those queues and those written without one. Reading the newest page marks the ticket read.
 */
export async function listMessages(ctx: Ctx, ticketId: number, query: ListMessagesQuery) {
  // The page is read beside the ticket, not after it: it is shown only once the ticket proved visible.
  const [ticket, rows] = await Promise.all([
    showTicket(ctx, ticketId),
    findMessagesPage(
      ctx.db,
      ctx.companyId,
      ticketId,
      query.before ? { before: query.before } : { offset: (query.pageNumber - 1) * MESSAGES_PAGE },
      query.selectedQueues,
    ),
  ]);
  const hasMore = rows.length > MESSAGES_PAGE;
  const oldest = hasMore ? rows[MESSAGES_PAGE - 1] : undefined;
  const nextCursor = oldest
    ? encodeMessageCursor({ createdAtMicros: oldest.cursorMicros, id: oldest.id })
    : null;
  const page = rows.slice(0, MESSAGES_PAGE).reverse();

  if (!query.before && query.pageNumber === 1 && ticket.unreadMessages > 0) {
    await markTicketRead(ctx.db, ctx.companyId, ticketId);
    ticket.unreadMessages = 0;
    publishTicketRead(ctx, ctx.companyId, ticket);
    await queueReadReceipt(ctx, ctx.companyId, page);
  }
  const present = (row: (typeof page)[number]) => ({
    ...toMessage(row, ctx.links, row.quoted),
    reactions: row.reactions,
  });
  return { messages: page.map(present), hasMore, nextCursor, ticket };
}

/** The ticket a reply goes to: only one that is open (or a group), as the composer allows (spec 000 §4). */
export async function writableTicket(
  ctx: Ctx,
  ticketId: number,
  input: { isPrivate: boolean; quotedMsgId?: number | undefined },
) {
  const ticket = await findVisibleTicket(ctx.db, ctx.actor, ticketId);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  if (ticket.status !== 'open' && ticket.status !== 'group' && !input.isPrivate)
    throw new AppError('ERR_CREATING_MESSAGE', 'Accept or reopen the ticket first');
  const quoted = input.quotedMsgId ? await findMessage(ctx.db, ctx.companyId, input.quotedMsgId) : undefined;
  // A reply quotes only what the same conversation shows.
  if (input.quotedMsgId && quoted?.ticketId !== ticket.id) throw new AppError('ERR_NO_MESSAGE_FOUND');
  return { ticket, quoted };
}

/** An agent's text reply (with a quick message's image, if it has one), or a contact card. */
export async function sendMessage(ctx: Ctx, ticketId: number, input: SendMessageBody): Promise<Message> {
  const { ticket, quoted } = await writableTicket(ctx, ticketId, input);
  const card = input.vCard && vCardOf(input.vCard);
  // Signing is the company's choice to allow; a private note is never signed (it names its author already).
  const signed =
    input.signMessage &&
    !input.isPrivate &&
    !card &&
    (await readSetting(ctx.db, ctx.companyId, 'sendSignMessage')) === 'enabled';
  const image =
    !card && input.quickMessageId ? await copyQuickMessageMedia(ctx, input.quickMessageId) : undefined;
  try {
    return await storeOutbound(ctx, {
      quoted,
      companyId: ctx.companyId,
      ticket,
      body: card ?? (signed ? `*${ctx.actor.name}:*\n${input.body}` : input.body),
      kind: 'chat',
      userId: ctx.actor.userId,
      isPrivate: input.isPrivate,
      media: card
        ? { mediaPath: null, mediaType: 'contactMessage', mediaName: input.vCard?.name ?? null }
        : image,
    });
  } catch (error) {
    if (image) await ctx.storage.remove(image.mediaPath);
    throw error;
  }
}

const vCardText = (value: string) => value.replace(/[\r\n;:]/g, ' ');

function vCardOf(contact: { name: string; number: string }) {
  const digits = contact.number.replace(/\D/g, '');
  return `BEGIN:VCARD\nVERSION:3.0\nFN:${vCardText(contact.name)}\nTEL;type=CELL;waid=${digits}:+${digits}\nEND:VCARD`;
}

/**
 * A message the caller sent, on a ticket they may see. Anyone else's message is refused even when
 * visible: edits and deletes are the sender's alone (spec 000 §4).
 */
async function findOwnMessage(ctx: Ctx, messageId: number) {
  const message = await findMessage(ctx.db, ctx.companyId, messageId);
  const ticket = message && (await findVisibleTicket(ctx.db, ctx.actor, message.ticketId));
  if (!message || !ticket) throw new AppError('ERR_NO_MESSAGE_FOUND');
  if (!message.fromMe || message.userId !== ctx.actor.userId) throw new AppError('ERR_NO_PERMISSION');
  return message;
}

/** The sender corrects a message within 15 minutes of its last update. */
export async function editMessage(ctx: Ctx, messageId: number, body: string): Promise<Message> {
  const message = await findOwnMessage(ctx, messageId);
  if (Date.now() - message.updatedAt.getTime() > MESSAGE_EDIT_WINDOW_MS)
    throw new AppError('ERR_MESSAGE_NOT_EDITABLE');
  // Checked in the update itself: a delete racing the edit wins.
  const edited = await updateLiveMessage(ctx.db, ctx.companyId, messageId, { body, isEdited: true });
  if (!edited) throw new AppError('ERR_MESSAGE_NOT_EDITABLE');
  return afterChange(ctx, edited, 'edit');
}

/** The sender withdraws a message; it stays stored, marked deleted. */
export async function deleteMessage(ctx: Ctx, messageId: number): Promise<Message> {
  const message = await findOwnMessage(ctx, messageId);
  const deleted = await updateLiveMessage(ctx.db, ctx.companyId, messageId, { isDeleted: true });
  return deleted
    ? afterChange(ctx, deleted, 'revoke')
    : toMessage(message, ctx.links, await findQuoted(ctx.db, message));
}

/** Tells the agents and, where the channel can, the customer. */
async function afterChange(ctx: Ctx, row: MessageRow, change: 'edit' | 'revoke') {
  const message = toMessage(row, ctx.links, await findQuoted(ctx.db, row));
  const previewChanged = await refreshTicketPreview(ctx.db, ctx.companyId, row, previewOf);
  const ticket = await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, row.ticketId));
  if (ticket) publishMessage(ctx, ctx.companyId, 'update', message, ticket);
  if (ticket && previewChanged) publishTicket(ctx, ctx.companyId, ticket);
  await changeOnChannel(ctx, row, change);
  return message;
}

/** Shows the customer a change to a message they have, where the channel can. */
async function changeOnChannel(ctx: Ctx, row: MessageRow, change: 'edit' | 'revoke') {
  // A private note or a message still pending never reached the customer: nothing to change there.
  if (row.isPrivate || row.externalId === null) return;
  const delivery = await findDelivery(ctx.db, ctx.companyId, row.id);
  if (delivery?.connection && delivery.contact) {
    const adapter = ctx.channels.get(delivery.connection.channel);
    const sent = { connection: delivery.connection, contact: delivery.contact, message: delivery.message };
    // The change is stored and shown to the agents already; a channel refusing it is only logged.
    await adapter?.[change]?.(sent).catch((error: unknown) => {
      ctx.log.warn(loggableError(error), `channel could not ${change} message`);
    });
  }
}
