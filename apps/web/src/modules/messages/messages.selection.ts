import type { Message } from '@balcao/shared';
import { useSyncExternalStore } from 'react';

/**
 * What the chat is doing with its messages besides showing them: the message a reply quotes and
 * the messages picked for forwarding. Shared by the list and the composer, which sit apart.
 */
interface ChatSelection {
  ticketId: number | null;
  replyTo: Message | null;
  selecting: boolean;
  selected: ReadonlySet<number>;
}

const empty: ChatSelection = { ticketId: null, replyTo: null, selecting: false, selected: new Set() };
let state = empty;
const listeners = new Set<() => void>();

function set(next: Partial<ChatSelection>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Another ticket's reply or selection never carries over: it reads as empty here. */
export function useChatSelection(ticketId: number): ChatSelection {
  const current = useSyncExternalStore(subscribe, () => state);
  return current.ticketId === ticketId ? current : empty;
}

export const chatSelection = {
  reply: (message: Message) => set({ ticketId: message.ticketId, replyTo: message }),
  cancelReply: () => set({ replyTo: null }),
  start: (message: Message) =>
    set({ ticketId: message.ticketId, replyTo: null, selecting: true, selected: new Set([message.id]) }),
  toggle: (messageId: number) => {
    const selected = new Set(state.selected);
    if (!selected.delete(messageId)) selected.add(messageId);
    set({ selected });
  },
  stop: () => set({ selecting: false, selected: new Set() }),
};
