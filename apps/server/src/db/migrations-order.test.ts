import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { serverRoot } from './migrate.js';

// Drizzle applies a migration to an existing database only when its `when` is later than the last
// applied one's: a migration merged from a branch with an earlier stamp would be skipped for good.
test('the migrations journal is numbered in order with strictly increasing stamps', () => {
  const journal = JSON.parse(readFileSync(join(serverRoot(), 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  journal.entries.forEach((entry, index) => {
    expect(entry.idx).toBe(index);
    expect(entry.tag.slice(0, 4)).toBe(String(index).padStart(4, '0'));
    if (index > 0) expect(entry.when).toBeGreaterThan(journal.entries[index - 1]?.when ?? 0);
  });
});
