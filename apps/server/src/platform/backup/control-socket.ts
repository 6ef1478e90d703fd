import { rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Database } from '../../db/client.js';
import { writeBackup } from './backup.js';

/**
 * The embedded database lives inside the server process, so a backup taken while it runs must be
 * taken by it. `npm run backup` asks through this Unix socket in the data folder: only the operating
 * system user owning that folder can reach it, and nothing of it is on the network.
 */
const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

interface BackupRequest {
  backup: string;
}

export function listenForControl(
  database: Database,
  dataDir: string,
  mediaDir: string,
  onError: (error: unknown) => void,
): Server {
  const path = controlSocketPath(dataDir);
  // A process that died leaves its socket file behind; it would refuse the listen.
  rmSync(path, { force: true });
  const server = createServer((connection) => {
    let received = '';
    connection.setEncoding('utf8');
    connection.on('data', async (chunk: string) => {
      received += chunk;
      if (!received.includes('\n')) return;
      const answer = await handle(received.slice(0, received.indexOf('\n')));
      connection.end(`${JSON.stringify(answer)}\n`);
    });
    connection.on('error', onError);
  });
  const handle = async (line: string) => {
    try {
      const request = JSON.parse(line) as BackupRequest;
      if (typeof request.backup !== 'string') return { error: 'unknown command' };
      return { ok: true, manifest: await writeBackup(database, mediaDir, request.backup) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };
  server.on('error', onError);
  server.listen(path);
  return server;
}

/**
 * Asks the server running on `dataDir` for a backup into `to`. Answers undefined when no server
 * listens there (it is stopped: the caller opens the database itself).
 */
export function requestBackup(
  dataDir: string,
  to: string,
): Promise<{ ok?: true; error?: string } | undefined> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(controlSocketPath(dataDir));
    let received = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify({ backup: to })}\n`));
    connection.on('data', (chunk: string) => {
      received += chunk;
    });
    connection.on('end', () => resolve(JSON.parse(received)));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}
