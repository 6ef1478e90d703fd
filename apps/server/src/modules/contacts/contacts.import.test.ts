import { events } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { uploadSheet, workbook } from '../../../test/contact-sheets.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { contacts, tags } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

const upload = (token: string, bytes: Buffer) => uploadSheet(app, token, bytes);

const count = async (token: string) => (await call(app, 'GET', '/contacts', { token })).body.count as number;

interface Note {
  row: number;
  number: string;
  reason: string;
  firstRow?: number;
}

interface Progress {
  status: string;
  processed: number;
  total: number;
  created: number;
  updated: number;
  skipped: number;
  skippedRows: Note[];
  warnings: Note[];
}

/** The events of one import until its end, and the rows its batches reported. */
async function finished(events: Progress[], batches = 1) {
  // Each batch and the end; over PostgreSQL they may arrive in any order.
  const all = await waitFor(
    async () => events,
    (seen) => seen.length === batches + 1 && seen.some((e) => e.status === 'done'),
  );
  return {
    done: all.find((e) => e.status === 'done'),
    skippedRows: all.flatMap((e) => e.skippedRows).sort((a, b) => a.row - b.row),
    warnings: all.flatMap((e) => e.warnings).sort((a, b) => a.row - b.row),
  };
}

describe('importing a sheet', () => {
  test('stores the valid rows, reports the others by row, with progress to the importer only', async () => {
    const tenant = await createTenant(app);
    const colleague = await createUser(app, tenant.companyId);
    await app.deps.db.insert(tags).values({ companyId: tenant.companyId, name: 'Cliente' });
    const mine = collect<Progress>(
      await live.connect({ token: tenant.admin.token }),
      events.contactImport(tenant.companyId),
    );
    const theirs = collect<Progress>(
      await live.connect({ token: colleague.token }),
      events.contactImport(tenant.companyId),
    );
    const sheet = await workbook([
      ['Nome', 'Número', 'E-mail', 'Tags'],
      ['Ana', '11 98888-0001', 'ana@test.local', 'cliente, unknown'],
      ['Bia', '123', '', ''],
      ['Caio', '+55 11 98888-0001', '', ''],
      ['Duda', 5511988880002, 'not-an-email', ''],
      ['Eva', 5511988880003, '', ''],
    ]);

    const response = await upload(tenant.admin.token, sheet);

    expect(response.statusCode).toBe(202);
    expect(response.json().total).toBe(5);
    const report = await finished(mine);
    expect(report.done).toMatchObject({ processed: 5, total: 5, created: 3, updated: 0, skipped: 2 });
    expect(report.skippedRows).toEqual([
      { row: 3, number: '123', reason: 'invalidPhone' },
      { row: 4, number: '+55 11 98888-0001', reason: 'duplicateInSheet', firstRow: 2 },
    ]);
    expect(report.warnings).toEqual([{ row: 5, number: '5511988880002', reason: 'invalidEmail' }]);
    expect(theirs).toEqual([]);
    const { body } = await call(app, 'GET', '/contacts?searchParam=Ana', { token: tenant.admin.token });
    expect(body.contacts[0]).toMatchObject({ number: '5511988880001', email: 'ana@test.local' });
    expect(body.contacts[0].tags.map((t: { name: string }) => t.name)).toEqual(['Cliente']);
  });

  test('a stored number, in either 9th-digit form, is filled in or skipped, never stored twice', async () => {
    const tenant = await createTenant(app);
    const { companyId } = tenant;
    await app.deps.db.insert(tags).values({ companyId, name: 'vip' });
    await app.deps.db.insert(contacts).values([
      { companyId, channel: 'whatsapp', number: '5511988880001', name: 'Ana', email: '' },
      // As WhatsApp gave it, without the 9th digit; named by its number.
      { companyId, channel: 'whatsapp', number: '551188880002', name: '551188880002', email: '' },
      { companyId, channel: 'whatsapp', number: '5511988880004', name: 'Duda', email: 'duda@test.local' },
      { companyId, channel: 'whatsapp', number: '5511988880006', name: 'Fabi', email: '' },
    ]);
    const seen = collect<Progress>(
      await live.connect({ token: tenant.admin.token }),
      events.contactImport(companyId),
    );

    await upload(
      tenant.admin.token,
      await workbook([
        ['name', 'number', 'email', 'tags'],
        ['Ana Maria', '11 98888-0001', 'ana@test.local', ''],
        ['Ana', '11 8888-0001', '', ''],
        ['Bia', '11 98888-0002', '', ''],
        ['Bia', '+55 11 8888-0002', 'bia@test.local', ''],
        ['Caio', '11 98888-0003', 'caio@', ''],
        ['Caio', '11988880003', '', ''],
        ['Duda Souza', '11 98888-0004', 'other@test.local', ''],
        ['X', '123', '', ''],
        ['Eva', '11 8888-0005', '', ''],
        ['', '11 98888-0006', '', 'VIP'],
      ]),
    );

    const report = await finished(seen);
    expect(report.done).toMatchObject({ processed: 10, created: 2, updated: 3, skipped: 5 });
    expect(report.skippedRows).toEqual([
      { row: 3, number: '11 8888-0001', reason: 'duplicateInSheet', firstRow: 2 },
      { row: 5, number: '+55 11 8888-0002', reason: 'duplicateInSheet', firstRow: 4 },
      { row: 7, number: '11988880003', reason: 'duplicateInSheet', firstRow: 6 },
      { row: 8, number: '11 98888-0004', reason: 'alreadyStored' },
      { row: 9, number: '123', reason: 'invalidPhone' },
    ]);
    expect(report.warnings).toEqual([{ row: 6, number: '11 98888-0003', reason: 'invalidEmail' }]);
    const stored = await app.deps.db
      .select({ number: contacts.number, name: contacts.name, email: contacts.email })
      .from(contacts)
      .where(eq(contacts.companyId, companyId))
      .orderBy(contacts.number);
    expect(stored).toEqual([
      { number: '551188880002', name: 'Bia', email: '' },
      { number: '5511988880001', name: 'Ana', email: 'ana@test.local' },
      { number: '5511988880003', name: 'Caio', email: '' },
      { number: '5511988880004', name: 'Duda', email: 'duda@test.local' },
      { number: '5511988880005', name: 'Eva', email: '' },
      { number: '5511988880006', name: 'Fabi', email: '' },
    ]);
    const { body } = await call(app, 'GET', '/contacts?searchParam=Fabi', { token: tenant.admin.token });
    expect(body.contacts[0].tags.map((t: { name: string }) => t.name)).toEqual(['vip']);
  });

  test('a number seen in an earlier batch of the sheet is a duplicate there too', async () => {
    const tenant = await createTenant(app);
    const seen = collect<Progress>(
      await live.connect({ token: tenant.admin.token }),
      events.contactImport(tenant.companyId),
    );
    const rows = Array.from({ length: 204 }, (_, i) => [`Cliente ${i}`, String(5511990000000 + i)]);

    await upload(
      tenant.admin.token,
      await workbook([['name', 'number'], ...rows, ['Again', '5511990000000']]),
    );

    const report = await finished(seen, 2);
    expect(report.done).toMatchObject({ processed: 205, created: 204, updated: 0, skipped: 1 });
    expect(report.skippedRows).toEqual([
      { row: 206, number: '5511990000000', reason: 'duplicateInSheet', firstRow: 2 },
    ]);
  });

  test('a CSV saved by Excel in Portuguese (semicolons, Windows-1252) imports like a workbook', async () => {
    const tenant = await createTenant(app);
    const seen = collect<Progress>(
      await live.connect({ token: tenant.admin.token }),
      events.contactImport(tenant.companyId),
    );
    const csv = Buffer.from(
      'nome;numero;email\r\nJoão Araújo;5511988880001;joao@exemplo.com.br\r\n',
      'latin1',
    );

    const response = await uploadSheet(app, tenant.admin.token, csv, 'contatos.csv');

    expect(response.statusCode).toBe(202);
    expect((await finished(seen)).done).toMatchObject({ processed: 1, created: 1 });
    const [stored] = (await call(app, 'GET', '/contacts', { token: tenant.admin.token })).body.contacts;
    expect(stored).toMatchObject({
      name: 'João Araújo',
      number: '5511988880001',
      email: 'joao@exemplo.com.br',
    });
  });

  test('a sheet whose job cannot be queued is refused and leaves no file behind', async () => {
    const tenant = await createTenant(app);
    const put = vi.spyOn(app.deps.storage, 'put');
    vi.spyOn(app.deps.jobs, 'send').mockRejectedValueOnce(new Error('queue unavailable'));

    const response = await upload(
      tenant.admin.token,
      await workbook([
        ['name', 'number'],
        ['Ana', '11988880002'],
      ]),
    );

    const [key] = put.mock.calls.at(-1) ?? [];
    vi.restoreAllMocks();
    expect(response.statusCode).toBe(500);
    expect(key).toMatch(/\/imports\//);
    expect(await app.deps.storage.read(key as string)).toBeUndefined();
  });

  test.each([
    [
      'binary garbage',
      () => Promise.resolve(Buffer.alloc(5 * 1024 * 1024 - 1024, 0)),
      'ERR_INVALID_SPREADSHEET',
    ],
    [
      'a zip that is not a workbook',
      () => Promise.resolve(Buffer.from('PK\u0003\u0004broken zip')),
      'ERR_INVALID_SPREADSHEET',
    ],
    [
      'a sheet without the columns',
      () =>
        workbook([
          ['foo', 'bar'],
          ['Ana', '11988880001'],
        ]),
      'ERR_SPREADSHEET_COLUMNS',
    ],
    ['an empty sheet', () => workbook([]), 'ERR_SPREADSHEET_COLUMNS'],
  ])('%s is refused and nothing is stored', async (_name, file, code) => {
    const tenant = await createTenant(app);

    const response = await upload(tenant.admin.token, await file());

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(code);
    expect(await count(tenant.admin.token)).toBe(0);
  });
});

test('a multipart body the parser cannot read is bad input, as on the other upload routes', async () => {
  const tenant = await createTenant(app);

  for (const payload of [
    'garbage',
    '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
  ]) {
    const response = await app.inject({
      method: 'POST',
      url: '/contacts/upload',
      payload,
      headers: {
        authorization: `Bearer ${tenant.admin.token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ERR_VALIDATION');
  }
});

describe('the example and the export', () => {
  test('planilha.xlsx has the columns an import reads', async () => {
    const tenant = await createTenant(app);
    const response = await app.inject({
      method: 'GET',
      url: '/contacts/planilha.xlsx',
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as never);

    expect(response.headers['content-disposition']).toContain('planilha.xlsx');
    expect(book.worksheets[0]?.getRow(1).values).toEqual([undefined, 'name', 'number', 'email', 'tags']);
  });

  test('backup_contatos.xlsx holds every contact in sheet Contatos, masked for users when asked', async () => {
    const tenant = await createTenant(app);
    const attendant = await createUser(app, tenant.companyId);
    for (const [name, number] of [
      ['Ana', '11988880001'],
      ['Bia', '11988880002'],
    ])
      await call(app, 'POST', '/contacts', { token: tenant.admin.token, body: { name, number } });
    // A channel that gives no name stores the number as the name: it is masked with the number.
    await app.deps.db
      .insert(contacts)
      .values({ companyId: tenant.companyId, name: '5511988880003', number: '5511988880003' });
    await call(app, 'PUT', '/companySettings', {
      token: tenant.admin.token,
      body: { column: 'lgpdHideNumber', data: 'enabled' },
    });

    const read = async (token: string) => {
      const response = await app.inject({
        method: 'GET',
        url: '/contacts/export',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.headers['content-disposition']).toContain('backup_contatos.xlsx');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as never);
      const sheet = book.getWorksheet('Contatos');
      return sheet
        ?.getSheetValues()
        .slice(2)
        .map((row) => (row as unknown[]).slice(1, 3));
    };

    expect(await read(tenant.admin.token)).toEqual([
      ['Ana', '5511988880001'],
      ['Bia', '5511988880002'],
      ['5511988880003', '5511988880003'],
    ]);
    expect(await read(attendant.token)).toEqual([
      ['Ana', '5511*******01'],
      ['Bia', '5511*******02'],
      ['5511*******03', '5511*******03'],
    ]);
  });
});
