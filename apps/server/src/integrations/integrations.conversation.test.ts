import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../../test/app.js';
import { ACCESS_TOKEN, createConversationHarness, until } from '../../test/conversations.js';
import type { FakeRequest } from '../../test/fake-http.js';
import { sendFileList } from './file-lists.js';

const { app, fake, routes, keys, setUp, close } = await createConversationHarness();
afterAll(close);

describe('integrations in a website chat conversation', () => {
  test('OpenAI: answers from the ticket history, then the transfer action moves the ticket to the prompt queue', async () => {
    const requests: { messages: { role: string; content: string }[]; max_tokens: number; model: string }[] =
      [];
    routes.openai = (request) => {
      const body = request.body as (typeof requests)[number];
      requests.push(body);
      const last = body.messages.at(-1)?.content ?? '';
      const content = last.includes('humano')
        ? 'Ação: Transferir para o setor de atendimento. Um momento, Paula!'
        : 'Olá, Paula! Como posso ajudar?';
      return {
        body: {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        },
      };
    };
    let promptQueue = 0;
    const { say, botSaid, ticket } = await setUp(async (token, queueId) => {
      promptQueue = queueId;
      const { body } = await call(app, 'POST', '/prompt', {
        token,
        body: {
          name: 'Assistente',
          prompt: 'Você atende a loja.',
          apiKey: 'sk-live-secret-9999',
          queueId,
          maxMessages: 2,
          maxTokens: 150,
        },
      });
      return { promptId: body.id };
    });

    await say('Bom dia');
    await until(() => botSaid().length === 1);
    await say('quero falar com um humano');
    const after = await until(async () => ((await ticket())?.queueId === promptQueue ? ticket() : undefined));
    await until(() => botSaid().length === 2);

    expect(botSaid()).toEqual(['Olá, Paula! Como posso ajudar?', 'Um momento, Paula!']);
    expect(after).toMatchObject({ status: 'pending', useIntegration: false, promptId: null });
    const authorization = fake.received.filter((r) => r.path === '/v1/chat/completions').at(-1)
      ?.headers.authorization;
    expect(authorization).toBe('Bearer sk-live-secret-9999');
    expect(requests[1]?.max_tokens).toBe(150);
    expect(requests[1]?.model).toBe('gpt-4o-mini');
    expect(requests[1]?.messages[0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining('Você atende a loja.'),
    });
    // maxMessages 2: the bot's answer and the new question, not the first greeting.
    expect(requests[1]?.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Olá, Paula! Como posso ajudar?' },
      { role: 'user', content: 'quero falar com um humano' },
    ]);
  });

  test('Dialogflow: detectIntent with a token from the service account answers the visitor', async () => {
    routes.detectIntent = (request) =>
      request.headers.authorization === `Bearer ${ACCESS_TOKEN}`
        ? {
            body: {
              queryResult: {
                queryText: (request.body as { queryInput: { text: { text: string } } }).queryInput.text.text,
                fulfillmentText: 'ignored when messages exist',
                fulfillmentMessages: [{ text: { text: ['Oi! Aqui é o agente da loja.'] } }],
                intent: { displayName: 'Default Welcome Intent' },
              },
            },
          }
        : { status: 401, body: {} };
    const account = JSON.stringify({
      type: 'service_account',
      client_email: 'agente@loja.iam.gserviceaccount.com',
      private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    const { say, botSaid, ticket } = await setUp(async (token) => {
      const { body } = await call(app, 'POST', '/queueIntegration', {
        token,
        body: {
          type: 'dialogflow',
          name: 'Agente',
          projectName: 'loja-123',
          language: 'pt-BR',
          jsonContent: account,
        },
      });
      return { integrationId: body.id };
    });

    await say('olá');
    await until(() => botSaid().length === 1);
    const row = await ticket();
    const call_ = fake.received.find((r) => r.path.startsWith('/v2/projects/loja-123/'));

    expect(botSaid()).toEqual(['Oi! Aqui é o agente da loja.']);
    expect(call_?.path).toBe(`/v2/projects/loja-123/agent/sessions/${row?.uuid}:detectIntent`);
    expect(call_?.body).toEqual({ queryInput: { text: { text: 'olá', languageCode: 'pt-BR' } } });
    expect(row?.useIntegration).toBe(true);
  });

  test('webhook: a signed event is delivered, and its answer replies and hands over', async () => {
    let secret = '';
    const deliveries: FakeRequest[] = [];
    let attempts = 0;
    routes.webhook = (request) => {
      attempts++;
      const expected = `sha256=${createHmac('sha256', secret).update(`${request.headers['x-balcao-timestamp']}.${request.raw}`).digest('hex')}`;
      if (request.headers['x-balcao-signature'] !== expected) return { status: 401, body: {} };
      // The first delivery fails: the job tries again.
      if (attempts === 1) return { status: 503, body: {} };
      deliveries.push(request);
      return { body: { replies: ['Recebemos sua mensagem!'], queueId: targetQueue } };
    };
    let targetQueue = 0;
    const { say, botSaid, ticket } = await setUp(async (token, queueId) => {
      targetQueue = queueId;
      const { body } = await call(app, 'POST', '/queueIntegration', {
        token,
        body: { type: 'n8n', name: 'Fluxo n8n', urlN8N: `${fake.url}/hook` },
      });
      secret = body.webhookSecret;
      return { integrationId: body.id };
    });

    await say('Quero um orçamento');
    await until(() => botSaid().length === 1, 60_000);
    const after = await until(async () => ((await ticket())?.queueId === targetQueue ? ticket() : undefined));

    expect(attempts).toBe(2);
    expect(deliveries[0]?.body).toMatchObject({
      event: 'message.received',
      ticket: { id: after?.id, uuid: after?.uuid, channel: 'webchat' },
      contact: { name: 'Paula Cliente' },
      message: { body: 'Quero um orçamento', fromMe: false },
    });
    expect(botSaid()).toEqual(['Recebemos sua mensagem!']);
    expect(after).toMatchObject({ status: 'pending', useIntegration: false });
  }, 90_000);

  test('a file list sent by the bot reaches the visitor: its message, then each file under its name', async () => {
    const { say, botSaid, ticket, tenant } = await setUp(async () => ({}));
    const { body: list } = await call(app, 'POST', '/files', {
      token: tenant.admin.token,
      body: {
        name: 'Catálogo',
        message: 'Veja nossos arquivos:',
        options: [{ name: 'Tabela de preços' }, { name: 'Sem arquivo' }],
      },
    });
    const boundary = '----balcao';
    await app.inject({
      method: 'POST',
      url: `/files/uploadList/${list.id}`,
      headers: {
        authorization: `Bearer ${tenant.admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="fileId"\r\n\r\n${list.options[0].id}\r\n`,
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="precos.pdf"\r\n\r\n`,
        ),
        Buffer.from('%PDF-1.4\n%%EOF\n'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    await say('oi');
    const row = await until(ticket);

    await sendFileList(app.deps, row, list.id);
    await until(() => botSaid().length === 3);
    const thread = await call(app, 'GET', `/messages/${row.id}`, { token: tenant.admin.token });

    expect(botSaid()).toEqual([
      'Saudação que a integração substitui',
      'Veja nossos arquivos:',
      'Tabela de preços',
    ]);
    expect(thread.body.messages.at(-1)).toMatchObject({ body: 'Tabela de preços', mediaType: 'document' });
  });

  test('a service that fails hands the ticket to people instead of leaving the customer unanswered', async () => {
    routes.openai = () => ({
      status: 401,
      body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } },
    });
    let promptQueue = 0;
    const { say, botSaid, ticket } = await setUp(async (token, queueId) => {
      promptQueue = queueId;
      const { body } = await call(app, 'POST', '/prompt', {
        token,
        body: { name: 'Quebrado', prompt: 'x', apiKey: 'sk-revoked', queueId },
      });
      return { promptId: body.id };
    });

    await say('alguém aí?');
    const after = await until(async () => {
      const row = await ticket();
      return row && !row.useIntegration ? row : undefined;
    });

    expect(after).toMatchObject({ status: 'pending', promptId: null, queueId: promptQueue });
    expect(botSaid()).toEqual([]);
  });
});
