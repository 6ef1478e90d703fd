import { randomUUID } from 'node:crypto';
import { BufferJSON, proto } from '@whiskeysockets/baileys';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { forgetStoredSessions } from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { baileysKeys, connections } from '../../db/schema/index.js';
import { hasAuthState, loadAuthState, wipeAuthState } from './baileys.auth-state.js';

const app = await createTestApp();
afterAll(async () => {
  await forgetStoredSessions(app.deps.db);
  await app.close();
});

async function whatsappConnection() {
  const { companyId } = await createTenant(app);
  const [row] = await app.deps.db
    .insert(connections)
    .values({ companyId, name: 'WhatsApp', channel: 'whatsapp', token: randomUUID().slice(0, 30) })
    .returning();
  if (!row) throw new Error('no connection');
  return row;
}

test('creds and every key type survive a round trip through the database, Buffers and protobufs included', async () => {
  const connection = await whatsappConnection();
  const first = await loadAuthState(app.deps.db, connection.companyId, connection.id);
  first.state.creds.me = { id: '5511999990000:12@s.whatsapp.net', name: 'Loja' };
  await first.saveCreds();
  await first.state.keys.set({
    'pre-key': { '1': { private: Buffer.from('priv'), public: Buffer.from('pub') } },
    session: { '5511988887777.0': Buffer.from([1, 2, 3]) },
    'app-state-sync-key': { AAAA: { keyData: Buffer.from('key'), timestamp: 5 } },
  });

  const again = await loadAuthState(app.deps.db, connection.companyId, connection.id);
  const keys = await again.state.keys.get('pre-key', ['1']);
  const sessions = await again.state.keys.get('session', ['5511988887777.0']);
  const sync = await again.state.keys.get('app-state-sync-key', ['AAAA']);

  expect(again.state.creds.me?.id).toBe('5511999990000:12@s.whatsapp.net');
  expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(
    Buffer.from(first.state.creds.noiseKey.private),
  );
  expect(Buffer.from(keys['1']?.public ?? [])).toEqual(Buffer.from('pub'));
  expect(Buffer.from(sessions['5511988887777.0'] ?? [])).toEqual(Buffer.from([1, 2, 3]));
  expect(sync.AAAA).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
  expect(JSON.stringify(again.state.creds, BufferJSON.replacer)).toBe(
    JSON.stringify(first.state.creds, BufferJSON.replacer),
  );
});

test('a key set to null is deleted, and concurrent writes of different keys all land', async () => {
  const connection = await whatsappConnection();
  const { state } = await loadAuthState(app.deps.db, connection.companyId, connection.id);
  await state.keys.set({ session: { 'x.0': Buffer.from('a') } });

  await state.keys.set({ session: { 'x.0': null } });
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      state.keys.set({ 'sender-key': { [`g@g.us::${i}::0`]: Buffer.from([i]) } }),
    ),
  );

  expect(await state.keys.get('session', ['x.0'])).toEqual({});
  const stored = await app.deps.db
    .select()
    .from(baileysKeys)
    .where(eq(baileysKeys.connectionId, connection.id));
  expect(stored).toHaveLength(20);
});

test('wiping a session removes its creds and keys, and only its own', async () => {
  const mine = await whatsappConnection();
  const other = await whatsappConnection();
  for (const connection of [mine, other]) {
    const auth = await loadAuthState(app.deps.db, connection.companyId, connection.id);
    await auth.saveCreds();
    await auth.state.keys.set({ session: { 'y.0': Buffer.from('b') } });
  }

  await wipeAuthState(app.deps.db, mine.id);

  expect(await hasAuthState(app.deps.db, mine.id)).toBe(false);
  expect(await hasAuthState(app.deps.db, other.id)).toBe(true);
  const left = await app.deps.db.select().from(baileysKeys).where(eq(baileysKeys.connectionId, mine.id));
  expect(left).toEqual([]);
});
