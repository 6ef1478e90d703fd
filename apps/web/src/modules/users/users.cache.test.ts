import type { User } from '@balcao/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { buildUser } from '../../test/fixtures';
import {
  flattenUserPages,
  type UserPages,
  upsertUserInLists,
  withUserRemoved,
  withUserReplaced,
} from './users.cache';
import { usersKeys } from './users.keys';

function pagesOf(...pages: User[][]): UserPages {
  const count = pages.flat().length;
  return {
    pages: pages.map((users, i) => ({ users, hasMore: i < pages.length - 1, count })),
    pageParams: pages.map((_p, i) => i + 1),
  };
}

describe('withUserReplaced', () => {
  test('an update replaces the listed user in place, in whichever page it sits', () => {
    const data = pagesOf([buildUser({ id: 1 })], [buildUser({ id: 2, name: 'Bia' })]);

    const next = withUserReplaced(data, buildUser({ id: 2, name: 'Beatriz' }));

    expect(flattenUserPages(next).map((u) => u.name)).toEqual(['Ana', 'Beatriz']);
    expect(next.pages[0]?.count).toBe(2);
  });

  test('a list the user is not in is left alone', () => {
    const data = pagesOf([buildUser({ id: 1 })]);

    expect(withUserReplaced(data, buildUser({ id: 9 }))).toBe(data);
  });
});

describe('upsertUserInLists', () => {
  const listed = (queryClient: QueryClient) =>
    flattenUserPages(queryClient.getQueryData<UserPages>(usersKeys.list(''))).map((u) => u.name);

  test('a new user is not put on top: the list is fetched again in the server order', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(usersKeys.list(''), pagesOf([buildUser({ id: 1, name: 'Ana' })]));

    upsertUserInLists(queryClient, buildUser({ id: 9, name: 'Aaron' }));

    expect(listed(queryClient)).toEqual(['Ana']);
    expect(queryClient.getQueryState(usersKeys.list(''))?.isInvalidated).toBe(true);
  });

  test('an edit that keeps the name keeps the row in place without a refetch', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(usersKeys.list(''), pagesOf([buildUser({ id: 1, name: 'Ana' })]));

    upsertUserInLists(queryClient, buildUser({ id: 1, name: 'Ana', profile: 'admin' }));

    expect(queryClient.getQueryState(usersKeys.list(''))?.isInvalidated).toBe(false);
  });
});

describe('withUserRemoved', () => {
  test('a deleted user leaves every page and the count drops', () => {
    const data = pagesOf([buildUser({ id: 1 })], [buildUser({ id: 2 })]);

    const next = withUserRemoved(data, 2);

    expect(flattenUserPages(next).map((u) => u.id)).toEqual([1]);
    expect(next.pages[1]?.count).toBe(1);
  });
});

test('a user that came back in a later page is listed once', () => {
  const data = pagesOf([buildUser({ id: 9 }), buildUser({ id: 1 })], [buildUser({ id: 9 })]);

  expect(flattenUserPages(data).map((u) => u.id)).toEqual([9, 1]);
});
