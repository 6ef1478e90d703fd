import { describe, expect, test } from 'vitest';
import { describeChanges } from './audit-changes';

describe('what changed, as the table shows it', () => {
  test('an update reads before → after, a secret only as changed, a list as written', () => {
    const lines = describeChanges(
      'user.update',
      { name: ['Ana', 'Ana Lima'], password: '[changed]', queueIds: [[1], [1, 2]], wpp: ['', '5511'] },
      '(alterada)',
    );

    expect(lines).toEqual([
      'name: Ana → Ana Lima',
      'password: (alterada)',
      'queueIds: [1] → [1,2]',
      'wpp: — → 5511',
    ]);
  });

  test("a created record's fields are listed as they were, a two-item list not read as before and after", () => {
    expect(describeChanges('user.create', { name: 'Bia', queueIds: [3, 4] }, '(alterada)')).toEqual([
      'name: Bia',
      'queueIds: [3,4]',
    ]);
  });
});
