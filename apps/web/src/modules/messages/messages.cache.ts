import type { listMessagesResponse, Message } from '@balcao/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { messagesKeys } from './messages.keys';

type MessagesPage = z.infer<typeof listMessagesResponse>;
export type MessagePages = InfiniteData<MessagesPage, unknown>;

/** Acks only move forward, and a failure (-1) only follows "pending" (0): rank them in that order. */
const ackRank = (ack: number) => (ack === -1 ? 0.5 : ack);

/**
 * Events and the send answer race each other: whichever arrives last must not take a message's
 * ack back (a late "pending" answer after the "read" event).
 */
function mergeMessage(known: Message, incoming: Message): Message {
  // An update that did not load the reactions (an ack) leaves the shown ones in place.
  const reactions = incoming.reactions ?? known.reactions;
  if (ackRank(incoming.ack) >= ackRank(known.ack)) return { ...incoming, reactions };
  return {
    ...incoming,
    reactions,
    ack: known.ack,
    failedReason: known.failedReason,
    sendState: known.sendState,
  };
}

/**
 * Replaces the message wherever it is listed (an ack, a failure), or appends it to the newest page,
 * unless newer pages are still to load (opened at a search hit): it comes with them, in its place.
 */
export function withMessage(data: MessagePages, message: Message): MessagePages {
  const listed = data.pages.some((p) => p.messages.some((m) => m.id === message.id));
  if (!listed && data.pages[0]?.newerCursor) return data;
  const pages = listed
    ? data.pages.map((p) => ({
        ...p,
        messages: p.messages.map((m) => (m.id === message.id ? mergeMessage(m, message) : m)),
      }))
    : data.pages.map((p, i) => (i === 0 ? { ...p, messages: [...p.messages, message] } : p));
  return { ...data, pages };
}

/**
 * Oldest first, once each: a live message is appended to the newest page whatever its time, so one
 * stored with an older time (a history import) comes back in an older page too.
 */
export function flattenMessagePages(data: MessagePages | undefined): Message[] {
  const seen = new Set<number>();
  const messages: Message[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const message of page.messages) {
      if (!seen.has(message.id)) messages.push(message);
      seen.add(message.id);
    }
  }
  return messages;
}

/** Into the ticket's conversation, however it was opened (newest first, or at a search hit). */
export function addMessage(queryClient: QueryClient, message: Message) {
  queryClient.setQueriesData<MessagePages>({ queryKey: messagesKeys.list(message.ticketId) }, (data) =>
    data ? withMessage(data, message) : data,
  );
}
