import type { Connection } from '@balcao/shared';
import type { QueryClient } from '@tanstack/react-query';
import { connectionsKeys } from './connections.keys';

/**
 * Replaces or appends the connection. Live events carry no token (the server keeps tokens to
 * managers' own answers), so a token already known is kept.
 */
export function withConnectionUpserted(list: Connection[], connection: Connection): Connection[] {
  const current = list.find((c) => c.id === connection.id);
  const next = { ...connection, token: connection.token || current?.token || '' };
  // One default per company: the server clears the others in the same change.
  const others = list.map((c) => (next.isDefault && c.id !== next.id ? { ...c, isDefault: false } : c));
  const merged = current ? others.map((c) => (c.id === next.id ? next : c)) : [...others, next];
  // The server lists by name; a renamed or new connection takes its place in that order.
  return merged.sort((a, b) => a.name.localeCompare(b.name));
}

export function withConnectionRemoved(list: Connection[], id: number): Connection[] {
  return list.filter((c) => c.id !== id);
}

/** Any connection not CONNECTED needs attention (spec 000 §2: a badge on the menu entry). */
export const needsAttention = (list: readonly Connection[] | undefined) =>
  (list ?? []).some((c) => c.status !== 'CONNECTED');

export function upsertConnection(queryClient: QueryClient, connection: Connection) {
  queryClient.setQueryData<Connection[]>(connectionsKeys.list(), (list) =>
    list ? withConnectionUpserted(list, connection) : list,
  );
}

/** Deleting the default makes another connection the default on the server: that one is asked for again. */
export function removeConnection(queryClient: QueryClient, id: number) {
  const list = queryClient.getQueryData<Connection[]>(connectionsKeys.list());
  if (!list) return;
  queryClient.setQueryData(connectionsKeys.list(), withConnectionRemoved(list, id));
  if (list.find((c) => c.id === id)?.isDefault)
    void queryClient.invalidateQueries({ queryKey: connectionsKeys.list() });
}
