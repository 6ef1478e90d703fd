import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'balcao-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The lines `npm run lint` (Biome with the repository's configuration) flags with this plugin. */
function flaggedLines(source: string): number[] {
  const file = join(scratch, 'sample.tsx');
  writeFileSync(file, source);
  const run = spawnSync(
    join(root, 'node_modules/.bin/biome'),
    ['lint', `--config-path=${root}`, '--reporter=github', file],
    { encoding: 'utf8' },
  );
  return [...run.stdout.matchAll(/^::error title=plugin,file=[^,]*,line=(\d+)/gm)].map((m) => Number(m[1]));
}

test('the contacts dialog’s shape is caught: a create awaited inside an optional callback’s arguments', () => {
  const source = [
    'export async function submit(save: () => Promise<number>, onCreated?: (id: number) => void) {',
    '  onCreated?.(await save());',
    '}',
  ].join('\n');

  expect(flaggedLines(source)).toEqual([2]);
});

test('a call in the arguments is caught, also past a `?.` earlier in the chain and across lines', () => {
  const source = [
    'declare const a: { b?: (x: unknown) => void; c: { d: (x: unknown) => void } } | undefined;',
    'declare function create(): number;',
    'a?.b?.(create());',
    'a?.c.d({ id: create() });',
    'a',
    '  ?.c',
    '  .d(new Date());',
    'a?.b?.([-create()]);',
  ].join('\n');

  expect(flaggedLines(source)).toEqual([3, 4, 5, 8]);
});

test('plain values, callbacks run later and ordinary calls are left alone', () => {
  const source = [
    'declare const a: { b?: (x: unknown) => void; c: (x: unknown) => void } | undefined;',
    'declare function create(): Promise<number>;',
    'a?.b?.(1);',
    'a?.b?.(() => create());',
    'a?.c(async function later() { await create(); });',
    'a?.c(a.b);',
    'Number(a?.b);',
    'String(create()).concat(String(a?.c));',
  ].join('\n');

  expect(flaggedLines(source)).toEqual([]);
});
