import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../../test/app.js';
import { testDatabase } from '../../../../test/database.js';
import { createTicketzDatabase } from '../../../../test/ticketz/scratch.js';
import { ticketzSeed } from '../../../../test/ticketz/seed.js';
import { connectPglite, type Database } from '../../../db/client.js';
import { migrateDatabase } from '../../../db/migrate.js';
import { campaignShippings } from '../../../db/schema/index.js';
import { seedPlatform } from '../../../platform/seed.js';
import { createDiskStorage } from '../../../platform/storage/storage.js';
import { runImport } from './importer.js';
import { parseOptions } from './options.js';
import type { CompanyReport } from './report.js';

const tag = Math.random().toString(36).slice(2, 8);
const adminEmail = `admin-${tag}@ticketz.test`;
const source = await createTicketzDatabase(ticketzSeed(tag, bcrypt.hashSync('123456', 8)));
const mediaDir = mkdtempSync(join(tmpdir(), 'ticketz-public-'));
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
writeFileSync(join(mediaDir, 'foto-1.jpg'), jpeg);
mkdirSync(join(mediaDir, 'company1'));
writeFileSync(join(mediaDir, 'company1', 'folheto.jpg'), jpeg);
writeFileSync(join(tmpdir(), 'passwd'), 'not to be copied');

const app = await createTestApp();
afterAll(async () => {
  await app.close();
  await source.drop();
});

const argv = (...extra: string[]) => [
  '--from',
  source.url,
  '--company',
  '1',
  '--media',
  mediaDir,
  '--batch-size',
  '40',
  '--quiet',
  ...extra,
];

async function importInto(database: Database, ...extra: string[]) {
  return runImport(database, parseOptions(argv(...extra)), {
    print: () => undefined,
    storage: createDiskStorage(app.deps.config.mediaDir),
  });
}

const imported = (report: CompanyReport | undefined, table: string) => report?.tables[table]?.imported ?? 0;
const ticketz = async <T>(text: string, values: unknown[] = []) =>
  (await source.client.query(text, values)).rows as T[];

/** Every page of a list answer, until it says there is no more. */
async function allPages<T>(token: string, url: string, key: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await call(
      app,
      'GET',
      `${url}${url.includes('?') ? '&' : '?'}pageNumber=${page}`,
      {
        token,
      },
    );
    expect(status).toBe(200);
    items.push(...body[key]);
    if (!body.hasMore) return items;
  }
}

let first: Awaited<ReturnType<typeof importInto>>;
let companyId: number;
let token: string;

beforeAll(async () => {
  first = await importInto(await testDatabase());
  companyId = first.reports[0]?.targetCompanyId as number;
  const login = await call(app, 'POST', '/auth/login', { body: { email: adminEmail, password: '123456' } });
  expect(login.status).toBe(200);
  token = login.body.token;
}, 120_000);

