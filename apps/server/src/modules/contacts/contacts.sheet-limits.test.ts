import { randomBytes } from 'node:crypto';
import { CONTACT_SHEET_MAX_ROWS } from '@balcao/shared';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { uploadSheet } from '../../../test/contact-sheets.js';
import { createTenant } from '../../../test/fixtures.js';
import { rowXml, workbookParts, type ZipPart, zipOf } from '../../../test/xlsx.js';

const app = await createTestApp();
afterAll(() => app.close());
afterEach(() => vi.restoreAllMocks());

const MiB = 1024 * 1024;
const header = () => [rowXml(1, ['name', 'number'])];
const contactRows = (count: number) =>
  function* () {
    yield* header();
    for (let i = 1; i <= count; i++) yield rowXml(i + 1, [`Cliente ${i}`, String(5511990000000 + i)]);
  };

/** A part of `size` random bytes (they do not compress) whose directory entry states `statedSize`. */
const opaque = (name: string, size: number, statedSize: number): ZipPart => ({
  name,
  chunks: () => [randomBytes(size)],
  statedSize,
});

/** Uploads the file and answers the refusal, checking nothing was kept of it. */
async function refused(file: Buffer) {
  const tenant = await createTenant(app);
  const put = vi.spyOn(app.deps.storage, 'put');
  const response = await uploadSheet(app, tenant.admin.token, file);
  expect(put).not.toHaveBeenCalled();
  expect((await call(app, 'GET', '/contacts', { token: tenant.admin.token })).body.count).toBe(0);
  return { status: response.statusCode, error: response.json().error };
}

describe('a sheet that unpacks to more than an import reads', () => {
  test('a zip bomb is refused from its directory: memory stays flat and /health answers', async () => {
    // One shared string of 256 MiB, deflated as it is generated: the file is a few hundred KB.
    const run = Buffer.alloc(MiB, 'a');
    const bomb = await zipOf(
      workbookParts(header, function* () {
        yield Buffer.from('<si><t>');
        for (let i = 0; i < 256; i++) yield run;
        yield Buffer.from('</t></si>');
      }),
    );
    expect(bomb.length).toBeLessThan(MiB);
    const tenant = await createTenant(app);
    const before = process.memoryUsage();
    let peak = before;
    const sample = setInterval(() => {
      const now = process.memoryUsage();
      peak = { ...now, rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed) };
    }, 5);

    const [response, health] = await Promise.all([
      uploadSheet(app, tenant.admin.token, bomb),
      app.inject({ method: 'GET', url: '/health' }),
    ]);

    clearInterval(sample);
    const after = process.memoryUsage();
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('ERR_SPREADSHEET_TOO_LARGE');
    expect(health.statusCode).toBe(200);
    expect(Math.max(peak.rss, after.rss) - before.rss).toBeLessThan(50 * MiB);
    expect(Math.max(peak.heapUsed, after.heapUsed) - before.heapUsed).toBeLessThan(50 * MiB);
  });

  test.each([
    ['more parts than a workbook has', () => Array.from({ length: 1000 }, (_, i) => opaque(`x/${i}`, 1, 1))],
    // Random bytes do not compress: only the part's stated size is over, not its ratio.
    ['a part of more than 50 MiB', () => [opaque('xl/media/a.bin', 600 * 1024, 51 * MiB)]],
    [
      'parts of more than 100 MiB together',
      () => [0, 1, 2].map((i) => opaque(`xl/media/${i}.bin`, 600 * 1024, 40 * MiB)),
    ],
    [
      'a part compressed more than 100 to 1',
      () => [{ name: 'xl/media/a.txt', chunks: () => [Buffer.alloc(4 * MiB, 'a')] }],
    ],
  ])('%s is refused before anything is unpacked', async (_name, extra) => {
    const file = await zipOf([...workbookParts(contactRows(1)), ...extra()]);

    expect(await refused(file)).toEqual({ status: 413, error: 'ERR_SPREADSHEET_TOO_LARGE' });
  });

  test('a part that unpacks past the size its directory states is refused there', async () => {
    const parts = workbookParts(header, function* () {
      yield Buffer.from('<si><t>');
      for (let i = 0; i < 64; i++) yield Buffer.alloc(128 * 1024, 'a');
      yield Buffer.from('</t></si>');
    });
    const understated = parts.map((part) =>
      part.name === 'xl/sharedStrings.xml' ? { ...part, statedSize: 1024 } : part,
    );

    expect(await refused(await zipOf(understated))).toEqual({
      status: 400,
      error: 'ERR_INVALID_SPREADSHEET',
    });
  });
});

describe('rows and cells past what a workbook holds', () => {
  test(`more than ${CONTACT_SHEET_MAX_ROWS} contact rows are refused`, async () => {
    const file = await zipOf(workbookParts(contactRows(CONTACT_SHEET_MAX_ROWS + 1)));

    expect(await refused(file)).toEqual({ status: 413, error: 'ERR_SPREADSHEET_TOO_MANY_ROWS' });
  });

  test.each([
    [
      'a shared string',
      () =>
        workbookParts(
          () => [rowXml(1, ['name', 'number'])],
          () => [Buffer.from(`<si><t>${'a'.repeat(32_768)}</t></si>`)],
        ),
    ],
    [
      'a shared string of many runs',
      () =>
        workbookParts(header, () => [
          Buffer.from(`<si>${`<r><t>${'a'.repeat(1000)}</t></r>`.repeat(33)}</si>`),
        ]),
    ],
    [
      'an inline cell',
      () => workbookParts(() => [...header(), rowXml(2, ['a'.repeat(32_768), '11988880001'])]),
    ],
    // Not a cell at all: the parser would hold the whole text before anyone could look at it.
    [
      'a text anywhere',
      () => workbookParts(() => [...header(), `<extLst>${'a'.repeat(1_000_000)}</extLst>`]),
    ],
  ])('%s over 32,767 characters is refused', async (_name, parts) => {
    expect(await refused(await zipOf(parts()))).toEqual({
      status: 400,
      error: 'ERR_SPREADSHEET_CELL_TOO_LONG',
    });
  });

  test('elements nested deeper than a workbook nests them are refused', async () => {
    const deep = `${'<x>'.repeat(1000)}${'</x>'.repeat(1000)}`;
    const file = await zipOf(workbookParts(() => [...header(), deep]));

    expect(await refused(file)).toEqual({ status: 400, error: 'ERR_INVALID_SPREADSHEET' });
  });
});

test('a large sheet within the limits is read whole', async () => {
  const tenant = await createTenant(app);

  const response = await uploadSheet(
    app,
    tenant.admin.token,
    await zipOf(workbookParts(contactRows(20_000))),
  );

  expect(response.statusCode).toBe(202);
  expect(response.json().total).toBe(20_000);
});
