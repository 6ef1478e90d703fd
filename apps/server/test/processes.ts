import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverRoot } from '../src/db/migrate.js';
import { TEST_JWT_SECRET } from './app.js';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  base: string;
  /** The operating-system process id, which the server puts in the names it gives itself (session leases). */
  pid: number;
  /** SIGTERM and wait (a clean shutdown); SIGKILL to die as a crash would. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** SIGSTOP freezes the process where it is (as a long GC pause or a stalled VM would); SIGCONT lets it run on. */
  signal(signal: 'SIGSTOP' | 'SIGCONT'): void;
}

/**
 * A whole server as its own operating-system process (`src/main.ts` through tsx, so no build is
 * needed), on `databaseUrl`, sharing the test apps' token secret and the given media folder; `env`
 * adds configuration (README table) on top. `entry` starts another file of the server's folder
 * instead (test/fake-whatsapp/server-process.ts: the same server on the fake WhatsApp Web).
 */
export async function startServerProcess(
  databaseUrl: string,
  options: { dataDir?: string; env?: Record<string, string>; entry?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const entry = options.entry ?? 'src/main.ts';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: serverRoot(),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: options.dataDir ?? mkdtempSync(join(tmpdir(), 'balcao-process-')),
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'error',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Generous: tsx compiles the server on start, and the machine may be busy.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    const up = await fetch(`${base}/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server process did not answer within 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    pid: child.pid as number,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) {
        // A frozen process would leave SIGTERM pending forever.
        child.kill('SIGCONT');
        child.kill(signal);
      }
      await exited;
    },
    signal(signal) {
      child.kill(signal);
    },
  };
}

/** JSON over real HTTP, answering status and parsed body. */
export async function request(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
}
