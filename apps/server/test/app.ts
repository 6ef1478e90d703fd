import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createBaileysHarness } from './baileys-harness.js';
import { testDatabase } from './database.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * A whole server on the shared test database, with its own media folder. WhatsApp sockets come
 * from the Baileys harness: no test ever reaches WhatsApp, even by taking over a session it finds.
 */
export async function createTestApp(
  options: { env?: Record<string, string> } & Partial<
    Pick<BuildOptions, 'whatsappSockets' | 'processId' | 'database'>
  > = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'balcao-test-')),
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: '/nonexistent',
    // The fake outside services listen on 127.0.0.1.
    ALLOW_PRIVATE_INTEGRATION_URLS: 'true',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database: options.database ?? (await testDatabase()),
    whatsappSockets: options.whatsappSockets ?? createBaileysHarness().factory,
    processId: options.processId,
  });
  app.addHook('onClose', async () => {
    openApps.delete(app);
  });
  await app.ready();
  openApps.add(app);
  return app;
}

/**
 * Apps not closed yet. The server suite shares one process, so an app a file leaves open keeps its
 * background work running into later files (it adopted another test's WhatsApp session once).
 */
export const openApps = new Set<FastifyInstance>();

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Sends JSON through inject and answers status and parsed body. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  const isJson = response.headers['content-type']?.toString().includes('json');
  return { status: response.statusCode, body: isJson ? response.json() : response.body, response };
}
