import { events } from '@balcao/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { workbook } from '../../../test/contact-sheets.js';
import { createTenant } from '../../../test/fixtures.js';
import { type Part, postMultipart } from '../../../test/multipart.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { contacts, contactTags, tags } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

interface Progress {
  status: string;
  processed: number;
  total: number;
  created: number;
  updated: number;
  failed: number;
  errors: { row: number; reason: string; name: string; number: string }[];
}

async function listOf(token: string) {
  const { body } = await call(app, 'POST', '/contact-lists', { token, body: { name: 'Campanha' } });
  return body.id as number;
}

const upload = (token: string, listId: number, part: Omit<Part, 'type'>) =>
  postMultipart(app, `/contact-lists/${listId}/upload`, token, { type: 'application/octet-stream', ...part });

async function items(token: string, listId: number) {
  const { body } = await call(app, 'GET', `/contact-list-items?contactListId=${listId}`, { token });
  return (body.contacts as { name: string; number: string; email: string }[]).map(
    ({ name, number, email }) => ({
      name,
      number,
      email,
    }),
  );
}

async function importOf(tenant: Awaited<ReturnType<typeof createTenant>>) {
  const socket = await live.connect({ token: tenant.admin.token });
  const progress = collect<Progress>(socket, events.contactListImport(tenant.companyId));
  return async () => {
    const all = await waitFor(
      async () => progress,
      (seen) => seen.some((e) => e.status !== 'running'),
    );
    return { done: all.at(-1), errors: all.flatMap((e) => e.errors).sort((a, b) => a.row - b.row) };
  };
}

