import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { testDatabase } from '../../../test/database.js';
import { request, startServerProcess } from '../../../test/processes.js';
import { waitFor } from '../../../test/wait.js';

describe('readiness', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  test('ready when the database answers with this build’s schema', async () => {
    const { status, body } = await call(app, 'GET', '/ready');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ready' });
  });

  test('not ready while draining for a stop, though still alive', async () => {
    app.readiness.draining = true;
    try {
      expect(await call(app, 'GET', '/ready')).toMatchObject({ status: 503, body: { status: 'draining' } });
      expect((await call(app, 'GET', '/health')).status).toBe(200);
    } finally {
      app.readiness.draining = false;
    }
  });

  test('not ready when media cannot be stored (a file where its folder should be)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'balcao-ready-'));
    writeFileSync(join(dataDir, 'media'), '');
    const unwritable = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const { status, body } = await call(unwritable, 'GET', '/ready');
      expect({ status, body }).toEqual({ status: 503, body: { status: 'storage-unreachable' } });
    } finally {
      await unwritable.close();
    }
  });

  test('not ready when the database holds an older schema than this build', async () => {
    const { executeSql } = await testDatabase();
    const { rows } = await executeSql(
      'select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1',
      [],
    );
    const last = rows[0] as { id: number; hash: string; created_at: string };
    await executeSql('delete from drizzle.__drizzle_migrations where id = $1', [last.id]);
    try {
      const { status, body } = await call(app, 'GET', '/ready');
      expect({ status, body }).toEqual({ status: 503, body: { status: 'migrations-pending' } });
    } finally {
      await executeSql(
        'insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)',
        [last.id, last.hash, last.created_at],
      );
    }
  });
});

// A real process and a real signal; it needs a database another process can share.
const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('a stop drains first', () => {
  test('on SIGTERM /ready turns 503 for the drain time while /health still answers, then the process exits', async () => {
    const server = await startServerProcess(url as string, { env: { SHUTDOWN_DRAIN_SECONDS: '3' } });
    expect((await request(server.base, 'GET', '/ready')).status).toBe(200);
    const stopped = server.stop('SIGTERM');
    const draining = await waitFor(
      () => request(server.base, 'GET', '/ready'),
      (answer) => answer.status === 503,
      2_500,
    );
    expect(draining.body).toEqual({ status: 'draining' });
    expect((await request(server.base, 'GET', '/health')).status).toBe(200);
    await stopped;
    await expect(fetch(`${server.base}/health`)).rejects.toThrow();
  }, 120_000);
});
