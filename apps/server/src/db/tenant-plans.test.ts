import { randomUUID } from 'node:crypto';
import { encodeMessageCursor } from '@balcao/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { createUser } from '../../test/fixtures.js';
import {
  expectTenantReads,
  indexesOf,
  nodesOf,
  plansOf,
  rowsFrom,
  statementsSent,
} from '../../test/plans.js';

// Plans are PostgreSQL's: PGlite plans its own way, so this runs in the suite's PostgreSQL pass.
const url = process.env.TEST_DATABASE_URL;
const TENANTS = 6;
const CONTACTS = 6000;

/**
 * Six companies holding the same contacts, tickets and messages (generate_series, in seconds), so a
 * search of one company that reached the others' rows would read six times its own matches.
 */
const seed = (tag: string) => `
  insert into plans (name, users, connections, is_public) values ('${tag}', 10, 10, false);
  insert into companies (name, plan_id, due_date)
    select '${tag} ' || g, (select id from plans where name = '${tag}'), '2999-01-01'
    from generate_series(1, ${TENANTS}) g;
  insert into contacts (company_id, name, number, email, channel)
    select c.id,
      (array['Maria','João','Ana','Pedro','Lucas','Julia','Carlos','Fernanda','Rafael','Beatriz'])[1 + g % 10]
        || ' ' || (array['Silva','Santos','Oliveira','Souza','Lima','Pereira','Costa','Rodrigues','Almeida',
        'Nascimento','Gomes','Ribeiro'])[1 + (g / 10) % 12] || ' ' || g,
      '55119' || lpad(g::text, 8, '0'), 'cliente' || g || '@exemplo.com.br', 'whatsapp'
    from companies c, generate_series(1, ${CONTACTS}) g where c.name like '${tag} %';
  insert into tickets (company_id, contact_id, status, updated_at)
    select company_id, id, (array['open', 'pending', 'closed', 'closed'])[1 + id / 4 % 4],
      now() - (id % 1000) * interval '1 minute'
    from contacts where company_id in (select id from companies where name like '${tag} %')
      and right(number, 8)::int % 4 = 0;
  insert into messages (company_id, ticket_id, body)
    select t.company_id, t.id,
      (array['bom dia, preciso de ajuda com meu pedido', 'qual o prazo de entrega?', 'o boleto venceu ontem',
        'quero trocar o produto', 'meu cartão foi recusado'])[1 + g]
        || case when right(c.number, 8)::int % 1000 = 0 and g = 0 then ' e quero reembolso' else '' end
    from tickets t join contacts c on c.id = t.contact_id, generate_series(0, 4) g
    where t.company_id in (select id from companies where name like '${tag} %');
  insert into tags (company_id, name) select id, 'VIP' from companies where name like '${tag} %';
  insert into contact_tags (contact_id, tag_id)
    select c.id, t.id from contacts c join tags t on t.company_id = c.company_id and t.name = 'VIP'
    where c.company_id in (select id from companies where name like '${tag} %') and c.id % 3 = 0;
  insert into ticket_tags (ticket_id, tag_id)
    select t.id, g.id from tickets t join tags g on g.company_id = t.company_id and g.name = 'VIP'
    where t.company_id in (select id from companies where name like '${tag} %') and t.id % 5 = 0;
`;

/** The tenant's big tables, and the tag links every ticket row and contact row reads. */
const TABLES = ['contacts', 'tickets', 'messages', 'contact_tags', 'ticket_tags'];

