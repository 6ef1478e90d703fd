import { useSyncExternalStore } from 'react';

/**
 * The count behind the top bar's bell. The inbox owns the number (it knows which tickets are unread
 * and visible to this user) and reports it here; until it does, the bell reads 0.
 */
let unreadTickets = 0;
const listeners = new Set<() => void>();

export function setUnreadTickets(count: number) {
  if (count === unreadTickets) return;
  unreadTickets = count;
  for (const listener of listeners) listener();
}

export function useUnreadTickets(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => unreadTickets,
  );
}
