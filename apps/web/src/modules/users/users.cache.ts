import type { listUsersResponse, User } from '@balcao/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { usersKeys } from './users.keys';

type UsersPage = z.infer<typeof listUsersResponse>;
export type UserPages = InfiniteData<UsersPage, unknown>;

/** Replaces the user where it is listed; the same data when it is not. */
export function withUserReplaced(data: UserPages, user: User): UserPages {
  const listed = data.pages.some((page) => page.users.some((u) => u.id === user.id));
  if (!listed) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      users: page.users.map((u) => (u.id === user.id ? user : u)),
    })),
  };
}

function isRenamed(data: UserPages, user: User): boolean {
  return data.pages.some((page) => page.users.some((u) => u.id === user.id && u.name !== user.name));
}

export function withUserRemoved(data: UserPages, userId: number): UserPages {
  const listed = data.pages.some((page) => page.users.some((u) => u.id === userId));
  if (!listed) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      users: page.users.filter((u) => u.id !== userId),
      count: Math.max(0, page.count - 1),
    })),
  };
}

/** The users of all loaded pages, once each: a user shown first after a create may come back in a later page. */
export function flattenUserPages(data: UserPages | undefined): User[] {
  const seen = new Set<number>();
  const users: User[] = [];
  for (const page of data?.pages ?? []) {
    for (const user of page.users) {
      if (!seen.has(user.id)) users.push(user);
      seen.add(user.id);
    }
  }
  return users;
}

/**
 * Applies a changed user to every cached list in place. A new or renamed user takes its place in the
 * server's order (name, then id) with a refetch: put first here, it jumped to that place at the next
 * fetch (clearing a search), and sorting here would need the database's collation.
 */
export function upsertUserInLists(queryClient: QueryClient, user: User) {
  for (const [key, data] of queryClient.getQueriesData<UserPages>({ queryKey: usersKeys.lists() })) {
    if (!data) continue;
    const next = withUserReplaced(data, user);
    if (next !== data) queryClient.setQueryData(key, next);
    if (next === data || isRenamed(data, user)) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

export function removeUserFromLists(queryClient: QueryClient, userId: number) {
  for (const [key, data] of queryClient.getQueriesData<UserPages>({ queryKey: usersKeys.lists() })) {
    if (data) queryClient.setQueryData(key, withUserRemoved(data, userId));
  }
}
