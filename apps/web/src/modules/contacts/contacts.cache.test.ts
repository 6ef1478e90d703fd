import type { Contact } from '@balcao/shared';
import { describe, expect, test } from 'vitest';
import { buildContact } from '../../test/fixtures';
import {
  type ContactPages,
  flattenContactPages,
  withContactRemoved,
  withContactUpserted,
} from './contacts.cache';

const contact = (id: number, name = `C${id}`) => buildContact({ id, name, number: '5511987654321' });

const pages = (...lists: Contact[][]): ContactPages => ({
  pages: lists.map((contacts) => ({ contacts, hasMore: false, count: lists.flat().length })),
  pageParams: lists.map((_l, i) => i + 1),
});

describe('the contacts cache', () => {
  test('replaces a listed contact in place', () => {
    const next = withContactUpserted(pages([contact(1), contact(2)]), contact(2, 'Renamed'), true);
    expect(flattenContactPages(next).map((c) => c.name)).toEqual(['C1', 'Renamed']);
  });

  test('puts a new contact first only where asked, counting it', () => {
    const data = pages([contact(1)]);
    expect(withContactUpserted(data, contact(9), false)).toBe(data);
    const next = withContactUpserted(data, contact(9), true);
    expect(flattenContactPages(next).map((c) => c.id)).toEqual([9, 1]);
    expect(next.pages[0]?.count).toBe(2);
  });

  test('removes a contact and shows each contact once across pages', () => {
    const data = pages([contact(3), contact(1)], [contact(3), contact(2)]);
    expect(flattenContactPages(data).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(flattenContactPages(withContactRemoved(data, 3)).map((c) => c.id)).toEqual([1, 2]);
  });
});
