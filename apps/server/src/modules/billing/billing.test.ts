import { addDays, events, SUBSCRIPTION_GRACE_DAYS, zonedParts } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { startFakePix } from '../../../test/fake-pix/fake-pix.js';
import { createTenant } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets, overhear } from '../../../test/sockets.js';
import { companies, invoices } from '../../db/schema/index.js';
import { generateInvoices } from './invoices.queries.js';

const WEBHOOK_SECRET = 'webhook-secret-of-the-test';
const fake = await startFakePix();
const app = await createTestApp({ env: { ...fake.env, PIX_WEBHOOK_SECRET: WEBHOOK_SECRET } });
const live = await listenForSockets(app);
afterAll(async () => {
  await live.close();
  await fake.close();
});

const today = () => zonedParts(app.deps.now(), 'America/Sao_Paulo').date;
const webhook = (body: unknown, secret = WEBHOOK_SECRET) =>
  call(app, 'POST', `/webhooks/pix?hmac=${secret}&ignorar=/pix`, { body });
const companyOf = async (id: number) =>
  (await app.deps.db.select().from(companies).where(eq(companies.id, id)))[0];

/** A paying company (R$ 99.00 a month) whose invoice for its due date exists. */
async function payingTenant(dueDate: string) {
  const tenant = await createTenant(app, { dueDate, plan: { amountCents: 9900 } });
  await generateInvoices(app.deps.db, today(), 10);
  const listed = await call(app, 'GET', '/invoices/all', { token: tenant.admin.token });
  return { ...tenant, invoice: listed.body.invoices[0] };
}

const subscription = (invoiceId: number, extra: object = {}) => ({
  invoiceId,
  firstName: 'Ana',
  zipcode: '01001-000',
  ...extra,
});

describe('invoices', () => {
  test('are generated once per due date for companies due within the days ahead, priced by recurrence', async () => {
    const soon = await createTenant(app, { dueDate: addDays(today(), 5), plan: { amountCents: 5000 } });
    const later = await createTenant(app, { dueDate: addDays(today(), 30), plan: { amountCents: 5000 } });
    const free = await createTenant(app, { dueDate: addDays(today(), 5), plan: { amountCents: 0 } });
    await app.deps.db
      .update(companies)
      .set({ recurrence: 'TRIMESTRAL' })
      .where(eq(companies.id, soon.companyId));

    await generateInvoices(app.deps.db, today(), 10);
    await generateInvoices(app.deps.db, today(), 10);

    const listOf = async (token: string) => (await call(app, 'GET', '/invoices/all', { token })).body;
    expect(await listOf(soon.admin.token)).toMatchObject({
      count: 1,
      hasMore: false,
      invoices: [{ dueDate: addDays(today(), 5), value: 15000, status: 'open', paidAt: null }],
    });
    expect((await listOf(later.admin.token)).count).toBe(0);
    expect((await listOf(free.admin.token)).count).toBe(0);
  });

  test("a company never sees nor charges another company's invoice", async () => {
    const owner = await payingTenant(addDays(today(), 3));
    const other = await createTenant(app);

    const listed = await call(app, 'GET', '/invoices/all', { token: other.admin.token });
    const charged = await call(app, 'POST', '/subscription', {
      token: other.admin.token,
      body: subscription(owner.invoice.id),
    });

    expect(listed.body.invoices).toEqual([]);
    expect(charged).toMatchObject({ status: 404, body: { error: 'ERR_NO_INVOICE_FOUND' } });
  });
});

describe('Pix charges', () => {
  test("are made on the provider for the invoice's value, over mutual TLS, and asked again answer the same", async () => {
    const tenant = await payingTenant(addDays(today(), 3));

    const first = await call(app, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(tenant.invoice.id, { price: 1 }),
    });
    const again = await call(app, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(tenant.invoice.id),
    });

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ invoiceId: tenant.invoice.id, valor: { original: '99.00' } });
    expect(first.body.qrcode.qrcode).toContain(first.body.txid);
    expect(first.body.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    expect(again.body.txid).toBe(first.body.txid);
    expect(fake.charges.get(first.body.txid)).toMatchObject({
      valor: { original: '99.00' },
      chave: fake.env.PIX_KEY,
      solicitacaoPagador: `Fatura #${tenant.invoice.id}`,
    });
    expect(fake.requests.every((request) => request.clientCertificate)).toBe(true);
  });

  test('a custom plan is priced by the server: R$ 49 plus 11 a user and 20 a connection', async () => {
    const tenant = await payingTenant(addDays(today(), 3));

    const charged = await call(app, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(tenant.invoice.id, { custom: { users: 4, connections: 3 }, price: 1 }),
    });
    const belowMinimum = await call(app, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(tenant.invoice.id, { custom: { users: 2, connections: 3 } }),
    });

    expect(charged.body.valor.original).toBe('153.00');
    expect(belowMinimum).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  test("a payer without a full name or postal code is refused with the wizard's own messages", async () => {
    const tenant = await payingTenant(addDays(today(), 3));

    const refused = await call(app, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(tenant.invoice.id, { firstName: ' ', zipcode: '' }),
    });

    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        fields: { firstName: 'fullNameRequired', zipcode: 'zipcodeRequired' },
      },
    });
  });

  test('a server presenting a certificate the provider does not know gets no charge', async () => {
    const stranger = await createTestApp({
      env: { ...fake.env, PIX_CERT: fake.certificates.strangerP12Path },
    });
    const tenant = await createTenant(stranger, {
      dueDate: addDays(today(), 3),
      plan: { amountCents: 9900 },
    });
    await generateInvoices(stranger.deps.db, today(), 10);
    const [invoice] = await stranger.deps.db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, tenant.companyId));

    const charged = await call(stranger, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(invoice?.id ?? 0),
    });
    await stranger.close();

    expect(charged).toMatchObject({ status: 502, body: { error: 'ERR_PIX_PROVIDER' } });
  });
});

