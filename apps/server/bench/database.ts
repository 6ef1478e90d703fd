import { existsSync } from 'node:fs';
import { NPS_SCALE_MAX } from '@balcao/shared';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { connectPostgres, type Db } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { messages, ticketRatings, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { seedPlatform } from '../src/platform/seed.js';
import { cpuMs } from './processes.js';
import { BENCH_ADMIN, CONVERSATION_TICKET, SEND_TICKET, seedBenchTenant } from './tenant.js';

export const withDatabase = (url: string, name: string) => url.replace(/\/[^/]+$/, `/${name}`);

/** Work on the server's `postgres` database: creating, copying and dropping the bench's. */
export async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  await onServer(url, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

async function createDatabaseIfMissing(url: string) {
  const name = new URL(url).pathname.slice(1);
  await onServer(url, async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name}"`);
  });
}

/**
 * A tenant built by an older bench (W5 once wrote into the W2 conversation) would skew W2: it is
 * stale when the conversation no longer holds exactly 200 messages, and then rebuilt.
 */
async function tenantState(db: Db): Promise<'missing' | 'current' | 'stale'> {
  const [admin] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, BENCH_ADMIN.email));
  if (!admin) return 'missing';
  const [conversation] = await db
    .select({ count: count() })
    .from(messages)
    .where(eq(messages.ticketId, CONVERSATION_TICKET));
  if (conversation?.count !== 200) return 'stale';
  // Built before ratings were seeded on the 0–10 scale the dashboard reads.
  const [rated] = await db
    .select({ count: count() })
    .from(ticketRatings)
    .where(and(eq(ticketRatings.scale, NPS_SCALE_MAX), eq(ticketRatings.companyId, admin.companyId)));
  return rated?.count ? 'current' : 'stale';
}

async function openMigrated(url: string) {
  await createDatabaseIfMissing(url);
  const database = await connectPostgres(url);
  await migrateDatabase(database);
  return database;
}

export async function prepareDatabase(url: string, fresh: boolean) {
  if (fresh) await dropDatabase(url);
  let database = await openMigrated(url);
  let state = await tenantState(database.db);
  if (state === 'stale') {
    process.stdout.write('The benchmark tenant was built by an older bench: rebuilding it.\n');
    await database.close();
    await dropDatabase(url);
    database = await openMigrated(url);
    state = 'missing';
  }
  await seedPlatform(database.db, { email: 'bench-super@balcao.test', password: BENCH_ADMIN.password });
  if (state === 'missing') {
    const started = Date.now();
    process.stdout.write('Seeding the benchmark tenant (50k contacts, 100k tickets, 1M messages)… ');
    await seedBenchTenant(database.db, await hashPassword(BENCH_ADMIN.password));
    process.stdout.write(`${Math.round((Date.now() - started) / 1000)} s\n`);
  }
  // Earlier runs' writes leave dead rows; measure on a vacuumed table as a live database would be.
  await database.executeSql('vacuum analyze');
  await database.close();
}

/**
 * What sending changes (new messages, the ticket's and its cycles' last-message columns), saved
 * before W5 and the fan-out so `restore` leaves the tenant as it was found.
 */
export async function snapshotSendTicket(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ticket = await client.query('select to_jsonb(t) as row from tickets t where id = $1', [
      SEND_TICKET,
    ]);
    const cycles = await client.query('select to_jsonb(c) as row from ticket_cycles c where ticket_id = $1', [
      SEND_TICKET,
    ]);
    const last = await client.query('select coalesce(max(id), 0) as id from messages');
    return {
      companyId: Number(ticket.rows[0].row.company_id),
      ticket: ticket.rows[0].row as object,
      cycles: cycles.rows.map((r) => r.row as object),
      lastMessageId: Number(last.rows[0].id),
    };
  } finally {
    await client.end();
  }
}

export type Snapshot = Awaited<ReturnType<typeof snapshotSendTicket>>;

/**
 * Runs with the server stopped: the messages W5 and the fan-out wrote go (with them any send still
 * queued: each message is its own outbox entry), and the ticket and its cycles get their columns back.
 */
export async function restoreSendTicket(url: string, snapshot: Snapshot) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const written = await client.query(
      'delete from messages where company_id = $1 and ticket_id = $2 and id > $3',
      [snapshot.companyId, SEND_TICKET, snapshot.lastMessageId],
    );
    await restoreRow(client, 'tickets', snapshot.ticket);
    for (const cycle of snapshot.cycles) await restoreRow(client, 'ticket_cycles', cycle);
    await client.query('commit');
    return written.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Waits until every message W5 wrote has left through its channel (ack above 0, or failed with a
 * reason): answers how long that took, so W5's figures count the deliveries it caused instead of
 * leaving them to the workloads after it. Gives up after `timeoutMs`, answering how many were left.
 */
export async function waitForDeliveries(url: string, snapshot: Snapshot, timeoutMs: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query(
        `select count(*)::int as left from messages
         where company_id = $1 and ticket_id = $2 and id > $3 and from_me and ack = 0 and failed_reason is null`,
        [snapshot.companyId, SEND_TICKET, snapshot.lastMessageId],
      );
      const left = Number(rows[0].left);
      if (left === 0 || Date.now() - started > timeoutMs) return { ms: Date.now() - started, left };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** CPU time so far of each PostgreSQL backend connected to the bench database, by process id. */
export async function backendCpuMs(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows.rows) {
      // A backend may end between the listing and the read (the pool closed an idle connection).
      if (existsSync(`/proc/${pid}/stat`)) cpu.set(pid, cpuMs(pid));
    }
    return cpu;
  } finally {
    await client.end();
  }
}

/** CPU the backends spent between two readings; a backend opened meanwhile counts from zero. */
export const cpuBetween = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** The tenant's queue ids, for the workloads that filter by queue (W1c/d). */
export async function tenantQueueIds(url: string, companyId: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query('select id from queues where company_id = $1 order by order_queue', [
      companyId,
    ]);
    return rows.rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
}

async function restoreRow(client: pg.Client, table: 'tickets' | 'ticket_cycles', row: object) {
  const columns = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' and column_name <> 'id'`,
    [table],
  );
  const list = columns.rows.map((c) => `"${c.name}"`).join(', ');
  await client.query(
    `update ${table} set (${list}) = (select ${list} from jsonb_populate_record(null::${table}, $1))
     where id = ($1::jsonb ->> 'id')::bigint`,
    [JSON.stringify(row)],
  );
}