describe.skipIf(!url)(`one tenant's reads with ${TENANTS} tenants in the installation`, () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let pool: pg.Pool;
  let companyId: number;
  let token: string;
  let indexes: Awaited<ReturnType<typeof indexesOf>>;

  beforeAll(async () => {
    app = await createTestApp();
    pool = app.deps.database.pool as pg.Pool;
    const tag = `plans-${randomUUID().slice(0, 8)}`;
    await pool.query(seed(tag));
    // As autovacuum leaves a live installation: GIN indexes take bulk inserts into a pending list,
    // which every search scans (and the planner prices) until a vacuum merges it.
    // ticket_tags too: otherwise its statistics are whatever the suite's earlier files left (a few rows),
    // and the planner reads it whole as a table too small to matter.
    for (const table of ['contacts', 'tickets', 'messages', 'tags', 'contact_tags', 'ticket_tags'])
      await pool.query(`vacuum analyze ${table}`);
    const { rows } = await pool.query(`select min(id) as id from companies where name like '${tag} %'`);
    companyId = rows[0].id;
    token = (await createUser(app, companyId, { profile: 'admin' })).token;
    indexes = await indexesOf(pool, TABLES);
  }, 120_000);
  afterAll(() => app.close());

  const count = async (query: string) =>
    Number((await pool.query(query.replaceAll('$company', String(companyId)))).rows[0].count);

  /** What each company holds of the searched tables. */
  const held: Record<string, number> = { contacts: CONTACTS, messages: (CONTACTS / 4) * 5 };

  /**
   * Every statement of a request, planned both ways and run, reads from indexes that start with the
   * company or its rows. With `matches` (a search): each searched table is read through its search
   * index, which hands over no more than the company's own matches, and no index of it hands over
   * every row the company holds there.
   */
  async function expectFlatReads(path: string, matches: Record<string, number> = {}) {
    const response = { status: 0 };
    const sent = await statementsSent(pool, async () => {
      Object.assign(response, await call(app, 'GET', path, { token }));
    });
    expect(response.status, path).toBe(200);
    // The request's own statements name the company; the background jobs' sweeps (outbox, timers) do not.
    const reading = sent.filter(
      ({ text, values }) => values.includes(companyId) && TABLES.some((table) => text.includes(`"${table}"`)),
    );
    expect(reading.length, path).toBeGreaterThan(0);
    // A search may find its matches in one statement and read the page around them by id in another.
    const searchedIn = new Map<string, number>();
    for (const statement of reading) {
      for (const plan of await plansOf(pool, statement)) {
        expectTenantReads(plan, indexes, TABLES);
        for (const [table, bound] of Object.entries(matches)) {
          if (!statement.text.includes(`"${table}"`)) continue;
          const reads = nodesOf(plan).flatMap((node) => {
            const index = node['Index Name'] && indexes.get(node['Index Name']);
            return index && index.table === table ? [{ index, rows: rowsFrom(node) }] : [];
          });
          const searched = reads.filter(({ index }) => index.method === 'gin');
          searchedIn.set(table, (searchedIn.get(table) ?? 0) + searched.length);
          for (const { index, rows } of searched)
            expect(rows, `${path}: ${index.index}`).toBeLessThanOrEqual(bound);
          for (const { index, rows } of reads)
            expect(rows, `${path}: ${index.index} reads the whole company`).toBeLessThan(held[table] ?? 0);
        }
      }
    }
    for (const table of Object.keys(matches))
      expect(searchedIn.get(table), `${path}: ${table} searched through its index`).toBeGreaterThan(0);
  }

  test("the contacts page's search reads the company's matches, not every tenant's nor all its contacts", async () => {
    const byName = await count(
      `select count(*) from contacts where company_id = $company and name ilike '%maria silva%'`,
    );
    expect(byName).toBe(CONTACTS / 120);
    await expectFlatReads(`/contacts?searchParam=${encodeURIComponent('Maria Silva')}`, { contacts: byName });
    // Digits search the number too: one contact holds these.
    await expectFlatReads('/contacts?searchParam=00001234', { contacts: 1 });
  });

  test("the ticket search's contact and message parts read the company's matches only", async () => {
    const byName = await count(
      `select count(*) from contacts where company_id = $company and name ilike '%maria silva%'`,
    );
    const byWord = await count(
      `select count(*) from messages where company_id = $company and body like '%reembolso%'`,
    );
    expect(byWord).toBeGreaterThan(0);
    await expectFlatReads(`/tickets?searchParam=${encodeURIComponent('maria silva')}`, { contacts: byName });
    await expectFlatReads('/tickets?searchParam=reembolso', { contacts: 0, messages: byWord });
  });

  test('the ticket lists, their counts and a conversation start from the company or its rows', async () => {
    const ticketId = await count(`select max(id) as count from tickets where company_id = $company`);
    await expectFlatReads('/tickets?status=open&showAll=true');
    await expectFlatReads('/tickets?status=pending&pageNumber=2');
    await expectFlatReads('/tickets/counts?showAll=true');
    await expectFlatReads('/contacts?pageNumber=3');
    await expectFlatReads(`/messages/${ticketId}`);
    const messageId = await count(`select max(id) as count from messages where ticket_id = ${ticketId}`);
    // A search hit's conversation: the pages either side of the message, and the next newer one.
    await expectFlatReads(`/messages/${ticketId}?around=${messageId}`);
    await expectFlatReads(
      `/messages/${ticketId}?after=${encodeMessageCursor({ createdAtMicros: '0', id: 1 })}`,
    );
    await expectFlatReads(`/tickets?date=2025-03-10&updatedAt=2025-03-10`);
  });
});