describe('the payment webhook', () => {
  let tenant: Awaited<ReturnType<typeof payingTenant>>;
  let txid: string;
  beforeAll(async () => {
    tenant = await payingTenant(addDays(today(), 4));
    const charged = await call(app, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(tenant.invoice.id),
    });
    txid = charged.body.txid;
  });

  test('without the shared secret is refused and changes nothing', async () => {
    const notification = { pix: [{ txid, endToEndId: 'E00000000202611280000forged00' }] };

    const wrong = await webhook(notification, 'not-the-secret-at-all');
    const missing = await call(app, 'POST', '/webhooks/pix', { body: notification });

    expect(wrong).toMatchObject({ status: 401, body: { error: 'ERR_INVALID_SIGNATURE' } });
    expect(missing.status).toBe(401);
    expect((await companyOf(tenant.companyId))?.dueDate).toBe(addDays(today(), 4));
  });

  test('naming a charge the provider has not seen paid changes nothing', async () => {
    const answer = await webhook({ pix: [{ txid, endToEndId: 'E00000000202611280000forged00' }] });

    expect(answer.status).toBe(200);
    expect((await companyOf(tenant.companyId))?.dueDate).toBe(addDays(today(), 4));
  });

  test('delivered twice at once and again later extends the due date once, by the recurrence, and says so live', async () => {
    const socket = await live.connect({ token: tenant.admin.token });
    const told = collect(socket, events.payment(tenant.companyId));
    const notification = await fake.pay(txid);

    const [first, retried] = await Promise.all([
      webhook({ pix: [{ bad: 'entry' }, ...notification.pix] }),
      webhook(notification),
    ]);
    const replay = await webhook(notification);
    await heard(told, 1);
    await live.drain(socket);

    const dueDate = addDays(today(), 4);
    const extended = (await companyOf(tenant.companyId))?.dueDate;
    expect([first.status, retried.status, replay.status]).toEqual([200, 200, 200]);
    expect(extended).not.toBe(dueDate);
    expect(extended).toBe(monthAfter(dueDate));
    const listed = await call(app, 'GET', '/invoices/all', { token: tenant.admin.token });
    expect(listed.body.invoices[0]).toMatchObject({ id: tenant.invoice.id, status: 'paid' });
    expect(told).toEqual([
      {
        action: 'CONCLUIDA',
        invoiceId: tenant.invoice.id,
        company: { id: tenant.companyId, dueDate: extended },
      },
    ]);
    const charged = await call(app, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(tenant.invoice.id),
    });
    expect(charged).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
  });
});

describe('an expired company', () => {
  test("has a socket that hears its payment and nothing else of the company's", async () => {
    const tenant = await payingTenant(addDays(today(), -10));
    const socket = await live.connect({ token: tenant.admin.token });
    const everything = overhear(socket);

    app.deps.realtime.toCompany(tenant.companyId, events.ticket(tenant.companyId), { action: 'update' });
    const charged = await call(app, 'POST', '/subscription', {
      token: tenant.admin.token,
      body: subscription(tenant.invoice.id),
    });
    await webhook(await fake.pay(charged.body.txid));
    await heard(everything, 1);
    await live.drain(socket);

    expect(everything.map(([event]) => event)).toEqual([events.payment(tenant.companyId)]);
  });

  test('is refused after its grace, keeps paying, and is back from today on once paid', async () => {
    const dueDate = addDays(today(), 2);
    const tenant = await payingTenant(dueDate);
    const realNow = app.deps.now;
    const later = new Date(app.deps.now().getTime() + (2 + SUBSCRIPTION_GRACE_DAYS + 1) * 86_400_000);
    app.deps.now = () => later;
    try {
      const laterToday = today();
      const refused = await call(app, 'GET', '/users', { token: tenant.admin.token });
      const charged = await call(app, 'POST', '/subscription', {
        token: tenant.admin.token,
        body: subscription(tenant.invoice.id),
      });
      await webhook(await fake.pay(charged.body.txid));
      await until(async () => (await companyOf(tenant.companyId))?.dueDate !== dueDate);
      const restored = await eventually(() => call(app, 'GET', '/users', { token: tenant.admin.token }));

      expect(refused).toMatchObject({ status: 402, body: { error: 'ERR_SUBSCRIPTION_EXPIRED' } });
      expect(charged.status).toBe(200);
      expect((await companyOf(tenant.companyId))?.dueDate).toBe(monthAfter(laterToday));
      expect(restored.status).toBe(200);
    } finally {
      app.deps.now = realNow;
    }
  });
});

/** The same day a month on (the tests' dates stay clear of month ends by a few days at most). */
function monthAfter(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  return `${next.toISOString().slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;
}

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The actor cache hears of the company's change by NOTIFY, a moment after the commit. */
async function eventually(request: () => Promise<{ status: number }>) {
  let answer = await request();
  const deadline = Date.now() + 5000;
  while (answer.status !== 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await request();
  }
  return answer;
}
