import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { createTenant } from '../../test/fixtures.js';
import { connections } from '../db/schema/index.js';

// Two apps on one database stand for two server processes: what one writes, the other must see in
// its next webhook's lookup. Over PostgreSQL the notification arrives on its own connection a
// moment after the commit, hence a few tries.
const writer = await createTestApp();
const reader = await createTestApp();
afterAll(async () => {
  await reader.close();
  await writer.close();
});

const lookup = (phoneNumberId: string) => reader.deps.providerConnections.find('whatsappapi', phoneNumberId);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 40 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** With `announced` false the write skips the triggers, as a write no process is told of. */
async function cloudConnection(announced = true) {
  const tenant = await createTenant(writer);
  const phoneNumberId = String(randomInt(10 ** 13, 10 ** 14));
  const token = randomUUID();
  const row = await writer.deps.db.transaction(async (tx) => {
    if (!announced) await tx.execute(sql`set local session_replication_role = replica`);
    const [inserted] = await tx
      .insert(connections)
      .values({ companyId: tenant.companyId, name: 'Oficial', channel: 'whatsappapi', phoneNumberId, token })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('connection not created');
  return row;
}

test('a lookup is answered from memory: a write no trigger announces is not seen', async () => {
  // Created unannounced too: over PostgreSQL the insert's own notification could land during the first
  // lookup, which then rightly keeps nothing.
  const connection = await cloudConnection(false);
  expect((await lookup(connection.phoneNumberId ?? ''))?.name).toBe('Oficial');

  await writer.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(connections).set({ name: 'Unannounced' }).where(eq(connections.id, connection.id));
  });

  expect((await lookup(connection.phoneNumberId ?? ''))?.name).toBe('Oficial');
});

test('a connection edited in another process is read again by the next lookup', async () => {
  const connection = await cloudConnection();
  expect((await lookup(connection.phoneNumberId ?? ''))?.greetingMessage).toBe('');

  await writer.deps.db
    .update(connections)
    .set({ greetingMessage: 'Olá!' })
    .where(and(eq(connections.companyId, connection.companyId), eq(connections.id, connection.id)));

  const seen = await eventually(
    () => lookup(connection.phoneNumberId ?? ''),
    (row) => row?.greetingMessage === 'Olá!',
  );
  expect(seen?.greetingMessage).toBe('Olá!');
});

test('a connection deleted in another process is no longer found', async () => {
  const connection = await cloudConnection();
  expect((await lookup(connection.phoneNumberId ?? ''))?.id).toBe(connection.id);

  await writer.deps.db
    .delete(connections)
    .where(and(eq(connections.companyId, connection.companyId), eq(connections.id, connection.id)));

  expect(
    await eventually(
      () => lookup(connection.phoneNumberId ?? ''),
      (row) => !row,
    ),
  ).toBeUndefined();
});

test('a phone number id unknown at first is found once another process gives it to a connection', async () => {
  const phoneNumberId = String(randomInt(10 ** 13, 10 ** 14));
  expect(await lookup(phoneNumberId)).toBeUndefined();

  const tenant = await createTenant(writer);
  await writer.deps.db.insert(connections).values({
    companyId: tenant.companyId,
    name: 'Nova',
    channel: 'whatsappapi',
    phoneNumberId,
    token: randomUUID(),
  });

  const found = await eventually(
    () => lookup(phoneNumberId),
    (row) => row !== undefined,
  );
  expect(found?.name).toBe('Nova');
});

test('a phone number id that moves to another connection is found on its new one', async () => {
  const before = await cloudConnection();
  const phoneNumberId = before.phoneNumberId ?? '';
  expect((await lookup(phoneNumberId))?.id).toBe(before.id);

  const tenant = await createTenant(writer);
  const after = await writer.deps.db.transaction(async (tx) => {
    await tx.update(connections).set({ phoneNumberId: null }).where(eq(connections.id, before.id));
    const [row] = await tx
      .insert(connections)
      .values({
        companyId: tenant.companyId,
        name: 'Nova',
        channel: 'whatsappapi',
        phoneNumberId,
        token: randomUUID(),
      })
      .returning();
    return row;
  });

  const found = await eventually(
    () => lookup(phoneNumberId),
    (row) => row?.id === after?.id,
  );
  expect(found?.name).toBe('Nova');
});
