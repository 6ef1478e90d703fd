import { randomUUID } from 'node:crypto';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { botCompany, fakeClock } from '../../test/conversation.js';
import { waitFor } from '../../test/wait.js';
import { connections, plantaoDays, plantoes } from '../db/schema/index.js';
import { PLANTAO_JOB } from './plantao.js';
import { runInboxSweep } from './timers.js';

const app = await createTestApp();
afterAll(() => app.close());

const notices: { number: string; body: string; connectionId: number }[] = [];
app.deps.channels.set('whatsapp', {
  send: async () => ({ externalId: randomUUID(), ack: 1 }),
  notify: async ({ connection, number, body }) => {
    notices.push({ number, body, connectionId: connection.id });
  },
});

async function waitForNotices(count: number) {
  const deadline = Date.now() + 15_000;
  while (notices.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} notices, got ${notices.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A notice that should not come would come now, if at all.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

test('a waiting customer alerts who is on duty (overnight window), once per interval, through the default connection', async () => {
  const clock = fakeClock(app, '2026-03-03T04:00:00Z'); // Tuesday 01:00 in São Paulo
  const bot = await botCompany(app, { greetingMessage: '' });
  const [phoneLine] = await app.deps.db
    .insert(connections)
    .values({
      companyId: bot.companyId,
      name: 'WhatsApp',
      channel: 'whatsapp',
      status: 'CONNECTED',
      isDefault: true,
      token: randomUUID().replaceAll('-', '').slice(0, 30),
    })
    .returning();
  const [night] = await app.deps.db
    .insert(plantoes)
    .values({ companyId: bot.companyId, userId: bot.tenant.admin.id, phone: '5511988887777', interval: 10 })
    .returning();
  if (!night || !phoneLine) throw new Error('not created');
  // Monday 22:00 until Tuesday 06:00.
  await app.deps.db.insert(plantaoDays).values({
    companyId: bot.companyId,
    plantaoId: night.id,
    weekday: 1,
    startTime: '22:00',
    endTime: '06:00',
  });
  const customer = bot.customer('Joana');

  await customer.says('Socorro, sem internet');
  await waitForNotices(1);
  const ticket = await customer.ticket();
  expect(notices).toEqual([
    {
      number: '5511988887777',
      body: `Novo atendimento aguardando sua resposta: Joana, ticket #${ticket.id}.`,
      connectionId: phoneLine.id,
    },
  ]);

  clock.advanceMinutes(5);
  await customer.says('Alguém?');
  clock.advanceMinutes(6);
  await customer.says('Alô?');
  await waitForNotices(2);
  expect(notices).toHaveLength(2);

  clock.set('2026-03-03T09:30:00Z'); // 06:30: the duty ended
  await customer.says('Bom dia');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(notices).toHaveLength(2);
});

test('a record saved through /plantao alerts its person at each interval while the ticket waits, and no more once accepted', async () => {
  const clock = fakeClock(app, '2026-03-04T13:00:00Z'); // Wednesday 10:00 in São Paulo
  const bot = await botCompany(app, { greetingMessage: '' });
  await app.deps.db.insert(connections).values({
    companyId: bot.companyId,
    name: 'WhatsApp',
    channel: 'whatsapp',
    status: 'CONNECTED',
    isDefault: true,
    token: randomUUID().replaceAll('-', '').slice(0, 30),
  });
  const { admin } = bot.tenant;
  const saved = await call(app, 'POST', '/plantao', {
    token: admin.token,
    body: {
      userId: admin.id,
      phone: '5511966665555',
      interval: 10,
      days: [{ weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' }],
    },
  });
  expect(saved.status).toBe(201);
  // Every notice the engine queues, counted where it is queued: a notice that should not come is never queued.
  const queued: unknown[] = [];
  const send = app.deps.jobs.send.bind(app.deps.jobs);
  app.deps.jobs.send = (name, data, options, tx) => {
    if (name === PLANTAO_JOB) queued.push(data);
    return send(name, data, options, tx);
  };
  const toThisPhone = () => notices.filter((n) => n.number === '5511966665555');
  const customer = bot.customer('Marta');

  await customer.says('Preciso de ajuda');
  await waitFor(
    async () => toThisPhone().length,
    (n) => n === 1,
  );
  const ticket = await customer.ticket();
  clock.advanceMinutes(9);
  await runInboxSweep(app.deps);
  expect(queued).toHaveLength(1);
  clock.advanceMinutes(1);
  await runInboxSweep(app.deps);
  await waitFor(
    async () => toThisPhone().length,
    (n) => n === 2,
  );

  expect(toThisPhone()[1]?.body).toBe(
    `Novo atendimento aguardando sua resposta: Marta, ticket #${ticket.id}.`,
  );
  const accepted = await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token: admin.token,
    body: { status: 'open', userId: admin.id },
  });
  expect(accepted.status).toBe(200);
  clock.advanceMinutes(30);
  await runInboxSweep(app.deps);
  await customer.says('Obrigada');
  expect(queued).toHaveLength(2);
  expect(toThisPhone()).toHaveLength(2);
});
