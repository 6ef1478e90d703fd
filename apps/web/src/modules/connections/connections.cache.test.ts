import { describe, expect, test } from 'vitest';
import { buildConnection } from '../../test/fixtures';
import { needsAttention, withConnectionRemoved, withConnectionUpserted } from './connections.cache';

describe('withConnectionUpserted', () => {
  test('a live update without a token keeps the token already known', () => {
    const list = [buildConnection({ id: 1, token: 'T'.repeat(30) })];

    const next = withConnectionUpserted(list, buildConnection({ id: 1, name: 'Loja', token: '' }));

    expect(next).toEqual([expect.objectContaining({ name: 'Loja', token: 'T'.repeat(30) })]);
  });

  test('a new connection takes its place in name order', () => {
    const list = [buildConnection({ id: 1, name: 'Alfa' }), buildConnection({ id: 2, name: 'Gama' })];

    const next = withConnectionUpserted(list, buildConnection({ id: 3, name: 'Beta' }));

    expect(next.map((c) => c.name)).toEqual(['Alfa', 'Beta', 'Gama']);
  });

  test('a connection that becomes the default takes the star from the others', () => {
    const list = [buildConnection({ id: 1, isDefault: true }), buildConnection({ id: 2, name: 'Zeta' })];

    const next = withConnectionUpserted(list, buildConnection({ id: 2, name: 'Zeta', isDefault: true }));

    expect(next.map((c) => c.isDefault)).toEqual([false, true]);
  });
});

test('a deleted connection leaves the list', () => {
  const list = [buildConnection({ id: 1 }), buildConnection({ id: 2 })];

  expect(withConnectionRemoved(list, 1).map((c) => c.id)).toEqual([2]);
});

test('the menu asks for attention while any connection is not connected', () => {
  expect(needsAttention([buildConnection()])).toBe(false);
  expect(needsAttention([buildConnection(), buildConnection({ id: 2, status: 'qrcode' })])).toBe(true);
  expect(needsAttention(undefined)).toBe(false);
});
