import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, TEST_JWT_SECRET } from '../../../test/app.js';
import { createBaileysHarness } from '../../../test/baileys-harness.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { sendMedia } from '../../../test/multipart.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { connectPglite } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { restoreBackup, writeBackup } from './backup.js';
import { requestBackup } from './control-socket.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A whole installation on its own embedded database in `dataDir`, as `npm start` runs one. */
async function startInstallation(dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: '/nonexistent',
  });
  const database = await connectPglite(join(dataDir, 'db'));
  await migrateDatabase(database);
  const app = await buildApp({ config, database, whatsappSockets: createBaileysHarness().factory });
  await app.ready();
  return {
    app,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}

const scratch = () => mkdtempSync(join(tmpdir(), 'balcao-backup-'));

// Every installation here runs on its own embedded database, whatever TEST_DATABASE_URL says: the
// suite's PostgreSQL pass would only repeat it.
const postgresPass = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(postgresPass)('backup and restore of the embedded database', () => {
  const original = scratch();
  let running: Awaited<ReturnType<typeof startInstallation>>;
  let seen: { token: string; ticketId: number; messageIds: number[]; mediaUrl: string; tickets: unknown };
  const backup = join(scratch(), 'copy');

  beforeAll(async () => {
    running = await startInstallation(original);
    const { app } = running;
    const tenant = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
    const token = tenant.admin.token;
    await call(app, 'POST', `/messages/${ticket.id}`, { token, body: { body: 'Bom dia' } });
    const photo = await sendMedia(app, ticket.id, token, {
      filename: 'foto.png',
      type: 'image/png',
      bytes: PNG,
    });
    const listed = await call(app, 'GET', `/messages/${ticket.id}`, { token });
    const tickets = await call(app, 'GET', '/tickets?status=open&showAll=true', { token });
    seen = {
      token,
      ticketId: ticket.id,
      messageIds: listed.body.messages.map((m: { id: number }) => m.id),
      mediaUrl: photo.json().mediaUrl,
      tickets: tickets.body.tickets,
    };
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  test('the running server writes the backup when asked through its control socket', async () => {
    const answer = await requestBackup(original, backup);
    expect(answer).toMatchObject({ ok: true, manifest: { format: 1, mediaFiles: 1 } });
    // What comes after the backup is not in it.
    await call(running.app, 'POST', `/messages/${seen.ticketId}`, {
      token: seen.token,
      body: { body: 'depois' },
    });
  });

  test('a backup never writes into a folder that holds something', async () => {
    const answer = await requestBackup(original, backup);
    expect(answer?.error).toMatch(/is not empty/);
  });

  describe('restored into an empty data folder', () => {
    const restored = scratch();
    let copy: Awaited<ReturnType<typeof startInstallation>>;
    let app: FastifyInstance;
    beforeAll(async () => {
      await restoreBackup(backup, restored);
      copy = await startInstallation(restored);
      app = copy.app;
    }, 120_000);
    afterAll(async () => {
      await copy?.stop();
    });

    test('the same tickets and messages read back, and nothing written after the backup', async () => {
      const tickets = await call(app, 'GET', '/tickets?status=open&showAll=true', { token: seen.token });
      expect(tickets.body.tickets).toEqual(seen.tickets);
      const listed = await call(app, 'GET', `/messages/${seen.ticketId}`, { token: seen.token });
      expect(listed.body.messages.map((m: { id: number }) => m.id)).toEqual(seen.messageIds);
      expect(listed.body.messages.map((m: { body: string }) => m.body)).not.toContain('depois');
    });

    test('the same media bytes', async () => {
      const file = await app.inject({ method: 'GET', url: seen.mediaUrl });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
    });
  });

  test('a restore never writes over an installation', async () => {
    await expect(restoreBackup(backup, original)).rejects.toThrow(/already holds a database/);
  });

  test('a folder that is not a backup is refused', async () => {
    const stray = scratch();
    writeFileSync(join(stray, 'notes.txt'), 'x');
    await expect(restoreBackup(stray, scratch())).rejects.toThrow(/not a Balcão backup/);
  });
});

describe.skipIf(postgresPass)('with the server stopped', () => {
  test('nobody answers on the control socket, and the backup is taken from the data folder', async () => {
    const dataDir = scratch();
    mkdirSync(join(dataDir, 'media'));
    expect(await requestBackup(dataDir, join(scratch(), 'copy'))).toBeUndefined();
    const database = await connectPglite(join(dataDir, 'db'));
    try {
      const manifest = await writeBackup(database, join(dataDir, 'media'), join(scratch(), 'copy'));
      expect(manifest).toMatchObject({ format: 1, mediaFiles: 0 });
    } finally {
      await database.close();
    }
  }, 60_000);
});
