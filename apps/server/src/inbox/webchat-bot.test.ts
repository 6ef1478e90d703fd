import { QUEUE_COLORS, WEBCHAT_NAMESPACE, webchatEvents } from '@balcao/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { createTenant } from '../../test/fixtures.js';
import { listenForSockets } from '../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

const emit = <T>(socket: Socket, event: string, body: unknown) =>
  new Promise<T>((resolve) => socket.emit(event, body, (answer: T) => resolve(answer)));

async function until<T>(read: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a website visitor walks a two-level menu, is served, and rates the service 0–10 after the close', async () => {
  const tenant = await createTenant(app, { plan: { queues: 5 } });
  const token = tenant.admin.token;
  const queue = async (body: object) => (await call(app, 'POST', '/queue', { token, body })).body;
  const vendas = await queue({
    name: 'Vendas',
    color: QUEUE_COLORS[0],
    greetingMessage: 'Vendas: o que procura?',
    chatbots: [
      {
        name: 'Planos',
        greetingMessage: 'Temos dois planos:',
        queueType: 'text',
        closeTicket: false,
        optQueueId: null,
        optUserId: null,
        optIntegrationId: null,
        optFileId: null,
        options: [
          {
            name: 'Básico',
            greetingMessage: 'O Básico custa R$ 50,00. Um atendente já vem.',
            queueType: 'text',
            closeTicket: false,
            optQueueId: null,
            optUserId: null,
            optIntegrationId: null,
            optFileId: null,
            options: [],
          },
        ],
      },
    ],
  });
  const suporte = await queue({ name: 'Suporte', color: QUEUE_COLORS[1] });
  const { body: connection } = await call(app, 'POST', '/whatsapp', {
    token,
    body: {
      name: 'Site',
      channel: 'webchat',
      greetingMessage: 'Olá! Escolha:',
      complationMessage: 'Obrigado pelo contato!',
      ratingMessage: 'De 0 a 10, quanto você nos recomendaria?',
      queueIds: [vendas.id, suporte.id],
    },
  });
  await call(app, 'PUT', '/settings/userRating', { token, body: { value: 'enabled' } });

  const visitor = await live.connect({ token: connection.token }, WEBCHAT_NAMESPACE);
  const seen: { body: string; fromVisitor: boolean }[] = [];
  let closed = false;
  visitor.on(webchatEvents.message, (m) => seen.push(m));
  visitor.on(webchatEvents.closed, () => {
    closed = true;
  });
  const bot = (text: string) => until(() => seen.find((m) => !m.fromVisitor && m.body === text));
  let n = 0;
  const send = (body: string) => emit(visitor, webchatEvents.send, { body, clientId: `client-000${++n}` });

  await emit(visitor, webchatEvents.start, { name: 'Paula' });
  await send('Oi');
  await bot('Olá! Escolha:\n\n[ 1 ] - Vendas\n[ 2 ] - Suporte\n[ Sair ] - Encerrar atendimento');
  await send('1');
  await bot(
    'Vendas: o que procura?\n\n[ 1 ] - Planos\n[ # ] - Voltar ao menu principal\n[ Sair ] - Encerrar atendimento',
  );
  await send('1');
  await bot(
    'Temos dois planos:\n\n[ 1 ] - Básico\n[ # ] - Voltar ao menu principal\n[ Sair ] - Encerrar atendimento',
  );
  await send('1');
  await bot('O Básico custa R$ 50,00. Um atendente já vem.');

  const waiting = await call(app, 'GET', '/tickets?status=pending', { token });
  expect(waiting.body.tickets).toMatchObject([{ queue: { id: vendas.id }, contact: { name: 'Paula' } }]);
  const ticketId = waiting.body.tickets[0].id;
  await call(app, 'PUT', `/tickets/${ticketId}`, { token, body: { status: 'open' } });
  const closing = await call(app, 'PUT', `/tickets/${ticketId}`, { token, body: { status: 'closed' } });
  expect(closing.body).toMatchObject({ status: 'nps' });
  await bot('De 0 a 10, quanto você nos recomendaria?');
  expect(closed).toBe(false);

  await send('10');
  await bot('Obrigado pelo contato!');
  await until(() => (closed ? true : undefined));
  const ticket = await call(app, 'GET', `/tickets/${ticketId}`, { token });
  expect(ticket.body).toMatchObject({ status: 'closed', queueId: vendas.id });
  const log = await call(app, 'GET', `/tickets-log/${ticketId}`, { token });
  expect(log.body.map((l: { type: string }) => l.type)).toEqual(['create', 'queue', 'open', 'close', 'nps']);
});
