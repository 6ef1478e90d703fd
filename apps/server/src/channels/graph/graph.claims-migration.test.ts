import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { connectPglite, connectPostgres, type Database } from '../../db/client.js';
import { migrateDatabase, serverRoot } from '../../db/migrate.js';
import { connections } from '../../db/schema/index.js';

// An installation from before Meta ids were unique may hold one twice: the migration must still apply.
// It runs on a database of its own (a new one on PostgreSQL), migrated up to the claims migration.
const CLAIMS_MIGRATION = /_meta_asset_claims$/;

/** The server's migrations up to the claims migration, in a folder of their own. */
function migrationsBeforeClaims(): string {
  const source = join(serverRoot(), 'drizzle');
  const journal = JSON.parse(readFileSync(join(source, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const last = journal.entries.findIndex((entry) => CLAIMS_MIGRATION.test(entry.tag));
  const entries = journal.entries.slice(0, last);
  const folder = mkdtempSync(join(tmpdir(), 'balcao-migrations-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) copyFileSync(join(source, `${tag}.sql`), join(folder, `${tag}.sql`));
  return folder;
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await connectPglite();
    return { database, drop: () => database.close() };
  }
  const name = `balcao_claims_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const server = new pg.Client({ connectionString: url });
  await server.connect();
  await server.query(`create database ${name}`);
  const address = new URL(url);
  address.pathname = `/${name}`;
  const database = await connectPostgres(address.toString());
  return {
    database,
    drop: async () => {
      await database.close();
      await server.query(`drop database ${name} with (force)`);
      await server.end();
    },
  };
}

const { database, drop } = await freshDatabase();
afterAll(drop);

test('the oldest connection keeps a Meta id held twice; the later ones let go of it, disconnected', async () => {
  await migrateDatabase(database, migrationsBeforeClaims());
  const { db } = database;
  // Written in SQL naming only columns the schema had then: later migrations add columns the
  // current Drizzle tables would insert.
  const idsOf = async (query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows;
  const [plan] = await idsOf(sql`insert into plans (name, connections) values ('Plano', 9) returning id`);
  const [first, second] = await idsOf(sql`insert into companies (name, plan_id, due_date)
    values ('Primeira', ${plan?.id}, '2099-12-31'), ('Segunda', ${plan?.id}, '2099-12-31') returning id`);
  const row = (
    companyId: number | undefined,
    channel: string,
    ids: { phone?: string; page?: string; account?: string },
  ) =>
    sql`(${companyId ?? 0}, ${channel}, ${channel}, 'CONNECTED', ${randomUUID()}, ${ids.phone ?? null}, ${ids.page ?? null}, ${ids.account ?? null})`;
  const rows = [
    row(first?.id, 'whatsappapi', { phone: '111' }),
    row(second?.id, 'whatsappapi', { phone: '111' }),
    row(second?.id, 'facebook', { page: '222' }),
    row(first?.id, 'facebook', { page: '222' }),
    // An Instagram connection keeps its page's id beside its own account's; only the account is its claim.
    row(first?.id, 'instagram', { page: '222', account: '333' }),
    row(second?.id, 'instagram', { page: '222', account: '333' }),
    row(second?.id, 'whatsappapi', { phone: '444' }),
  ];
  await db.execute(sql`insert into connections
    (company_id, name, channel, status, token, phone_number_id, facebook_page_user_id, instagram_account_id)
    values ${sql.join(rows, sql`, `)}`);

  await migrateDatabase(database);

  const after = await db.select().from(connections).orderBy(connections.id);
  expect(
    after.map((c) => [c.channel, c.phoneNumberId ?? c.instagramAccountId ?? c.facebookPageUserId, c.status]),
  ).toEqual([
    ['whatsappapi', '111', 'CONNECTED'],
    ['whatsappapi', null, 'DISCONNECTED'],
    ['facebook', '222', 'CONNECTED'],
    ['facebook', null, 'DISCONNECTED'],
    ['instagram', '333', 'CONNECTED'],
    ['instagram', '222', 'DISCONNECTED'],
    ['whatsappapi', '444', 'CONNECTED'],
  ]);
  await expect(
    db.execute(sql`insert into connections
      (company_id, name, channel, status, token, phone_number_id, facebook_page_user_id, instagram_account_id)
      values ${row(first?.id, 'whatsappapi', { phone: '444' })}`),
  ).rejects.toThrow();
});
