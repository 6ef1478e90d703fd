import { MESSAGE_EDIT_WINDOW_MS, type Message, signedText, splitSignature } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError, loggableError } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { publishMessage, publishTicket } from '../tickets/tickets.events.js';
import { loadTicket } from '../tickets/tickets.queries.js';
import { previewOf } from './messages.outbox.js';
import {
  findDelivery,
  findQuoted,
  type MessageRow,
  refreshTicketPreview,
  toMessage,
  updateLiveMessage,
} from './messages.queries.js';
import { fillVariablesFor } from './messages.variables.js';

type Change = 'edit' | 'revoke';

/**
 * A message the caller sent, on a ticket they may see, that may change where the customer has it.
 * Anyone else's message is refused even when visible: edits and deletes are the sender's alone
 * (spec 000 §4). On a channel that cannot change a sent message (Cloud API, Messenger, Instagram)
 * only private notes change.
 */
async function findOwnMessage(ctx: Ctx, messageId: number, change: Change) {
  const delivery = await findDelivery(ctx.db, ctx.companyId, messageId);
  const message = delivery?.message;
  const ticket = message && (await findVisibleTicket(ctx.db, ctx.actor, message.ticketId));
  if (!message || !ticket) throw new AppError('ERR_NO_MESSAGE_FOUND');
  if (!message.fromMe || message.userId !== ctx.actor.userId) throw new AppError('ERR_NO_PERMISSION');
  const channel = delivery.connection?.channel;
  if (!message.isPrivate && channel && !ctx.channels.get(channel)?.[change])
    throw new AppError('ERR_CHANNEL_CANNOT_CHANGE_MESSAGE');
  return message;
}

/**
 * The sender corrects a message within 15 minutes of its last update. A signed message stays signed:
 * the attendant edits only their text, and the signature goes back in front of it.
 */
export async function editMessage(ctx: Ctx, messageId: number, body: string): Promise<Message> {
  const message = await findOwnMessage(ctx, messageId, 'edit');
  if (Date.now() - message.updatedAt.getTime() > MESSAGE_EDIT_WINDOW_MS)
    throw new AppError('ERR_MESSAGE_NOT_EDITABLE');
  const { signer } = splitSignature(message.body);
  const text = await fillVariablesFor(ctx, message, splitSignature(body).text);
  const signed = signer ? signedText(signer, text) : text;
  // Checked in the update itself: a delete racing the edit wins.
  const edited = await updateLiveMessage(ctx.db, ctx.companyId, messageId, { body: signed, isEdited: true });
  if (!edited) throw new AppError('ERR_MESSAGE_NOT_EDITABLE');
  return afterChange(ctx, edited, 'edit');
}

/** The sender withdraws a message; it stays stored, marked deleted. */
export async function deleteMessage(ctx: Ctx, messageId: number): Promise<Message> {
  const message = await findOwnMessage(ctx, messageId, 'revoke');
  const deleted = await updateLiveMessage(ctx.db, ctx.companyId, messageId, { isDeleted: true });
  return deleted
    ? afterChange(ctx, deleted, 'revoke')
    : toMessage(message, ctx.links, await findQuoted(ctx.db, message));
}

/** Tells the agents and, where the channel can, the customer. */
async function afterChange(ctx: Ctx, row: MessageRow, change: Change) {
  const message = toMessage(row, ctx.links, await findQuoted(ctx.db, row));
  const previewChanged = await refreshTicketPreview(ctx.db, ctx.companyId, row, previewOf);
  const ticket = await loadTicket(ctx.db, ctx.links, ctx.companyId, eq(tickets.id, row.ticketId));
  if (ticket) await publishMessage(ctx, ctx.companyId, 'update', message, ticket);
  if (ticket && previewChanged) await publishTicket(ctx, ctx.companyId, ticket);
  await changeOnChannel(ctx, row, change);
  return message;
}

/** Shows the customer a change to a message they have. */
async function changeOnChannel(ctx: Ctx, row: MessageRow, change: Change) {
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
