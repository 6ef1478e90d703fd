import { afterAll, describe, expect, test } from 'vitest';
import { call } from '../../test/app.js';
import { createConversationHarness, until } from '../../test/conversations.js';
import { createFakeHttp } from '../../test/fake-http.js';

// The test server allows private addresses (its fakes listen on 127.0.0.1): what is refused here is
// refused whatever the address.
const { app, fake, routes, setUp, close } = await createConversationHarness();
const elsewhere = await createFakeHttp(() => ({
  body: {
    sessionId: 'other',
    messages: [{ type: 'text', content: { markdown: 'Resposta de outro lugar' } }],
  },
}));
afterAll(async () => {
  await close();
  await elsewhere.close();
});

const START = '/typebot/api/v1/typebots/atendimento/startChat';

function typebotConversation() {
  return setUp(async (token) => {
    const { body } = await call(app, 'POST', '/queueIntegration', {
      token,
      body: { type: 'typebot', name: 'Typebot', urlN8N: `${fake.url}/typebot`, typebotSlug: 'atendimento' },
    });
    return { integrationId: body.id };
  });
}

const handedToPeople = (ticket: () => Promise<{ useIntegration: boolean } | undefined>) =>
  until(async () => {
    const row = await ticket();
    return row && !row.useIntegration ? row : undefined;
  });

describe('what the server does with an integration’s answer', () => {
  test('with private addresses allowed, a Typebot on the same network answers', async () => {
    routes.typebot = () => ({
      body: { sessionId: 's1', messages: [{ type: 'text', content: { markdown: 'Oi!' } }] },
    });
    const { say, botSaid, ticket } = await typebotConversation();

    await say('oi');
    await until(() => botSaid().length === 1);

    expect(botSaid()).toEqual(['Oi!']);
    expect((await ticket())?.useIntegration).toBe(true);
  });

  test('a redirect is not followed: the call fails and people take over', async () => {
    routes.typebot = (request) =>
      request.path === START
        ? { status: 307, headers: { location: `${elsewhere.url}${START}` }, body: {} }
        : { status: 404, body: {} };
    const { say, botSaid, ticket } = await typebotConversation();

    await say('oi');
    const after = await handedToPeople(ticket);

    expect(after).toMatchObject({ status: 'pending', useIntegration: false });
    expect(elsewhere.received).toEqual([]);
    expect(botSaid()).toEqual([]);
  });

  test('an answer over 1 MiB is not read: the call fails and people take over', async () => {
    routes.typebot = () => ({
      body: {
        sessionId: 's2',
        messages: [
          { type: 'text', content: { markdown: 'Oi!' } },
          { type: 'embed', content: { height: 'x'.repeat(1024 * 1024) } },
        ],
      },
    });
    const { say, botSaid, ticket } = await typebotConversation();

    await say('oi');
    const after = await handedToPeople(ticket);

    expect(after).toMatchObject({ status: 'pending', useIntegration: false });
    expect(botSaid()).toEqual([]);
  });
});
