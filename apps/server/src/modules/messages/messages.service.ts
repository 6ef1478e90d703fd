import {
  type Channel,
  encodeMessageCursor,
  type ListMessagesQuery,
  type Message,
  type SendMessageBody,
  signedText,
} from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireChannelPlan } from '../connections/connections.plan.js';
import { maskMessage, maskTicket, numbersHiddenFor } from '../contacts/contacts.masking.js';
import { readSetting } from '../settings/settings.queries.js';
import { findVisibleTicket } from '../tickets/tickets.access.js';
import { publishTicketRead } from '../tickets/tickets.events.js';
import { markTicketRead } from '../tickets/tickets.queries.js';
import { showTicket } from '../tickets/tickets.service.js';
import { storeOutbound } from './messages.outbox.js';
import {
  findMessage,
  findMessageCursor,
  findMessagesPage,
  MESSAGES_PAGE,
  toMessage,
} from './messages.queries.js';
import { copyQuickMessageMedia } from './messages.quick.js';
import { queueReadReceipt } from './messages.read-receipts.js';

/**
 * A page of a conversation, oldest first: the newest, or the one older than `query.before`, or
 * (without a cursor) the `pageNumber`th by offset, or the one newer than `query.after`, or the
 * message `query.around` with a page on each side of it; with `selectedQueues`, only the messages
 * written in those queues and those written without one. Reading up to the newest message marks the
 * ticket read.
 */
export async function listMessages(ctx: Ctx, ticketId: number, query: ListMessagesQuery) {
  // The page is read beside the ticket, not after it: it is shown only once the ticket proved visible,
  // and the ticket's refusal wins over the page's (an `around` id not found in a ticket not found).
  const [ticketRead, pageRead, hide] = await Promise.allSettled([
    showTicket(ctx, ticketId),
    readPage(ctx, ticketId, query),
    numbersHiddenFor(ctx.actors, ctx.actor, ctx.companyId),
  ]).then(([a, b, c]) => [settled(a), settled(b), settled(c)] as const);
  const ticket = ticketRead();
  const { older, newer } = pageRead();
  const hasMore = older.length > MESSAGES_PAGE;
  const oldest = hasMore ? older[MESSAGES_PAGE - 1] : undefined;
  const hasNewer = (newer?.length ?? 0) > MESSAGES_PAGE;
  const newest = hasNewer ? newer?.[MESSAGES_PAGE - 1] : undefined;
  const cursorOf = (row: { cursorMicros: string; id: number } | undefined) =>
    row ? encodeMessageCursor({ createdAtMicros: row.cursorMicros, id: row.id }) : null;
  const page = [...older.slice(0, MESSAGES_PAGE).reverse(), ...(newer ?? []).slice(0, MESSAGES_PAGE)];

  const showsNewest = newer ? !hasNewer : !query.before && query.pageNumber === 1;
  if (showsNewest && ticket.unreadMessages > 0) {
    await markTicketRead(ctx.db, ctx.companyId, ticketId);
    ticket.unreadMessages = 0;
    publishTicketRead(ctx, ctx.companyId, ticket);
    await queueReadReceipt(ctx, ctx.companyId, page);
  }
  const present = (row: (typeof page)[number]) => {
    const message = { ...toMessage(row, ctx.links, row.quoted), reactions: row.reactions };
    return hide() ? maskMessage(message) : message;
  };
  return {
    messages: page.map(present),
    hasMore,
    nextCursor: cursorOf(oldest),
    newerCursor: cursorOf(newest),
    ticket: hide() ? maskTicket(ticket) : ticket,
  };
}

/** A settled promise's value, or its error thrown where the value is first needed. */
function settled<T>(result: PromiseSettledResult<T>): () => T {
  return () => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  };
}

/**
 * The rows of the page asked for: `older` newest first (a page and one more row, which only tells an
 * older page exists), `newer` oldest first (likewise) for `after` and `around`. `around` is the message
 * and the page before it (the cursor just past it: ids are integers) plus the page after it; a message
 * of another ticket or company is not found.
 */
async function readPage(ctx: Ctx, ticketId: number, query: ListMessagesQuery) {
  const read = (start: Parameters<typeof findMessagesPage>[3]) =>
    findMessagesPage(ctx.db, ctx.companyId, ticketId, start, query.selectedQueues);
  if (query.after) return { older: [], newer: await read({ after: query.after }) };
  if (query.around === undefined)
    return {
      older: await read(
        query.before ? { before: query.before } : { offset: (query.pageNumber - 1) * MESSAGES_PAGE },
      ),
      newer: undefined,
    };
  const at = await findMessageCursor(ctx.db, ctx.companyId, ticketId, query.around);
  if (!at) throw new AppError('ERR_NO_MESSAGE_FOUND');
  const [older, newer] = await Promise.all([
    read({ before: { createdAtMicros: at.createdAtMicros, id: at.id + 1 } }),
    read({ after: at }),
  ]);
  return { older, newer };
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
  // A plan that lost the channel (Facebook, say) sends nothing more through it; a private note stays ours.
  if (!input.isPrivate) requireChannelPlan(ctx.actor, ticket.channel as Channel);
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
      body: card ?? (signed ? signedText(ctx.actor.name, input.body) : input.body),
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
