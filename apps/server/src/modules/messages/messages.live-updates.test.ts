import { events, type Message } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { connections } from '../../db/schema/index.js';

const app = await createTestApp();
const sockets = await listenForSockets(app);
afterAll(() => sockets.close());

test('the ack update of a reply still carries the message it quotes, so the open chat keeps showing the quote', async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  app.deps.channels.set('acking', { send: async () => ({ externalId: `x-${Date.now()}`, ack: 1 }) });
  await app.deps.db
    .update(connections)
    .set({ channel: 'acking' })
    .where(eq(connections.id, ticket.connectionId as number));
  const agent = await sockets.connect({ token: tenant.admin.token });
  agent.emit('joinNotification');
  const seen = collect<{ action: string; message: Message }>(agent, events.appMessage(tenant.companyId));

  const { body: question } = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Pergunta' },
  });
  const { body: reply } = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Resposta', quotedMsgId: question.id },
  });

  const acked = await waitFor(
    async () => seen.find((e) => e.action === 'update' && e.message.id === reply.id),
    (event) => event !== undefined,
  );
  expect(acked?.message).toMatchObject({
    ack: 1,
    quotedMsg: { id: question.id, body: 'Pergunta', fromMe: true, isDeleted: false },
  });
});
