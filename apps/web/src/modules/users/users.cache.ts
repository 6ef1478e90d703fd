import type { listUsersResponse, User } from '@balcao/shared';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { usersKeys } from './users.api';

type UsersPage = z.infer<typeof listUsersResponse>;
export type UserPages = InfiniteData<UsersPage, unknown>;

/** Replaces the user where it is listed; otherwise puts it first when `insertIfMissing`. */
export function withUserUpserted(data: UserPages, user: User, insertIfMissing: boolean): UserPages {
  const listed = data.pages.some((page) => page.users.some((u) => u.id === user.id));
  if (listed) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        users: page.users.map((u) => (u.id === user.id ? user : u)),
      })),
    };
  }
  if (!insertIfMissing || data.pages.length === 0) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) =>
      index === 0 ? { ...page, users: [user, ...page.users], count: page.count + 1 } : page,
    ),
  };
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

const searchOf = (key: QueryKey) => String(key[2] ?? '');

/**
 * Applies a created or changed user to every cached list without refetching. Whether a new user
 * matches a search is the server's call, so filtered lists are only marked stale for their next view.
 */
export function upsertUserInLists(queryClient: QueryClient, user: User) {
  for (const [key, data] of queryClient.getQueriesData<UserPages>({ queryKey: usersKeys.lists() })) {
    if (!data) continue;
    const unfiltered = searchOf(key) === '';
    const next = withUserUpserted(data, user, unfiltered);
    if (next !== data) queryClient.setQueryData(key, next);
    else if (!unfiltered)
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}

export function removeUserFromLists(queryClient: QueryClient, userId: number) {
  for (const [key, data] of queryClient.getQueriesData<UserPages>({ queryKey: usersKeys.lists() })) {
    if (data) queryClient.setQueryData(key, withUserRemoved(data, userId));
  }
}
