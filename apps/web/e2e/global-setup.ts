import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeGraph } from '../../server/test/fake-graph/fake-graph';
import { startFakeSmtp } from '../../server/test/fake-smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    /** The fake Graph API the server's Meta channels talk to (apps/server/test/fake-graph). */
    fakeGraphUrl: string;
    /** Where the e-mails the server sent are read, as JSON (apps/server/test/fake-smtp.ts). */
    fakeSmtpUrl: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '../../..');
const serverEntry = join(repoRoot, 'apps/server/dist/main.js');
const webIndex = join(repoRoot, 'apps/web/dist/index.html');
const resultsDir = join(repoRoot, 'apps/web/test-results');
const ADMIN_EMAIL = 'admin@balcao.test';
const ADMIN_PASSWORD = 'E2e-Admin-Pass1';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

export async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    const ok = await fetch(`${baseUrl}/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`The server did not answer /health within 120 s:\n${output()}`);
}

/** Starts the built server on a free port with a fresh embedded database, and stops it afterwards. */
export default async function startServer(project: TestProject) {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the e2e tests.`);
  }
  const port = await freePort();
  const fakeGraph = await startFakeGraph({ webhookUrl: `http://127.0.0.1:${port}/webhooks/meta` });
  const fakeSmtp = await startFakeSmtp();
  const dataDir = await mkdtemp(join(tmpdir(), 'balcao-e2e-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      GRAPH_API_URL: fakeGraph.url,
      META_APP_ID: fakeGraph.appId,
      META_APP_SECRET: fakeGraph.appSecret,
      META_VERIFY_TOKEN: 'e2e-verify',
      // "Continue with Facebook" loads the fake's stand-in for Facebook's JavaScript SDK.
      FACEBOOK_SDK_URL: `${fakeGraph.url}/sdk.js`,
      // A received photo whose first download fails is fetched again a second or two later.
      META_MEDIA_RETRY_DELAY_SECONDS: '1',
      // The journeys sign up a company each from this one address.
      SIGNUP_MAX_PER_ADDRESS: '100',
      // Password recovery codes by e-mail land in the local sink.
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(fakeSmtp.port),
      // The Ticketz import journey reads a scratch Ticketz database on the local PostgreSQL.
      IMPORT_DATABASE_HOSTS: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The whole server log is kept beside the screenshots; its tail goes into start-up errors.
  mkdirSync(resultsDir, { recursive: true });
  const logFile = createWriteStream(join(resultsDir, 'server.log'));
  let log = '';
  const keep = (chunk: Buffer) => {
    logFile.write(chunk);
    log = (log + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  server.once('exit', () => logFile.end());

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    server.kill('SIGKILL');
    await fakeGraph.close();
    await fakeSmtp.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('fakeGraphUrl', fakeGraph.url);
  project.provide('fakeSmtpUrl', fakeSmtp.httpUrl);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await fakeGraph.close();
    await fakeSmtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
