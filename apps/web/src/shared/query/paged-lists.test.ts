import { describe, expect, test } from 'vitest';
import { type Pages, pagedLists } from './paged-lists';

type Row = { id: number; name: string };
const lists = pagedLists<'rows', Row>('rows', ['things', 'list']);

function pagesOf(...pages: Row[][]): Pages<'rows', Row> {
  const count = pages.flat().length;
  return {
    pages: pages.map((rows, i) => ({ rows, hasMore: i < pages.length - 1, count })),
    pageParams: pages.map((_p, i) => i + 1),
  };
}

describe('pagedLists', () => {
  test('an update replaces the row in place, in whichever page it sits', () => {
    const data = pagesOf([{ id: 1, name: 'a' }], [{ id: 2, name: 'b' }]);

    const next = lists.withUpserted(data, { id: 2, name: 'B' }, true);

    expect(lists.flatten(next).map((r) => r.name)).toEqual(['a', 'B']);
    expect(next.pages[0]?.count).toBe(2);
  });

  test('a new row goes first when inserting and counts once; left out otherwise', () => {
    const data = pagesOf([{ id: 1, name: 'a' }]);

    const inserted = lists.withUpserted(data, { id: 9, name: 'z' }, true);
    const skipped = lists.withUpserted(data, { id: 9, name: 'z' }, false);

    expect(lists.flatten(inserted).map((r) => r.id)).toEqual([9, 1]);
    expect(inserted.pages[0]?.count).toBe(2);
    expect(skipped).toBe(data);
  });

  test('a removal drops the row and the count; an unknown id changes nothing', () => {
    const data = pagesOf([{ id: 1, name: 'a' }], [{ id: 2, name: 'b' }]);

    const next = lists.withRemoved(data, 1);

    expect(lists.flatten(next).map((r) => r.id)).toEqual([2]);
    expect(next.pages.map((p) => p.count)).toEqual([1, 1]);
    expect(lists.withRemoved(data, 7)).toBe(data);
  });

  test('a row listed twice after an insert shows once', () => {
    const data = pagesOf(
      [
        { id: 3, name: 'c' },
        { id: 1, name: 'a' },
      ],
      [{ id: 3, name: 'c' }],
    );

    expect(lists.flatten(data).map((r) => r.id)).toEqual([3, 1]);
  });
});
