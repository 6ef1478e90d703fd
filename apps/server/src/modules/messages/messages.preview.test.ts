import { events, type TicketEvent } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

async function until<T>(read: () => T | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function twoReplies() {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  const token = tenant.admin.token;
  const first = await call(app, 'POST', `/messages/${ticket.id}`, { token, body: { body: 'Primeira' } });
  const last = await call(app, 'POST', `/messages/${ticket.id}`, { token, body: { body: 'Segunda' } });
  const socket = await live.connect({ token });
  const updates = collect<TicketEvent>(socket, events.ticket(tenant.companyId));
  const preview = async () =>
    (await call(app, 'GET', `/tickets/${ticket.id}`, { token })).body.lastMessage as string;
  return { token, first: first.body.id as number, last: last.body.id as number, updates, preview };
}

const previewIn = (updates: TicketEvent[], text: string) =>
  updates.find((e) => e.action === 'update' && e.ticket.lastMessage === text);

test('editing the newest message changes the list preview, live', async () => {
  const { token, last, updates, preview } = await twoReplies();

  await call(app, 'POST', `/messages/edit/${last}`, { token, body: { body: 'Segunda, corrigida' } });

  expect(await preview()).toBe('Segunda, corrigida');
  await until(() => previewIn(updates, 'Segunda, corrigida'));
});

test('deleting the newest message shows the one before it; an older one leaves the preview alone', async () => {
  const { token, first, last, updates, preview } = await twoReplies();

  await call(app, 'POST', `/messages/edit/${first}`, { token, body: { body: 'Primeira, corrigida' } });
  expect(await preview()).toBe('Segunda');
  await call(app, 'DELETE', `/messages/${last}`, { token });

  expect(await preview()).toBe('Primeira, corrigida');
  await until(() => previewIn(updates, 'Primeira, corrigida'));
});