describe('uploading a sheet into a list', () => {
  test('good rows become items, each bad row is reported with its reason, a known number is updated', async () => {
    const tenant = await createTenant(app);
    const listId = await listOf(tenant.admin.token);
    await call(app, 'POST', '/contact-list-items', {
      token: tenant.admin.token,
      body: { contactListId: listId, name: 'Velho nome', number: '11988880003' },
    });
    const finished = await importOf(tenant);
    const sheet = await workbook([
      ['Nome', 'Número', 'E-mail'],
      ['Ana', '11 98888-0001', 'ana@test.local'],
      ['B', '11 98888-0002', ''],
      ['Caio', '123', ''],
      ['Duda', 5511988880003, 'duda@test.local'],
      ['Eva', '+55 11 98888-0001', ''],
      ['Fábio', '11988880004', 'not-an-email'],
    ]);

    const answer = await upload(tenant.admin.token, listId, { filename: 'lista.xlsx', bytes: sheet });

    expect(answer.statusCode).toBe(202);
    expect(answer.json().total).toBe(6);
    const { done, errors } = await finished();
    expect(done).toMatchObject({ status: 'done', processed: 6, total: 6, created: 1, updated: 1, failed: 4 });
    expect(errors.map(({ row, reason }) => ({ row, reason }))).toEqual([
      { row: 3, reason: 'nameTooShort' },
      { row: 4, reason: 'invalidPhone' },
      { row: 6, reason: 'duplicateInSheet' },
      { row: 7, reason: 'invalidEmail' },
    ]);
    expect(errors[0]).toMatchObject({ name: 'B', number: '11 98888-0002' });
    expect(await items(tenant.admin.token, listId)).toEqual([
      { name: 'Ana', number: '5511988880001', email: 'ana@test.local' },
      { name: 'Duda', number: '5511988880003', email: 'duda@test.local' },
    ]);
  });

  test('a CSV saved by Excel in Portuguese (semicolons, Windows-1252) is read', async () => {
    const tenant = await createTenant(app);
    const listId = await listOf(tenant.admin.token);
    const finished = await importOf(tenant);
    const csv = Buffer.from(
      'nome;numero;email\r\n"João; filho";11988880001;\r\nMárcia;11988880002;m@test.local\r\n',
      'latin1',
    );

    const answer = await upload(tenant.admin.token, listId, { filename: 'lista.csv', bytes: csv });

    expect(answer.statusCode).toBe(202);
    expect((await finished()).done).toMatchObject({ status: 'done', created: 2, failed: 0 });
    expect(await items(tenant.admin.token, listId)).toEqual([
      { name: 'João; filho', number: '5511988880001', email: '' },
      { name: 'Márcia', number: '5511988880002', email: 'm@test.local' },
    ]);
  });

  test('a file that is no sheet, an old .xls and a sheet without the columns are refused whole', async () => {
    const tenant = await createTenant(app);
    const listId = await listOf(tenant.admin.token);
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);

    const answers = await Promise.all([
      upload(tenant.admin.token, listId, { filename: 'old.xls', bytes: xls }),
      upload(tenant.admin.token, listId, {
        filename: 'x.xlsx',
        bytes: await workbook([
          ['a', 'b'],
          ['1', '2'],
        ]),
      }),
      upload(tenant.admin.token, listId, { filename: 'x.xlsx', bytes: Buffer.from('PK\u0003\u0004broken') }),
    ]);

    expect(answers.map((a) => a.json().error)).toEqual([
      'ERR_INVALID_SPREADSHEET',
      'ERR_SPREADSHEET_COLUMNS',
      'ERR_INVALID_SPREADSHEET',
    ]);
    expect(await items(tenant.admin.token, listId)).toEqual([]);
  });

  test('the example sheet comes with the header in the reader language, and is read back', async () => {
    const tenant = await createTenant(app);
    const listId = await listOf(tenant.admin.token);
    const example = await app.inject({
      method: 'GET',
      url: '/contact-lists/example-sheet?language=es',
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    const finished = await importOf(tenant);

    await upload(tenant.admin.token, listId, { filename: 'planilha.xlsx', bytes: example.rawPayload });

    expect(example.headers['content-disposition']).toContain('planilha.xlsx');
    expect((await finished()).done).toMatchObject({ status: 'done', created: 1 });
    expect(await items(tenant.admin.token, listId)).toEqual([
      { name: 'Maria Silva', number: '5511987654321', email: 'maria@exemplo.com.br' },
    ]);
  });
});

describe('building a list from contacts', () => {
  test("the contacts with a tag are copied once, and only the company's WhatsApp numbers", async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    const listId = await listOf(tenant.admin.token);
    const [vip, other_tag] = await app.deps.db
      .insert(tags)
      .values([
        { companyId: tenant.companyId, name: 'VIP' },
        { companyId: other.companyId, name: 'VIP' },
      ])
      .returning();
    const people = await app.deps.db
      .insert(contacts)
      .values([
        { companyId: tenant.companyId, name: 'Ana', number: '5511988880001', email: 'ana@test.local' },
        { companyId: tenant.companyId, name: 'Bia', number: '5511988880002' },
        { companyId: tenant.companyId, name: 'Grupo', number: '120363000000000001', isGroup: true },
        { companyId: other.companyId, name: 'Estranha', number: '5511988880009' },
      ])
      .returning();
    await app.deps.db.insert(contactTags).values([
      { contactId: people[0]?.id as number, tagId: vip?.id as number },
      { contactId: people[2]?.id as number, tagId: vip?.id as number },
      { contactId: people[3]?.id as number, tagId: other_tag?.id as number },
    ]);
    const build = () =>
      call(app, 'POST', `/contact-lists/${listId}/from-contacts`, {
        token: tenant.admin.token,
        body: { tagIds: [vip?.id] },
      });

    const first = await build();
    const second = await build();
    const foreign = await call(app, 'POST', `/contact-lists/${listId}/from-contacts`, {
      token: tenant.admin.token,
      body: { tagIds: [other_tag?.id] },
    });
    const bySearch = await call(app, 'POST', `/contact-lists/${listId}/from-contacts`, {
      token: tenant.admin.token,
      body: { searchParam: 'bi' },
    });

    expect(first.body).toEqual({ added: 1 });
    expect(second.body).toEqual({ added: 0 });
    expect(foreign).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { tagIds: 'invalidValue' } },
    });
    expect(bySearch.body).toEqual({ added: 1 });
    expect(await items(tenant.admin.token, listId)).toEqual([
      { name: 'Ana', number: '5511988880001', email: 'ana@test.local' },
      { name: 'Bia', number: '5511988880002', email: '' },
    ]);
  });
});
