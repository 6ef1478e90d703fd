import { QUEUE_COLORS } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { createTenant } from '../../test/fixtures.js';
import { messages, pendingAutomations } from '../db/schema/index.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import { intakeSettled, storeInbound } from './intake-queue.js';
import { recoverSteps } from './pending-automation.js';
import { receive } from './receive.js';

const app = await createTestApp();
afterAll(() => app.close());

/** A website chat whose first contact is greeted with a menu of two queues. */
async function greetingConnection() {
  const tenant = await createTenant(app, { plan: { queues: 5 } });
  const token = tenant.admin.token;
  const queue = async (name: string, color: string) =>
    (await call(app, 'POST', '/queue', { token, body: { name, color } })).body;
  const queueIds = [
    (await queue('Vendas', QUEUE_COLORS[0])).id,
    (await queue('Suporte', QUEUE_COLORS[1])).id,
  ];
  const { body } = await call(app, 'POST', '/whatsapp', {
    token,
    body: { name: 'Site', channel: 'webchat', greetingMessage: 'Olá! Escolha:', queueIds },
  });
  return { companyId: tenant.companyId, connectionId: body.id as number };
}

const inbound = (to: { companyId: number; connectionId: number }, visitor: string): InboundMessage => ({
  ...to,
  channel: 'webchat',
  identity: { kind: 'webchat', value: `${visitor}-${to.companyId}` },
  contact: { name: visitor },
  externalId: `${visitor}-1`,
  body: 'Oi',
});

const greetingsOn = (ticketId: number) =>
  app.deps.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));

const pendingFor = (messageId: number) =>
  app.deps.db.select().from(pendingAutomations).where(eq(pendingAutomations.messageId, messageId));

test('a message stored by a process that stopped before answering it gets its greeting from the sweep, once', async () => {
  const connection = await greetingConnection();

  // The process stores the message and stops before its automation runs.
  const held = await storeInbound(app.deps, inbound(connection, 'interrompida'));
  held.release();
  const { ticketId, id } = held.message;
  expect(await greetingsOn(ticketId)).toEqual([]);
  expect(await pendingFor(id)).toHaveLength(1);

  // A step that young may still be running in its own process.
  expect(await recoverSteps(app.deps)).toBe(0);

  const later = new Date(Date.now() + 6 * 60_000);
  expect(await recoverSteps(app.deps, later)).toBe(1);
  const greeted = await greetingsOn(ticketId);
  expect(greeted.map((m) => m.body).join('\n')).toContain('Olá! Escolha:');
  expect(await pendingFor(id)).toEqual([]);

  expect(await recoverSteps(app.deps, new Date(later.getTime() + 6 * 60_000))).toBe(0);
  expect(await greetingsOn(ticketId)).toHaveLength(greeted.length);
});

test('a message answered by its own process leaves nothing for the sweep', async () => {
  const connection = await greetingConnection();

  const { message } = await receive(app.deps, inbound(connection, 'atendida'));
  await intakeSettled(app.deps);

  expect(await pendingFor(message.id)).toEqual([]);
  expect((await greetingsOn(message.ticketId)).map((m) => m.body).join('\n')).toContain('Olá! Escolha:');
});

test('steps answered while other messages arrive are removed with their batches, none left behind', async () => {
  const connection = await greetingConnection();
  const visitors = Array.from({ length: 8 }, (_, n) => `multidao${n}`);

  const received = await Promise.all(
    visitors.flatMap((visitor) =>
      [1, 2].map((n) =>
        receive(app.deps, { ...inbound(connection, visitor), externalId: `${visitor}-${n}` }),
      ),
    ),
  );
  await intakeSettled(app.deps);

  const left = await app.deps.db
    .select()
    .from(pendingAutomations)
    .where(eq(pendingAutomations.companyId, connection.companyId));
  expect(received).toHaveLength(16);
  expect(left).toEqual([]);
});
