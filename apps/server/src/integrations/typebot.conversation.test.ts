import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../../test/app.js';
import { createConversationHarness, until } from '../../test/conversations.js';
import { messages, ticketLogs } from '../db/schema/index.js';

const { app, fake, routes, setUp, close } = await createConversationHarness();
afterAll(close);

describe('Typebot in a website chat conversation', () => {
  test('Typebot: bubbles reach the visitor, and a JSON command hands the ticket to a queue', async () => {
    const sessions: string[] = [];
    routes.typebot = (request) => {
      if (request.path === '/typebot/api/v1/typebots/atendimento/startChat') {
        return {
          body: {
            sessionId: 'sess-1',
            messages: [
              { id: 'b1', type: 'text', content: { type: 'markdown', markdown: 'Olá, Paula! Sou o robô.' } },
              {
                id: 'b2',
                type: 'text',
                content: {
                  type: 'richText',
                  richText: [{ type: 'p', children: [{ text: 'Quer falar com vendas?' }] }],
                },
              },
            ],
            input: { id: 'i1', type: 'text input' },
          },
        };
      }
      sessions.push(request.path);
      return {
        body: {
          messages: [
            { id: 'b3', type: 'text', content: { type: 'markdown', markdown: 'Transferindo para vendas…' } },
            { id: 'b4', type: 'text', content: { type: 'markdown', markdown: `#{"queueId":${queueId}}` } },
          ],
        },
      };
    };
    let queueId = 0;
    const { say, botSaid, ticket, tenant } = await setUp(async (token, q) => {
      queueId = q;
      const { body } = await call(app, 'POST', '/queueIntegration', {
        token,
        body: {
          type: 'typebot',
          name: 'Typebot',
          urlN8N: `${fake.url}/typebot`,
          typebotSlug: 'atendimento',
          typebotDelayMessage: 0,
        },
      });
      return { integrationId: body.id };
    });

    await say('oi');
    await until(() => botSaid().length === 2);
    const during = await ticket();
    await say('sim');
    await until(() => botSaid().length === 3);
    const after = await until(async () => ((await ticket())?.queueId === queueId ? ticket() : undefined));
    const continued = fake.received.find((r) => r.path.endsWith('/continueChat'));
    const logs = await app.deps.db
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.ticketId, after?.id ?? 0), eq(ticketLogs.type, 'queue')));

    expect(botSaid()).toEqual([
      'Olá, Paula! Sou o robô.',
      'Quer falar com vendas?',
      'Transferindo para vendas…',
    ]);
    expect(during).toMatchObject({ useIntegration: true, typebotSessionId: 'sess-1', queueId: null });
    expect(sessions).toEqual(['/typebot/api/v1/sessions/sess-1/continueChat']);
    expect(continued?.body).toMatchObject({ message: { type: 'text', text: 'sim' } });
    expect(after).toMatchObject({
      status: 'pending',
      useIntegration: false,
      integrationId: null,
      typebotSessionId: null,
    });
    expect(logs).toHaveLength(1);
    const pending = await call(app, 'GET', '/tickets?status=pending', { token: tenant.admin.token });
    expect(pending.body.tickets[0].queueId).toBe(queueId);
  });

  test('Typebot: the restart keyword starts the flow over, the finish keyword hands the ticket to people', async () => {
    let starts = 0;
    routes.typebot = (request) =>
      request.path.endsWith('/startChat')
        ? {
            body: {
              sessionId: `s-${++starts}`,
              messages: [{ type: 'text', content: { markdown: `Início ${starts}` } }],
              input: {},
            },
          }
        : { body: { messages: [{ type: 'text', content: { markdown: 'Entendi' } }], input: {} } };
    const { say, botSaid, ticket } = await setUp(async (token) => {
      const { body } = await call(app, 'POST', '/queueIntegration', {
        token,
        body: {
          type: 'typebot',
          name: 'Typebot',
          urlN8N: `${fake.url}/typebot/`,
          typebotSlug: 'fluxo',
          typebotDelayMessage: 0,
          typebotKeywordRestart: 'reiniciar',
          typebotRestartMessage: 'Vamos recomeçar.',
          typebotKeywordFinish: 'SAIR',
        },
      });
      return { integrationId: body.id };
    });

    await say('oi');
    await say('reiniciar');
    await say('de novo');
    await say('sair');
    const after = await until(async () =>
      (await ticket())?.useIntegration === false ? ticket() : undefined,
    );

    await until(() => botSaid().length === 3);
    expect(botSaid()).toEqual(['Início 1', 'Vamos recomeçar.', 'Início 2']);
    expect(after).toMatchObject({ status: 'pending', useIntegration: false });
  });

  test('an agent who accepts the ticket silences the integration', async () => {
    let calls = 0;
    routes.typebot = () => {
      calls++;
      return {
        body: { sessionId: 's-agent', messages: [{ type: 'text', content: { markdown: 'Oi!' } }], input: {} },
      };
    };
    const { say, botSaid, ticket, tenant } = await setUp(async (token) => {
      const { body } = await call(app, 'POST', '/queueIntegration', {
        token,
        body: {
          type: 'typebot',
          name: 'Typebot',
          urlN8N: `${fake.url}/typebot`,
          typebotSlug: 'f',
          typebotDelayMessage: 0,
        },
      });
      return { integrationId: body.id };
    });
    await say('oi');
    await until(() => botSaid().length === 1);
    const row = await until(ticket);

    const accepted = await call(app, 'PUT', `/tickets/${row.id}`, {
      token: tenant.admin.token,
      body: { status: 'open' },
    });
    await say('falo com você agora');
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(accepted.status).toBe(200);
    expect(calls).toBe(1);
    expect(botSaid()).toEqual(['Oi!']);
  });

  test('bubbles leave typebotDelayMessage apart, and a session idle past typebotExpires starts over', async () => {
    let starts = 0;
    routes.typebot = (request) =>
      request.path.endsWith('/startChat')
        ? {
            body: {
              sessionId: `idle-${++starts}`,
              messages: [
                { type: 'text', content: { markdown: `Começo ${starts}` } },
                { type: 'text', content: { markdown: `Pergunta ${starts}` } },
              ],
              input: {},
            },
          }
        : { body: { messages: [{ type: 'text', content: { markdown: 'Seguindo' } }], input: {} } };
    const { say, botSaid, ticket } = await setUp(async (token) => {
      const { body } = await call(app, 'POST', '/queueIntegration', {
        token,
        body: {
          type: 'typebot',
          name: 'Typebot',
          urlN8N: `${fake.url}/typebot`,
          typebotSlug: 'lento',
          typebotDelayMessage: 1500,
          typebotExpires: 5,
        },
      });
      return { integrationId: body.id };
    });

    const before = Date.now();
    await say('oi');
    await until(() => botSaid().length === 2);
    const gap = Date.now() - before;
    const row = await until(ticket);
    // Ten idle minutes, as if the customer walked away: the next message finds the session expired.
    await app.deps.db
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(messages.ticketId, row.id));
    await say('voltei');
    await until(() => botSaid().length === 3);

    expect(gap).toBeGreaterThanOrEqual(1500);
    expect(botSaid().slice(0, 3)).toEqual(['Começo 1', 'Pergunta 1', 'Começo 2']);
    expect((await ticket())?.typebotSessionId).toBe('idle-2');
  });
});
