import type { User } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { buildUser } from '../../test/fixtures';
import { flattenUserPages, type UserPages, withUserRemoved, withUserUpserted } from './users.cache';

function pagesOf(...pages: User[][]): UserPages {
  const count = pages.flat().length;
  return {
    pages: pages.map((users, i) => ({ users, hasMore: i < pages.length - 1, count })),
    pageParams: pages.map((_p, i) => i + 1),
  };
}

describe('withUserUpserted', () => {
  test('an update replaces the listed user in place, in whichever page it sits', () => {
    const data = pagesOf([buildUser({ id: 1 })], [buildUser({ id: 2, name: 'Bia' })]);

    const next = withUserUpserted(data, buildUser({ id: 2, name: 'Beatriz' }), true);

    expect(flattenUserPages(next).map((u) => u.name)).toEqual(['Ana', 'Beatriz']);
    expect(next.pages[0]?.count).toBe(2);
  });

  test('a new user goes first in an unfiltered list and counts once', () => {
    const data = pagesOf([buildUser({ id: 1 })]);

    const next = withUserUpserted(data, buildUser({ id: 9, name: 'Caio' }), true);

    expect(flattenUserPages(next).map((u) => u.id)).toEqual([9, 1]);
    expect(next.pages[0]?.count).toBe(2);
  });

  test('a filtered list is left alone when the user is not in it', () => {
    const data = pagesOf([buildUser({ id: 1 })]);

    expect(withUserUpserted(data, buildUser({ id: 9 }), false)).toBe(data);
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
