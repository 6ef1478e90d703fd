import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { namingClient } from './naming-client.js';
import { type Listen, listenOnPglite, listenOnPostgres } from './notifications.js';
import * as schema from './schema/index.js';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services take `Db | Tx` where they can run inside either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs raw SQL with positional parameters; what pg-boss and the socket adapter need. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Raw SQL on a transaction's own connection (a pool client on PostgreSQL, PGlite's transaction), so
 * pg-boss can insert a job that commits or rolls back with the rows it is about.
 */
export function executeSqlIn(tx: Tx): ExecuteSql {
  const { client } = tx._.session as unknown as {
    client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  };
  return (text, values) => client.query(text, values);
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /**
   * The node-postgres pool, when running on PostgreSQL (the socket adapter needs one); a client it lends
   * out goes back to it once its connection ends.
   */
  pool?: pg.Pool;
  /** Subscribes to a NOTIFY channel; answers how to unsubscribe. */
  listen: Listen;
  close(): Promise<void>;
  /**
   * The embedded database's files as a gzipped tar, taken between transactions while the server runs
   * (a consistent copy: what was committed before it, nothing of what came after). PostgreSQL has pg_dump.
   */
  dumpDataDir?: () => Promise<Blob>;
}

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pool whose checked-out clients go back to it, as broken, once their connection ends. Whoever holds
 * one is meant to release it, but not all do when the database drops the connection (a restart, a
 * failover): drizzle 0.45 sends a transaction's BEGIN before its try block, so a BEGIN that fails leaks
 * the client, and Socket.IO's PostgreSQL adapter connects its listener again without giving the dead one
 * back. Each outage would cost the pool connections for good, and ending the pool would wait on them
 * forever. Releasing twice is then harmless: the holder's own release, late, does nothing.
 */
function releasingDeadClients(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    const release = client.release;
    let released = false;
    const giveBack = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off('end', ended);
      release(error);
    };
    const ended = () => giveBack(new Error('connection ended'));
    client.once('end', ended);
    client.release = giveBack;
    return client;
  };
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'connect') return connect;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function connectPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    Client: namingClient(),
    // A database that does not answer (a restart, a network cut) fails a request in seconds instead of
    // holding it, and a connection the network dropped silently is found out.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // PostgreSQL compiles a statement it guesses costly to machine code on every run, which took longer
    // than running it (100 ms and more for a dashboard day of a few hundred rows); no statement here is
    // the long analytical scan that compiling pays off for.
    options: '-c jit=off',
  });
  // A connection the server drops (restart, failover) must not end the process: the query in flight
  // fails on its own, idle clients are replaced, and the socket adapter reconnects its listener.
  const report = (error: Error) => console.error(`PostgreSQL connection error: ${error.message}`);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const guarded = releasingDeadClients(pool);
  const db = drizzlePg(guarded, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    pool: guarded,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    listen: listenOnPostgres(url),
    close: () => pool.end(),
  };
}

/** The embedded default: PostgreSQL compiled to WASM, in-process, one connection. */
/** The extensions our migrations create; a restored copy must be opened with the same. */
const pgliteExtensions = { pg_trgm, btree_gin };

export async function connectPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    // pg-boss sends multi-statement scripts without parameters, which only `exec` accepts.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    listen: listenOnPglite(client),
    close: () => client.close(),
    // The checkpoint spares the copy's first start a long recovery; the dump waits for the
    // transaction in progress (a query takes the lock again inside it, so the checkpoint stays outside).
    dumpDataDir: async () => {
      await client.exec('checkpoint');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
  };
}

/** Writes a `dumpDataDir` copy into an empty folder, ready for `connectPglite` to open. */
export async function loadPgliteCopy(dataDir: string, copy: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: pgliteExtensions, loadDataDir: copy });
  await client.close();
}

export function connectDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? connectPostgres(options.databaseUrl) : connectPglite(`${options.dataDir}/db`);
}
