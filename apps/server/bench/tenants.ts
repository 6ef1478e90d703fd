import pg from 'pg';
import { onServer, withDatabase } from './database.js';
import { CONVERSATION_TICKET } from './tenant.js';

/**
 * The benchmark tenant among others: a copy of the bench database (`<name>_tenants`) grown to N
 * companies of the benchmark's size, each a copy of the first made inside PostgreSQL. The one-tenant
 * database stays as it was, so one run measures the same tenant alone and among N (tenants-compare.ts).
 */

/**
 * Copy k's ids are the first tenant's moved by k × SPAN, so its rows keep their links without a lookup.
 * The seeded rows' ids are far below it (at most 1,000,000 messages); only rows below it are copied, so
 * a row written in the grown database after a copy (its sequence then stands above that copy) never is.
 */
const SPAN = 10_000_000;
/** The first tenant is 'Bench Tenant' (tenant.ts); its copies 'Bench Tenant 2', 'Bench Tenant 3', … */
const COPY_NAME = '^Bench Tenant [0-9]+$';

/**
 * What a company holds, in the order of its references. Every id and every reference to one of these
 * tables moves by the copy's offset; `set` names the columns a copy must not share with the first
 * (unique across the installation, or made distinct so one tenant's search cannot find another's).
 */
const TABLES: { table: string; set?: (k: number) => Record<string, string>; omit?: string[] }[] = [
  { table: 'users', set: (k) => ({ email: `'tenant${k + 1}-' || email` }) },
  { table: 'queues' },
  { table: 'user_queues' },
  { table: 'connections', set: (k) => ({ token: `token || '-${k + 1}'` }) },
  // Numbers keep their last nine digits under another area code, so digit searches match the same
  // share of every tenant's contacts; within a tenant they stay unique.
  { table: 'contacts', set: (k) => ({ number: `'55' || ${11 + k} || substr(number, 5)` }) },
  { table: 'tickets', omit: ['uuid'] },
  { table: 'messages' },
  { table: 'ticket_cycles' },
  { table: 'ticket_ratings' },
];

const copied = new Set(TABLES.map((t) => t.table));

async function columnsOf(client: pg.Client, table: string) {
  const { rows } = await client.query<{ name: string; target: string | null }>(
    `select a.attname as name, f.confrelid::regclass::text as target
       from pg_attribute a
       left join pg_constraint f on f.conrelid = a.attrelid and f.contype = 'f' and f.conkey = array[a.attnum]
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`,
    [table],
  );
  return rows;
}

/** Copy k (1 for the second company) of the first tenant's rows in `table`, into company `company`. */
async function copyTable(
  client: pg.Client,
  spec: (typeof TABLES)[number],
  k: number,
  first: number,
  company: number,
) {
  const set = spec.set?.(k) ?? {};
  const columns = (await columnsOf(client, spec.table)).filter((c) => !spec.omit?.includes(c.name));
  const value = ({ name, target }: { name: string; target: string | null }) => {
    if (set[name]) return set[name];
    if (target === 'companies') return String(company);
    if (name === 'id' || (target && copied.has(target))) return `${name} + ${k * SPAN}`;
    return name;
  };
  const owned = columns.some((c) => c.name === 'company_id')
    ? `company_id = ${first} and id < ${SPAN}`
    : `user_id in (select id from users where company_id = ${first} and id < ${SPAN})`;
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  await client.query(
    `insert into ${spec.table} (${names}) overriding system value
     select ${columns.map(value).join(', ')} from ${spec.table} where ${owned} order by 1`,
  );
}

/** One more company of the benchmark's size, all or nothing: copy k of the first tenant. */
async function copyTenant(client: pg.Client, k: number, first: number) {
  await client.query('begin');
  try {
    const { rows } = await client.query(
      `insert into companies (name, plan_id, due_date)
       select name || ' ' || $2::int, plan_id, due_date from companies where id = $1 returning id`,
      [first, k + 1],
    );
    const company = Number(rows[0].id);
    for (const spec of TABLES) await copyTable(client, spec, k, first, company);
    // The next row any company writes comes after every copy.
    for (const { table } of TABLES.filter((t) => t.table !== 'user_queues'))
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

const nameOf = (url: string) => new URL(url).pathname.slice(1);

/** Companies the grown database holds of the benchmark's size (0: no such database). */
async function tenantsHeld(url: string): Promise<number> {
  const exists = await onServer(url, (c) =>
    c.query('select 1 from pg_database where datname = $1', [nameOf(url)]),
  );
  if (exists.rowCount === 0) return 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as copies from companies where name ~ $1', [
      COPY_NAME,
    ]);
    return 1 + Number(rows[0].copies);
  } finally {
    await client.end();
  }
}

/**
 * The bench database grown to `tenants` companies, at `<name>_tenants` beside the one-tenant one (which
 * `prepareDatabase` has readied and nobody is connected to). Reused when it already holds that many; made
 * again from the one-tenant database when it holds more, or with `fresh`. Answers its URL.
 */
export async function prepareTenants(url: string, tenants: number, fresh: boolean): Promise<string> {
  const grown = withDatabase(url, `${nameOf(url)}_tenants`);
  let held = await tenantsHeld(grown);
  if (held > 0 && (fresh || held > tenants)) {
    await onServer(url, (c) => c.query(`drop database "${nameOf(grown)}" with (force)`));
    held = 0;
  }
  if (held === 0) {
    process.stdout.write(`Copying ${nameOf(url)} to ${nameOf(grown)}… `);
    await onServer(url, (c) => c.query(`create database "${nameOf(grown)}" template "${nameOf(url)}"`));
    process.stdout.write('done\n');
    held = 1;
  }
  if (held === tenants) return grown;
  const client = new pg.Client({ connectionString: grown });
  await client.connect();
  try {
    const { rows } = await client.query('select company_id from tickets where id = $1', [
      CONVERSATION_TICKET,
    ]);
    const first = Number(rows[0].company_id);
    for (let k = held; k < tenants; k++) {
      const started = Date.now();
      process.stdout.write(`Company ${k + 1} of ${tenants}: copying the benchmark tenant… `);
      await copyTenant(client, k, first);
      process.stdout.write(`${Math.round((Date.now() - started) / 1000)} s\n`);
    }
    // As a live installation's autovacuum leaves it: statistics over every tenant, GIN pending lists merged.
    process.stdout.write('vacuum analyze… ');
    await client.query('vacuum analyze');
    process.stdout.write('done\n');
  } finally {
    await client.end();
  }
  return grown;
}
