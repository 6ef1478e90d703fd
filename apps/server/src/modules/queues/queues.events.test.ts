import { events, QUEUE_COLORS } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets, overhear } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

test('every user of the company hears queue changes, and no one else', async () => {
  const tenant = await createTenant(app, { plan: { queues: 5 } });
  const other = await createTenant(app, { plan: { queues: 5 } });
  const attendant = await createUser(app, tenant.companyId);
  const seen = collect(await live.connect({ token: attendant.token }), events.queue(tenant.companyId));
  // Its own going online is the outsider's to hear; listening starts once it has.
  const outsider = await live.connectOnline(other.admin);
  const overheard = overhear(outsider);
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
  await heard(seen, 3);
  await live.drain(outsider);

  expect(seen).toEqual([
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
  const socket = await live.connect({ token });
  const seen = collect<{ action: string; ticket?: { id: number } }>(socket, events.ticket(tenant.companyId));

  await call(app, 'DELETE', `/queue/${queue.id}`, { token });
  await heard(seen, 1);
  // The closed ticket is not in the lists that show it: nothing of it may come before the marker.
  await live.drain(socket);

  expect(seen).toEqual([
    { action: 'update', ticket: expect.objectContaining({ id: open.id, queueId: null, queue: null }) },
  ]);
});
