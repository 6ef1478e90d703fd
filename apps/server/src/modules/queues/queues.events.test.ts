import { events, QUEUE_COLORS } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

test('every user of the company hears queue changes, and no one else', async () => {
  const tenant = await createTenant(app, { plan: { queues: 5 } });
  const other = await createTenant(app, { plan: { queues: 5 } });
  const attendant = await createUser(app, tenant.companyId);
  const heard = collect(await live.connect({ token: attendant.token }), events.queue(tenant.companyId));
  const outsider = await live.connect({ token: other.admin.token });
  const overheard: unknown[] = [];
  outsider.onAny((_event, payload) => overheard.push(payload));
  await settle();
  overheard.length = 0;
  const token = tenant.admin.token;

  const { body: queue } = await call(app, 'POST', '/queue', {
    token,
    body: { name: 'Vendas', color: QUEUE_COLORS[0] },
  });
  await call(app, 'POST', '/chatbot', {
    token,
    body: {
      queueId: queue.id,
      name: 'Planos',
      greetingMessage: '',
      queueType: 'text',
      closeTicket: false,
      optQueueId: null,
      optUserId: null,
      optIntegrationId: null,
      optFileId: null,
    },
  });
  await call(app, 'DELETE', `/queue/${queue.id}`, { token });
  await settle();

  expect(heard).toEqual([
    { action: 'create', queue },
    {
      action: 'update',
      queue: expect.objectContaining({ chatbots: [expect.objectContaining({ name: 'Planos' })] }),
    },
    { action: 'delete', queueId: queue.id },
  ]);
  expect(overheard).toEqual([]);
});

test('deleting a queue moves its open tickets out of it in the lists that show them', async () => {
  const tenant = await createTenant(app, { plan: { queues: 5 } });
  const token = tenant.admin.token;
  const { body: queue } = await call(app, 'POST', '/queue', {
    token,
    body: { name: 'Suporte', color: QUEUE_COLORS[1] },
  });
  const open = await createTicket(app, tenant.companyId, { queueId: queue.id, status: 'open' });
  await createTicket(app, tenant.companyId, { queueId: queue.id, status: 'closed' });
  const heard = collect<{ action: string; ticket?: { id: number } }>(
    await live.connect({ token }),
    events.ticket(tenant.companyId),
  );
  await settle();

  await call(app, 'DELETE', `/queue/${queue.id}`, { token });
  await settle();

  expect(heard).toEqual([
    { action: 'update', ticket: expect.objectContaining({ id: open.id, queueId: null, queue: null }) },
  ]);
});
