import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Server } from 'socket.io';
import { MessageType } from 'socket.io-adapter';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { createClusterAdapter } from './cluster.js';

// Two Socket.IO servers stand for two processes; only PostgreSQL carries NOTIFY between them. A
// channel prefix of their own keeps the other test files' servers on the same database out of sight.
const url = process.env.TEST_DATABASE_URL;
const prefix = `cluster-test-${process.pid}-${Date.now()}`;
// Ten times faster than by default, so "alone" (two heartbeats without hearing anyone) comes soon.
const HEARTBEAT_MS = 150;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.runIf(url)(
  'a process alone publishes no broadcast, and one that joins later gets its events',
  async () => {
    const pool = new pg.Pool({ connectionString: url });
    const wire = new pg.Client({ connectionString: url });
    const servers: { http: HttpServer; io: Server }[] = [];
    const clients: Socket[] = [];
    afterAll(async () => {
      for (const client of clients) client.disconnect();
      for (const { io } of servers) await new Promise((resolve) => io.close(resolve));
      await wire.end();
      await pool.end();
    });
    const start = async () => {
      const http = createServer();
      const io = new Server(http);
      io.adapter(createClusterAdapter(pool, { heartbeatMs: HEARTBEAT_MS, channelPrefix: prefix }));
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      servers.push({ http, io });
      return { io, port: (http.address() as AddressInfo).port };
    };
    await wire.connect();
    const published: number[] = [];
    wire.on('notification', (note) => published.push(JSON.parse(note.payload ?? '{}').type));
    await wire.query(`listen "${prefix}#/"`);
    const first = await start();
    await pause(12 * HEARTBEAT_MS);

    first.io.emit('probe', 'alone');
    await pause(2 * HEARTBEAT_MS);
    const broadcastsAlone = published.filter((type) => type === MessageType.BROADCAST).length;
    const second = await start();
    const client = connect(`http://127.0.0.1:${second.port}`, { transports: ['websocket'] });
    clients.push(client);
    const received: string[] = [];
    client.on('probe', (text: string) => received.push(text));
    await new Promise((resolve) => client.on('connect', () => resolve(undefined)));
    // A process announces itself when its adapter starts, long before it serves a socket; here the two
    // come together, so the test waits for the announcement the way a real start would.
    for (let i = 0; i < 50 && (await first.io.of('/').adapter.serverCount()) < 2; i++) await pause(50);
    first.io.emit('probe', 'together');
    for (let i = 0; i < 50 && received.length === 0; i++) await pause(100);

    expect(published).toContain(MessageType.HEARTBEAT);
    expect(broadcastsAlone).toBe(0);
    expect(received).toEqual(['together']);
  },
);

test.runIf(url)("broadcasts reach this process's sockets in the order they were made", async () => {
  const pool = new pg.Pool({ connectionString: url });
  const http = createServer();
  const io = new Server(http);
  io.adapter(createClusterAdapter(pool, { heartbeatMs: HEARTBEAT_MS, channelPrefix: `${prefix}-order` }));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    transports: ['websocket'],
  });
  afterAll(async () => {
    client.disconnect();
    await new Promise((resolve) => io.close(resolve));
    await pool.end();
  });
  const received: number[] = [];
  client.on('step', (step: number) => received.push(step));
  await new Promise((resolve) => client.on('connect', () => resolve(undefined)));

  // Just started, so every broadcast is published; one over 8,000 bytes takes an INSERT before its
  // NOTIFY, and the small one after it would come back first.
  for (let step = 0; step < 20; step++) io.emit('step', step, step % 2 === 0 ? 'x'.repeat(9_000) : '');
  for (let i = 0; i < 50 && received.length < 20; i++) await pause(100);

  expect(received).toEqual(Array.from({ length: 20 }, (_, step) => step));
});

test.runIf(url)(
  'a peer gone quiet for a few heartbeats still gets broadcasts; only a minute of silence means alone',
  async () => {
    const channel = `${prefix}-quiet`;
    const pool = new pg.Pool({ connectionString: url });
    const wire = new pg.Client({ connectionString: url });
    const started: Server[] = [];
    afterAll(async () => {
      for (const io of started) await new Promise((resolve) => io.close(resolve));
      await wire.end();
      await pool.end();
    });
    const start = async () => {
      const http = createServer();
      const io = new Server(http);
      io.adapter(createClusterAdapter(pool, { heartbeatMs: HEARTBEAT_MS, channelPrefix: channel }));
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      started.push(io);
      return io;
    };
    await wire.connect();
    let broadcasts = 0;
    wire.on('notification', (note) => {
      if (JSON.parse(note.payload ?? '{}').type === MessageType.BROADCAST) broadcasts += 1;
    });
    await wire.query(`listen "${channel}#/"`);
    const first = await start();
    const peer = await start();
    for (let i = 0; i < 50 && (await first.of('/').adapter.serverCount()) < 2; i++) await pause(50);
    await pause(3 * HEARTBEAT_MS);

    // The peer stops heartbeating, as a process whose event loop stalls would.
    await new Promise((resolve) => peer.close(resolve));
    await pause(4 * HEARTBEAT_MS);
    first.emit('probe', 'while the peer is quiet');
    await pause(2 * HEARTBEAT_MS);
    const whileQuiet = broadcasts;
    await pause(12 * HEARTBEAT_MS);
    first.emit('probe', 'after a long silence');
    await pause(2 * HEARTBEAT_MS);

    expect(whileQuiet).toBe(1);
    expect(broadcasts).toBe(1);
  },
);
