import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { receive } from '../../inbox/receive.js';

const TOKEN = 'metrics-token-long-enough';

describe('without METRICS_TOKEN', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  test('there is no /metrics', async () => {
    expect((await call(app, 'GET', '/metrics')).status).toBe(404);
  });
});

describe('with METRICS_TOKEN', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await app.close();
  });

  const scrape = async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    return answer.body;
  };

  test('refuses a scrape without the token, or with another', async () => {
    expect((await call(app, 'GET', '/metrics')).status).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  test('HTTP latency by route pattern, never by raw URL', async () => {
    const tenant = await createTenant(app);
    await call(app, 'GET', '/tickets/123456789', { token: tenant.admin.token });
    await app.inject({ method: 'GET', url: '/no-such-route-4242' });
    const text = await scrape();
    expect(text).toMatch(
      /balcao_http_request_duration_seconds_count\{method="GET",route="\/tickets\/:[^"]+",status="4xx"\} \d+/,
    );
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain('123456789');
    expect(text).not.toContain('no-such-route-4242');
  });

  test('the process, its sockets, its pool and the job queues', async () => {
    const text = await scrape();
    expect(text).toContain('balcao_nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/balcao_socket_connections \d+/);
    expect(text).toContain('# TYPE balcao_job_queue_depth gauge');
    expect(text).toContain('# TYPE balcao_whatsapp_sessions gauge');
  });

  test('messages received and sends by channel and outcome', async () => {
    const tenant = await createTenant(app);
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
    const inbound = {
      companyId: tenant.companyId,
      connectionId: ticket.connectionId as number,
      channel: 'webchat',
      identity: { kind: 'webchat' as const, value: `visitor-${ticket.id}` },
      contact: { name: 'Visitante' },
      externalId: `metrics-inbound-${ticket.id}`,
      body: 'Olá',
    };
    const before = await scrape();
    await receive(app.deps, inbound);
    await receive(app.deps, inbound);
    const count = (text: string, series: string) =>
      Number(text.match(new RegExp(`${series} (\\d+)`))?.[1] ?? 0);
    const received = 'balcao_messages_received_total\\{channel="webchat",duplicate="false"\\}';
    const duplicates = 'balcao_messages_received_total\\{channel="webchat",duplicate="true"\\}';
    const after = await scrape();
    expect(count(after, received) - count(before, received)).toBe(1);
    expect(count(after, duplicates) - count(before, duplicates)).toBe(1);

    const sends = 'balcao_outbox_sends_total\\{channel="webchat",outcome="[a-z]+"\\}';
    const total = (text: string) =>
      [...text.matchAll(new RegExp(`${sends} (\\d+)`, 'g'))].reduce((n, m) => n + Number(m[1]), 0);
    await call(app, 'POST', `/messages/${ticket.id}`, { token: tenant.admin.token, body: { body: 'Oi' } });
    await waitFor(scrape, (text) => total(text) > total(after), 15_000);
    expect(total(await scrape())).toBeGreaterThan(total(after));
  });
});
