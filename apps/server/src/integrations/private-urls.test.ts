import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { createConversationHarness, until } from '../../test/conversations.js';
import { createTenant } from '../../test/fixtures.js';

// This install keeps integrations out of its own network (the default); the fake services listen on
// 127.0.0.1, where a company user must not be able to point the server.
const { app, fake, routes, setUp, close } = await createConversationHarness({
  env: { ALLOW_PRIVATE_INTEGRATION_URLS: 'false' },
});
afterAll(close);

const port = new URL(fake.url).port;
routes.typebot = () => ({
  body: { sessionId: 's', messages: [{ type: 'text', content: { markdown: 'Oi!' } }] },
});
routes.webhook = () => ({ body: { replies: ['Oi!'] } });

/** Saved by a server whose install allowed private addresses then, as its switch was on. */
async function saveWhileAllowed(token: string, body: object) {
  const allowing = await createTestApp({ env: { ALLOW_PRIVATE_INTEGRATION_URLS: 'true' } });
  try {
    const saved = await call(allowing, 'POST', '/queueIntegration', { token, body });
    expect(saved.status).toBe(201);
    return saved.body as { id: number };
  } finally {
    await allowing.close();
  }
}

describe('integration URLs into the server’s own network', () => {
  test.each([
    `${fake.url}/typebot`,
    `http://localhost:${port}/`,
    `http://[::1]:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://2130706433:${port}/`,
    `http://017700000001:${port}/`,
    `http://127.1:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://0.0.0.0:${port}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.8/hook',
    'http://172.16.5.4/hook',
    'http://192.168.0.10/hook',
    'http://100.64.1.1/hook',
    'http://[fd00::1]/hook',
    'http://224.0.0.1/hook',
  ])('%s is refused when saved, in the URL field', async (urlN8N) => {
    const token = (await createTenant(app)).admin.token;

    const created = await call(app, 'POST', '/queueIntegration', {
      token,
      body: { type: 'webhook', name: 'Interno', urlN8N },
    });

    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({
      error: 'ERR_PRIVATE_ADDRESS',
      fields: { urlN8N: 'privateAddress' },
    });
  });

  test('an update to a private address is refused and the stored URL stays', async () => {
    const token = (await createTenant(app)).admin.token;
    const body = { type: 'n8n', name: 'Fluxo', urlN8N: 'https://n8n.example.com/hook' };
    const created = await call(app, 'POST', '/queueIntegration', { token, body });

    const updated = await call(app, 'PUT', `/queueIntegration/${created.body.id}`, {
      token,
      body: { ...body, urlN8N: `http://127.0.0.1:${port}/hook` },
    });
    const shown = await call(app, 'GET', `/queueIntegration/${created.body.id}`, { token });

    expect(created.status).toBe(201);
    expect(updated).toMatchObject({ status: 400, body: { error: 'ERR_PRIVATE_ADDRESS' } });
    expect(shown.body.urlN8N).toBe('https://n8n.example.com/hook');
  });

  test('Typebot saved while private addresses were allowed is not called once they are not: people take over', async () => {
    const { say, botSaid, ticket } = await setUp(async (token) => {
      const saved = await saveWhileAllowed(token, {
        type: 'typebot',
        name: 'Typebot',
        urlN8N: `${fake.url}/typebot`,
        typebotSlug: 'atendimento',
      });
      return { integrationId: saved.id };
    });
    const before = fake.received.length;

    await say('oi');
    const after = await until(async () => {
      const row = await ticket();
      return row && !row.useIntegration ? row : undefined;
    });

    expect(after).toMatchObject({ status: 'pending', integrationId: null });
    expect(botSaid()).toEqual([]);
    expect(fake.received.slice(before).filter((r) => r.path.startsWith('/typebot/'))).toEqual([]);
  });

  test('a webhook saved while private addresses were allowed is not delivered once they are not', async () => {
    const { say, ticket } = await setUp(async (token) => {
      const saved = await saveWhileAllowed(token, {
        type: 'webhook',
        name: 'Fluxo',
        urlN8N: `${fake.url}/hook`,
      });
      return { integrationId: saved.id };
    });
    const before = fake.received.length;

    await say('oi');
    const row = await until(ticket);
    const failure = await until(async () => {
      const jobs = await app.deps.db.execute(sql`
        select j.output->>'message' as message from pgboss.job j
        join messages m on (j.data->>'messageId')::bigint = m.id
        where j.name = 'integrations.webhook' and m.ticket_id = ${row.id} and j.state in ('retry', 'failed')`);
      return (jobs as unknown as { rows: { message: string }[] }).rows[0];
    });

    expect(failure.message).toMatch(/private address/);
    expect(fake.received.slice(before).filter((r) => r.path === '/hook')).toEqual([]);
  });

  test('a URL the pattern lets through but no parser reads is refused as invalid', async () => {
    const token = (await createTenant(app)).admin.token;

    const created = await call(app, 'POST', '/queueIntegration', {
      token,
      body: { type: 'webhook', name: 'Torto', urlN8N: 'http://[127.0.0.1/hook' },
    });

    expect(created).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { urlN8N: 'invalidValue' } },
    });
  });

  test('a public name DNS does not answer yet is saved: the call decides', async () => {
    const token = (await createTenant(app)).admin.token;

    const created = await call(app, 'POST', '/queueIntegration', {
      token,
      body: { type: 'webhook', name: 'Fora', urlN8N: 'https://hooks.example.invalid/flow' },
    });

    expect(created.status).toBe(201);
  });
});
