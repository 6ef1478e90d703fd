import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';

/** Where scratch Ticketz databases are made: the PostgreSQL the server suite uses, else the local one. */
const server = () => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url;
};

function psql(url: URL, args: string[]) {
  const run = spawnSync('psql', [url.toString(), '-v', 'ON_ERROR_STOP=1', '-q', ...args], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr || run.error?.message}`);
}

/**
 * A Ticketz database of its own, built from Ticketz's schema and seeders (this folder) and the SQL
 * given, under a name no other run uses; `drop` removes it.
 */
export async function createTicketzDatabase(seedSql: string) {
  const name = `ticketz_scratch_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server().toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = server();
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  const drop = async () => {
    await client.end().catch(() => undefined);
    const closing = new pg.Client({ connectionString: server().toString() });
    await closing.connect();
    await closing.query(`drop database if exists ${name} with (force)`);
    await closing.end();
  };
  try {
    psql(url, ['-f', join(import.meta.dirname, 'schema.sql')]);
    psql(url, ['-f', join(import.meta.dirname, 'seeders-data.sql')]);
    await client.connect();
    await client.query(seedSql);
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    name,
    url: url.toString(),
    client,
    drop,
  };
}
