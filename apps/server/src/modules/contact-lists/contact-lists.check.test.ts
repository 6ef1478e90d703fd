import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  forgetStoredSessions,
  replay,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections, contactListItems, contactLists } from '../../db/schema/index.js';
import { CHECK_BATCH, CHECK_PACE_MS } from './contact-lists.check.js';

const harness = createBaileysHarness();
const app = await createTestApp({ whatsappSockets: harness.factory });
afterAll(async () => {
  await forgetStoredSessions(app.deps.db);
  await app.close();
});

/** A company whose WhatsApp session this app holds, open, with its list of `count` numbers. */
async function companyWithList(count: number, channel: 'whatsapp' | 'whatsappapi' = 'whatsapp') {
  const tenant = await createTenant(app);
  const [list] = await app.deps.db
    .insert(contactLists)
    .values({ companyId: tenant.companyId, name: 'Campanha' })
    .returning();
  if (!list) throw new Error('no list');
  const numbers = Array.from({ length: count }, (_, i) => `55119888${String(i).padStart(5, '0')}`);
  await app.deps.db.insert(contactListItems).values(
    numbers.map((number) => ({
      companyId: tenant.companyId,
      contactListId: list.id,
      name: 'Cliente',
      number,
    })),
  );
  const connection = await createWhatsappConnection(app, tenant.companyId, { channel, isDefault: true });
  if (channel === 'whatsappapi') return { tenant, list, numbers, socket: undefined };
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  await waitFor(
    async () =>
      (await app.deps.db.select().from(connections).where(eq(connections.id, connection.id)))[0]?.status,
    (status) => status === 'CONNECTED',
  );
  return { tenant, list, numbers, socket };
}

const unchecked = (listId: number) =>
  app.deps.db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.contactListId, listId), isNull(contactListItems.isWhatsappValid)));

describe('checking a list against WhatsApp', () => {
  test('numbers are asked a batch at a time, paced, and answered on each item', async () => {
    const { tenant, list, numbers, socket } = await companyWithList(CHECK_BATCH + 2);
    harness.accounts.set(numbers[1] as string, null);
    const asked: number[] = [];
    const ask = socket?.onWhatsApp.bind(socket);
    if (!socket || !ask) throw new Error('no socket');
    socket.onWhatsApp = async (...jids) => {
      asked.push(Date.now());
      return ask(...jids);
    };

    const started = await call(app, 'POST', `/contact-lists/${list.id}/check-numbers`, {
      token: tenant.admin.token,
    });
    const again = await call(app, 'POST', `/contact-lists/${list.id}/check-numbers`, {
      token: tenant.admin.token,
    });

    expect(started.body).toMatchObject({ checking: true, uncheckedCount: CHECK_BATCH + 2 });
    expect(again.body.checking).toBe(true);
    const done = await waitFor(
      () => call(app, 'GET', `/contact-lists/${list.id}`, { token: tenant.admin.token }),
      ({ body }) => body.uncheckedCount === 0 && !body.checking,
    );
    expect(done.body).toMatchObject({ contactsCount: CHECK_BATCH + 2, validCount: CHECK_BATCH + 1 });
    // Each number once, though the check was asked for twice.
    expect([...socket.checked].sort()).toEqual([...numbers].sort());
    const gap = (asked[CHECK_BATCH] as number) - (asked[CHECK_BATCH - 1] as number);
    expect(gap).toBeGreaterThanOrEqual(CHECK_PACE_MS - 100);
    const [invalid] = await app.deps.db
      .select()
      .from(contactListItems)
      .where(eq(contactListItems.number, numbers[1] as string));
    expect(invalid?.isWhatsappValid).toBe(false);
  }, 40_000);

  test('a check resumes from the rows: items already answered are not asked again', async () => {
    const { tenant, list, numbers, socket } = await companyWithList(4);
    await app.deps.db
      .update(contactListItems)
      .set({ isWhatsappValid: false })
      .where(eq(contactListItems.number, numbers[0] as string));
    // A check claimed by a process that died long ago may be taken over.
    await app.deps.db
      .update(contactLists)
      .set({ checkingAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(contactLists.id, list.id));

    await call(app, 'POST', `/contact-lists/${list.id}/check-numbers`, { token: tenant.admin.token });

    await waitFor(
      () => unchecked(list.id),
      (rows) => rows.length === 0,
    );
    expect([...(socket?.checked ?? [])].sort()).toEqual(numbers.slice(1));
  });

  test('while another live process holds the session, the check is left to it; it goes on once the session is here', async () => {
    const { tenant, list, numbers, socket } = await companyWithList(3);
    const [connection] = await app.deps.db
      .select()
      .from(connections)
      .where(eq(connections.companyId, tenant.companyId));
    if (!connection || !socket) throw new Error('no session');
    const ours = { leaseOwner: connection.leaseOwner, leaseExpiresAt: connection.leaseExpiresAt };
    await app.deps.db
      .update(connections)
      .set({ leaseOwner: 'another-process', leaseExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(connections.id, connection.id));

    await call(app, 'POST', `/contact-lists/${list.id}/check-numbers`, { token: tenant.admin.token });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const askedMeanwhile = [...socket.checked];
    const listMeanwhile = await call(app, 'GET', `/contact-lists/${list.id}`, { token: tenant.admin.token });
    await app.deps.db.update(connections).set(ours).where(eq(connections.id, connection.id));
    await waitFor(
      () => call(app, 'GET', `/contact-lists/${list.id}`, { token: tenant.admin.token }),
      ({ body }) => body.uncheckedCount === 0 && !body.checking,
    );

    expect(askedMeanwhile).toEqual([]);
    expect(listMeanwhile.body).toMatchObject({ checking: true, uncheckedCount: 3 });
    expect([...socket.checked].sort()).toEqual([...numbers].sort());
  }, 40_000);

  test('a Cloud API number cannot tell, so every item is taken as valid', async () => {
    const { tenant, list } = await companyWithList(3, 'whatsappapi');

    await call(app, 'POST', `/contact-lists/${list.id}/check-numbers`, { token: tenant.admin.token });

    const done = await waitFor(
      () => call(app, 'GET', `/contact-lists/${list.id}`, { token: tenant.admin.token }),
      ({ body }) => !body.checking,
    );
    expect(done.body).toMatchObject({ contactsCount: 3, validCount: 3, uncheckedCount: 0 });
  });

  test('without a connection that can check, the items stay unchecked and the check ends', async () => {
    const tenant = await createTenant(app);
    const { body: list } = await call(app, 'POST', '/contact-lists', {
      token: tenant.admin.token,
      body: { name: 'Sem conexão' },
    });
    await call(app, 'POST', '/contact-list-items', {
      token: tenant.admin.token,
      body: { contactListId: list.id, name: 'Ana', number: '11988880001' },
    });

    const done = await waitFor(
      () => call(app, 'GET', `/contact-lists/${list.id}`, { token: tenant.admin.token }),
      ({ body }) => !body.checking,
    );

    expect(done.body).toMatchObject({ contactsCount: 1, validCount: 0, uncheckedCount: 1 });
  });
});
