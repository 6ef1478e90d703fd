import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, test } from 'vitest';
import * as schema from './schema/index.js';

const src = join(import.meta.dirname, '..');
const tenantTables = Object.entries(schema)
  .filter(([, table]) => is(table, PgTable) && 'companyId' in table)
  .map(([name]) => name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'schema' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The text of each `.where(…)` call, with the line it starts on. */
function whereClauses(text: string): { line: number; clause: string }[] {
  const found: { line: number; clause: string }[] = [];
  for (let start = text.indexOf('.where('); start !== -1; start = text.indexOf('.where(', start + 1)) {
    let depth = 0;
    let end = start + '.where'.length;
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      if (text[end] === ')' && --depth === 0) break;
    }
    found.push({ line: text.slice(0, start).split('\n').length, clause: text.slice(start, end + 1) });
  }
  return found;
}

/**
 * A row of a tenant table picked by its id alone would let one company reach another's row if
 * the id came from outside. Each such `.where` must name the company (the `tenant()` helper).
 */
function unscopedIdQueries(): Record<string, number[]> {
  const found: Record<string, number[]> = {};
  for (const file of sourceFiles(src)) {
    for (const { line, clause } of whereClauses(readFileSync(file, 'utf8'))) {
      const byId = tenantTables.some((table) => new RegExp(`\\beq\\(${table}\\.(id|uuid),`).test(clause));
      const scoped = clause.includes('tenant(') || /\.companyId\b/.test(clause);
      if (byId && !scoped) found[relative(src, file)] = [...(found[relative(src, file)] ?? []), line];
    }
  }
  return found;
}

/**
 * The one deliberate id lookup: the user behind a verified token, before its company is known to
 * be theirs; every caller compares the token's company with the user's right after.
 * The test fails on a new finding and on a stale entry.
 */
const allowedUnscoped: Record<string, number> = {
  'platform/auth/actor.ts': 1,
};

test('the scan knows the tenant tables and finds an unscoped id lookup', () => {
  expect(tenantTables).toEqual(expect.arrayContaining(['users', 'tickets', 'messages', 'connections']));
  expect(tenantTables).not.toContain('plans');
  expect(whereClauses('db.select().from(users).where(eq(users.id, id));')).toEqual([
    { line: 1, clause: '.where(eq(users.id, id))' },
  ]);
});

test('no query picks a tenant row by its id without its company', () => {
  const found = unscopedIdQueries();
  const counts = Object.fromEntries(Object.entries(found).map(([file, lines]) => [file, lines.length]));
  expect(counts, `lines: ${JSON.stringify(found)}`).toEqual(allowedUnscoped);
});