describe('importing a Ticketz company', () => {
  test('brings every mapped table, and reports what it left out and why', () => {
    const report = first.reports[0];
    expect(first.stopped).toBeUndefined();
    expect(report?.targetCompanyId).toBeGreaterThan(1);
    expect({
      users: imported(report, 'Users'),
      queues: imported(report, 'Queues'),
      options: imported(report, 'QueueOptions'),
      tags: imported(report, 'Tags'),
      connections: imported(report, 'Whatsapps'),
      contacts: imported(report, 'Contacts'),
      fields: imported(report, 'ContactCustomFields'),
      contactTags: imported(report, 'ContactTags'),
      tickets: imported(report, 'Tickets'),
      ticketTags: imported(report, 'TicketTags'),
      cycles: imported(report, 'TicketTraking'),
      notes: imported(report, 'TicketNotes'),
      messages: imported(report, 'Messages'),
      schedules: imported(report, 'Schedules'),
      quickMessages: imported(report, 'QuickMessages'),
      userQueues: imported(report, 'UserQueues'),
      contactLists: imported(report, 'ContactLists'),
      contactListItems: imported(report, 'ContactListItems'),
    }).toEqual({
      users: 4,
      queues: 3,
      options: 3,
      tags: 3,
      connections: 2,
      contacts: 203,
      fields: 3,
      contactTags: 3,
      tickets: 153,
      ticketTags: 2,
      cycles: 154,
      notes: 1,
      messages: 606,
      schedules: 2,
      quickMessages: 2,
      userQueues: 6,
      contactLists: 1,
      contactListItems: 2,
    });
    expect(report?.tables.Tags?.skipped).toEqual({ tagMerged: 1 });
    expect(report?.tables.Contacts?.skipped).toEqual({});
    expect(report?.tables.TicketNotes?.skipped).toEqual({ ticketMissingOrNone: 1 });
    expect(report?.tables.ContactListItems?.skipped).toEqual({
      numberTwiceInList: 1,
      notPhoneNumber: 1,
    });
    expect(report?.tables['Messages.media']).toMatchObject({
      imported: 1,
      skipped: { mediaNotFound: 1, pathOutsidePublic: 1 },
    });
    expect(report?.notes).toContainEqual({
      key: 'settingRefused',
      setting: 'scheduleType',
      value: 'sometimes',
    });
  });

  test('a contact list comes with its items, numbers as kept here, and only a check Ticketz made counts', async () => {
    const { rows } = await app.deps.database.executeSql(
      `select l.name as list, i.name, i.number, i.is_whatsapp_valid as valid
         from contact_list_items i join contact_lists l on l.id = i.contact_list_id
        where i.company_id = $1 order by i.number`,
      [companyId],
    );
    expect(rows).toEqual([
      { list: 'Lista', name: 'Item', number: '5511900000001', valid: true },
      { list: 'Lista', name: 'Sem empresa', number: '5511988880002', valid: null },
    ]);
  });

  test('campaigns come with their connection, settings and the sends of those that ran', async () => {
    const report = first.reports[0];
    const { body } = await call(app, 'GET', '/campaigns', { token });
    const byName = Object.fromEntries(body.records.map((c: { name: string }) => [c.name, c]));
    const settings = await call(app, 'GET', '/campaign-settings', { token });
    const decoded = Object.fromEntries(
      settings.body.map(({ key, value }: { key: string; value: string }) => [key, JSON.parse(value)]),
    );
    const [shipped] = await app.deps.db
      .select({ n: count() })
      .from(campaignShippings)
      .where(eq(campaignShippings.companyId, companyId));

    expect(body.count).toBe(3);
    expect(byName['Black Friday']).toMatchObject({
      status: 'PROGRAMADA',
      confirmation: true,
      connections: [{ name: 'Principal' }],
      contactList: { name: 'Lista' },
      message1: 'Oferta para {nome}',
      confirmationMessage1: 'Quer receber?',
      mediaName: 'Folheto.jpg',
    });
    expect((await app.inject({ method: 'GET', url: byName['Black Friday'].mediaPath })).statusCode).toBe(200);
    expect(byName.Natal).toMatchObject({ status: 'CANCELADA', connections: [{ name: 'Principal' }] });
    expect(byName.Páscoa).toMatchObject({ status: 'FINALIZADA', connections: [], mediaPath: null });
    expect(shipped?.n).toBe(2);
    expect(decoded).toEqual({
      messageInterval: 5,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [{ key: 'loja', value: 'Centro' }],
    });
    expect(report?.tables.CampaignSettings?.skipped).toEqual({ valueRefused: 1 });
    expect(report?.tables['Campaigns.media']?.skipped).toEqual({ mediaNotFound: 1 });
  });

  test('a second run adds nothing', async () => {
    const again = await importInto(await testDatabase());
    const report = again.reports[0];
    expect(report?.targetCompanyId).toBe(companyId);
    for (const [table, counts] of Object.entries(report?.tables ?? {}))
      expect([table, counts.imported]).toEqual([table, 0]);
    expect(report?.tables.Messages?.skipped.alreadyImported).toBe(606);
  });

  test('the old admin signs in with the old password, which is then kept as argon2', async () => {
    const { rows } = await app.deps.database.executeSql(
      'select password_hash, profile, super from users where email = $1',
      [adminEmail],
    );
    expect(rows[0]).toMatchObject({ profile: 'admin', super: false });
    expect((rows[0] as { password_hash: string }).password_hash).toMatch(/^\$argon2id\$/);
    const again = await call(app, 'POST', '/auth/login', { body: { email: adminEmail, password: '123456' } });
    expect(again.status).toBe(200);
    const wrong = await call(app, 'POST', '/auth/login', {
      body: { email: `ana-${tag}@ticketz.test`, password: '1234567' },
    });
    expect(wrong.status).toBe(401);
    const legacy = await call(app, 'POST', '/auth/login', {
      body: { email: `legado-${tag}@ticketz.test`, password: 'sha1:0123456789abcdef' },
    });
    expect(legacy.status).toBe(401);
  });

  test('the ticket list has the same tickets, by status, as Ticketz', async () => {
    const expected = await ticketz<{ status: string; n: string }>(
      `select status, count(*) as n from "Tickets" where "companyId" = 1 group by status`,
    );
    const counts: Record<string, number> = {};
    for (const status of ['open', 'pending', 'closed']) {
      const list = await allPages<{ id: number; contact: { number: string } }>(
        token,
        `/tickets?status=${status}&showAll=true`,
        'tickets',
      );
      counts[status] = list.length;
    }
    const want: Record<string, number> = Object.fromEntries(
      expected.map((row) => [row.status, Number(row.n)]),
    );
    // Contact 5 had two open tickets on one connection: the second comes in closed.
    expect(counts).toEqual({
      open: (want.open ?? 0) - 1,
      pending: want.pending ?? 0,
      closed: (want.closed ?? 0) + 1,
    });
  });

  test('a conversation has the same messages, quotes, files and flags', async () => {
    const [ticket] = await app.deps.database
      .executeSql(
        `select target_id from import_id_map where company_id = $1 and source_table = 'Tickets' and source_id = '1'`,
        [companyId],
      )
      .then((r) => r.rows as { target_id: number }[]);
    const { status, body } = await call(app, 'GET', `/messages/${ticket?.target_id}`, { token });
    expect(status).toBe(200);
    const source = await ticketz<{ id: string; body: string }>(
      `select id, body from "Messages" where "ticketId" = 1 order by "createdAt"`,
    );
    type Shown = {
      body: string;
      isDeleted: boolean;
      isEdited: boolean;
      ack: number;
      mediaUrl: string | null;
      mediaType: string | null;
      quotedMsg: { body: string } | null;
    };
    const shown = (body.messages as Shown[]).toSorted(() => 0);
    expect(shown.map((m) => m.body).toSorted()).toEqual(source.map((m) => m.body).toSorted());
    const byBody = new Map(shown.map((m) => [m.body, m]));
    expect(byBody.get('Claro! Em que posso ajudar?')).toMatchObject({
      isEdited: true,
      ack: 4,
      quotedMsg: { body: 'Bom dia, preciso de ajuda' },
    });
    // Its id sorts first, the quoted one's last: a page of 7 holds one without the other.
    expect(byBody.get('Respondendo ao que vem depois')?.quotedMsg).toMatchObject({ body: 'Mensagem citada' });
    expect(byBody.get('Mensagem apagada')?.isDeleted).toBe(true);
    const photo = byBody.get('foto.jpg');
    expect(photo?.mediaType).toBe('image');
    const file = await app.inject({ method: 'GET', url: photo?.mediaUrl as string });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(jpeg)).toBe(true);
    expect(byBody.get('segredo')?.mediaUrl).toBeNull();
  });

  test('the contact list has the same contacts, a repeated number once', async () => {
    const contacts = await allPages<{ name: string; number: string; isGroup: boolean }>(
      token,
      '/contacts',
      'contacts',
    );
    const expected = await ticketz<{ name: string }>(`select name from "Contacts" where "companyId" = 1`);
    expect(contacts.map((c) => c.name).toSorted()).toEqual(expected.map((c) => c.name).toSorted());
    expect(contacts.find((c) => c.isGroup)).toMatchObject({ number: '120363000000000001' });
  });

  test("the search finds a conversation by a message's words and a contact by name", async () => {
    const { body } = await call(app, 'GET', '/tickets?searchParam=jabuticaba&showAll=true', { token });
    expect(body.tickets.map((t: { contact: { name: string } }) => t.contact.name)).toEqual(['Cliente 042']);
    const byName = await call(app, 'GET', '/tickets?searchParam=cliente%20077&showAll=true', { token });
    expect(byName.body.tickets.map((t: { contact: { name: string } }) => t.contact.name)).toEqual([
      'Cliente 077',
    ]);
  });

  test('another company of the installation stays out', async () => {
    const { rows } = await app.deps.database.executeSql(
      `select count(*)::int as n from messages where company_id = $1 and body = 'Mensagem de fora'`,
      [companyId],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

/** What a company holds, independent of the ids it was given. */
async function fingerprint(database: Database, company: number) {
  const q = async (text: string) => (await database.executeSql(text, [company])).rows;
  return {
    counts: await q(`select
      (select count(*) from users where company_id = $1)::int as users,
      (select count(*) from contacts where company_id = $1)::int as contacts,
      (select count(*) from tickets where company_id = $1)::int as tickets,
      (select count(*) from ticket_cycles where company_id = $1)::int as cycles,
      (select count(*) from ticket_ratings where company_id = $1)::int as ratings,
      (select count(*) from messages where company_id = $1)::int as messages,
      (select count(*) from import_id_map where company_id = $1)::int as mapped`),
    tickets: await q(`select c.number, t.status, t.last_message_at, t.closed_at from tickets t
      join contacts c on c.id = t.contact_id where t.company_id = $1 order by c.number, t.created_at, t.status`),
    messages: await q(`select m.external_id, m.body, m.ack, m.is_deleted, m.is_edited, q.body as quoted,
      regexp_replace(m.media_path, '^company[0-9]+/', '') as media
      from messages m left join messages q on q.id = m.quoted_message_id where m.company_id = $1
      order by m.external_id, m.body`),
  };
}

describe('an import stopped half-way', () => {
  let fresh: Database;
  beforeAll(async () => {
    fresh = await connectPglite();
    await migrateDatabase(fresh);
    await seedPlatform(fresh.db, { email: 'super@fresh.test', password: 'Super-secret-1' });
  }, 120_000);
  afterAll(() => fresh.close());

  test('ends, once run again, with what one clean run gives', { timeout: 180_000 }, async () => {
    // Smaller pages than the clean run's, so pages end elsewhere (quotes must still find their message).
    const stopped = await importInto(fresh, '--batch-size', '7', '--max-batches', '150');
    expect(stopped.stopped).toMatch(/stopped after 150 batches/);
    expect(stopped.reports[0]?.tables.Messages?.imported).toBeGreaterThan(0);
    const resumed = await importInto(fresh, '--batch-size', '7');
    expect(resumed.reports[0]?.tables.Messages?.skipped.alreadyImported).toBeGreaterThan(0);
    expect(resumed.stopped).toBeUndefined();
    const target = resumed.reports[0]?.targetCompanyId as number;
    expect(await fingerprint(fresh, target)).toEqual(await fingerprint(await testDatabase(), companyId));
  });
});

describe('importing again at switch-over', () => {
  test('adds what Ticketz got since, and leaves what was made here alone', async () => {
    await source.client.query(`
      insert into "Contacts"(id, name, number, "createdAt", "updatedAt", email, "isGroup", "companyId", channel)
        values (205, 'Novo no Ticketz', '5511912345678', now(), now(), '', false, 1, 'whatsapp');
      insert into "Tickets"(id, status, "lastMessage", "contactId", "userId", "createdAt", "updatedAt", "whatsappId", "isGroup", "unreadMessages", "queueId", "companyId", channel)
        values (155, 'pending', '', 205, null, now(), now(), 1, false, 1, 1, 1, 'whatsapp');
      insert into "Messages"(id, body, ack, read, "ticketId", "createdAt", "updatedAt", "fromMe", "isDeleted", "contactId", "companyId", channel) values
        ('N1', 'Cheguei depois', 0, true, 155, now(), now(), false, false, 205, 1, 'whatsapp'),
        ('N2', 'Mais uma no ticket 2', 0, true, 2, now(), now(), false, false, 2, 1, 'whatsapp');`);
    const made = await call(app, 'POST', '/contacts', {
      token,
      body: { name: 'Feito no Balcão', number: '5511912345678' },
    });
    expect(made.status).toBe(201);

    const again = await importInto(await testDatabase());
    const report = again.reports[0];
    expect(imported(report, 'Contacts')).toBe(0);
    expect(report?.tables.Contacts?.skipped.contactMerged).toBe(1);
    expect(imported(report, 'Tickets')).toBe(1);
    expect(imported(report, 'Messages')).toBe(2);
    const contact = await call(app, 'GET', `/contacts/${made.body.id}`, { token });
    expect(contact.body.name).toBe('Feito no Balcão');
    const tickets = await allPages<{ contact: { id: number } }>(
      token,
      '/tickets?status=pending&showAll=true',
      'tickets',
    );
    expect(tickets.some((t) => t.contact.id === made.body.id)).toBe(true);
  });
});
