import { WEBCHAT_NAMESPACE, type WebchatMessage, webchatEvents } from '@balcao/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';
import { listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

const emit = <T>(socket: Socket, event: string, body: unknown) =>
  new Promise<T>((resolve) => socket.emit(event, body, (answer: T) => resolve(answer)));

async function until<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('the website visitor sees an attendant edit and then delete a message', async () => {
  const tenant = await createTenant(app);
  const { body: connection } = await call(app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: { name: 'Site', channel: 'webchat' },
  });
  const visitor = await live.connect({ token: connection.token }, WEBCHAT_NAMESPACE);
  const changed: WebchatMessage[] = [];
  visitor.on(webchatEvents.changed, (m: WebchatMessage) => changed.push(m));
  await emit(visitor, webchatEvents.start, { name: 'Paula Cliente' });
  await emit(visitor, webchatEvents.send, { body: 'Oi', clientId: 'client-0001' });
  const { body: list } = await call(app, 'GET', '/tickets?status=pending', { token: tenant.admin.token });
  const ticketId = list.tickets[0].id;
  await call(app, 'PUT', `/tickets/${ticketId}`, { token: tenant.admin.token, body: { status: 'open' } });
  const { body: reply } = await call(app, 'POST', `/messages/${ticketId}`, {
    token: tenant.admin.token,
    body: { body: 'Olá, Paul' },
  });
  await until(async () => {
    const { body } = await call(app, 'GET', `/messages/${ticketId}`, { token: tenant.admin.token });
    return body.messages.find((m: { id: number; ack: number }) => m.id === reply.id && m.ack >= 1);
  });

  await call(app, 'POST', `/messages/edit/${reply.id}`, {
    token: tenant.admin.token,
    body: { body: 'Olá, Paula' },
  });
  await until(() => changed[0]);
  await call(app, 'DELETE', `/messages/${reply.id}`, { token: tenant.admin.token });
  await until(() => changed[1]);

  expect(changed).toMatchObject([
    { id: reply.id, body: 'Olá, Paula', edited: true, deleted: false },
    { id: reply.id, body: '', deleted: true },
  ]);
  visitor.disconnect();
});
