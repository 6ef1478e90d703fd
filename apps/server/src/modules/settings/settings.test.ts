import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, type MockInstance, test, vi } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { SUPER_EMAIL, SUPER_PASSWORD } from '../../../test/database.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { companies, users } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

async function superToken() {
  const { body } = await call(app, 'POST', '/auth/login', {
    body: { email: SUPER_EMAIL, password: SUPER_PASSWORD },
  });
  return body.token as string;
}

describe('company settings', () => {
  test('read their defaults until an admin changes them, for that company only', async () => {
    const one = await createTenant(app);
    const two = await createTenant(app);

    const before = await call(app, 'GET', '/settings', { token: one.admin.token });
    const put = await call(app, 'PUT', '/settings/requiredTag', {
      token: one.admin.token,
      body: { value: 'enabled' },
    });
    const mine = await call(app, 'GET', '/companySettingOne?column=requiredTag', { token: one.admin.token });
    const theirs = await call(app, 'GET', '/companySettingOne?column=requiredTag', {
      token: two.admin.token,
    });

    expect(before.body).toContainEqual({ key: 'requiredTag', value: 'disabled' });
    expect(before.body.map((s: { key: string }) => s.key)).not.toContain('paymentGatewayToken');
    expect(before.body.map((s: { key: string }) => s.key)).not.toContain('userCreation');
    expect(put).toMatchObject({ status: 200, body: { key: 'requiredTag', value: 'enabled' } });
    expect(mine.body).toEqual({ key: 'requiredTag', value: 'enabled' });
    expect(theirs.body).toEqual({ key: 'requiredTag', value: 'disabled' });
  });

  test('PUT /companySettings takes column and data', async () => {
    const tenant = await createTenant(app);

    const put = await call(app, 'PUT', '/companySettings', {
      token: tenant.admin.token,
      body: { column: 'scheduleType', data: 'queue' },
    });
    const all = await call(app, 'GET', `/companySettings/${tenant.companyId}`, { token: tenant.admin.token });

    expect(put.status).toBe(200);
    expect(all.body).toMatchObject({ scheduleType: 'queue', userRating: 'disabled' });
  });

  test('refuses values a setting does not accept and unknown keys', async () => {
    const tenant = await createTenant(app);

    const badValue = await call(app, 'PUT', '/settings/scheduleType', {
      token: tenant.admin.token,
      body: { value: 'always' },
    });
    const badKey = await call(app, 'PUT', '/settings/noSuchThing', {
      token: tenant.admin.token,
      body: { value: 'enabled' },
    });

    expect(badValue).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { value: 'invalidValue' } },
    });
    expect(badKey).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  test('attendants read settings but cannot change them', async () => {
    const tenant = await createTenant(app);
    const attendant = await createUser(app, tenant.companyId);

    const read = await call(app, 'GET', '/settings', { token: attendant.token });
    const write = await call(app, 'PUT', '/settings/userRating', {
      token: attendant.token,
      body: { value: 'enabled' },
    });

    expect(read.status).toBe(200);
    expect(write).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
  });

  test('supervisors and users lifted by flags still cannot change them; the value stays', async () => {
    const tenant = await createTenant(app);
    const supervisor = await createUser(app, tenant.companyId, { profile: 'supervisor' });
    const lifted = await createUser(app, tenant.companyId, {
      showDashboard: 'enabled',
      allowRealTime: 'enabled',
      allowConnections: 'enabled',
    });

    const refused = await Promise.all(
      [supervisor, lifted].map((user) =>
        call(app, 'PUT', '/settings/requiredTag', { token: user.token, body: { value: 'enabled' } }),
      ),
    );
    const after = await call(app, 'GET', '/companySettingOne?column=requiredTag', {
      token: tenant.admin.token,
    });

    for (const answer of refused)
      expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(after.body).toEqual({ key: 'requiredTag', value: 'disabled' });
  });

  test("another company's settings and plan are not found", async () => {
    const one = await createTenant(app);
    const two = await createTenant(app);

    const settings = await call(app, 'GET', `/companySettings/${one.companyId}`, { token: two.admin.token });
    const plan = await call(app, 'GET', `/companies/listPlan/${one.companyId}`, { token: two.admin.token });
    const ownPlan = await call(app, 'GET', `/companies/listPlan/${two.companyId}`, {
      token: two.admin.token,
    });

    expect(settings).toMatchObject({ status: 404, body: { error: 'ERR_NO_COMPANY_FOUND' } });
    expect(plan.status).toBe(404);
    expect(ownPlan).toMatchObject({ status: 200, body: { id: two.companyId, plan: { useCampaigns: true } } });
  });
});

describe('each company setting takes only the values its contract accepts', () => {
  const toggle = { good: 'enabled', bad: ['yes', 'ENABLED', ''] };
  const flipped = { good: 'disabled', bad: ['no', '0'] };
  const cases: [string, { good: string; bad: string[] }][] = [
    ['userRating', toggle],
    ['scheduleType', { good: 'connection', bad: ['always', 'Queue'] }],
    ['chatBotType', { good: 'text', bad: ['button', 'list'] }],
    ['acceptCallWhatsapp', flipped],
    ['userRandom', toggle],
    ['sendGreetingMessageOneQueues', flipped],
    ['sendSignMessage', flipped],
    ['sendFarewellWaitingTicket', toggle],
    ['sendGreetingAccepted', toggle],
    ['sendMessageOutExpedientTicketOpen', toggle],
    ['sendQueuePosition', toggle],
    ['acceptAudioMessageContact', flipped],
    ['enableLGPD', toggle],
    ['requiredTag', toggle],
    ['lgpdDeleteMessage', toggle],
    ['lgpdHideNumber', toggle],
    ['lgpdConsent', toggle],
    ['lgpdMessage', { good: 'Seus dados seguem a LGPD.', bad: ['nul \0 inside', 'x'.repeat(4001)] }],
    [
      'lgpdLink',
      {
        good: 'https://example.test/privacidade',
        bad: ['javascript:alert(1)', 'example.test/privacidade', 'https://example.test/a b'],
      },
    ],
    ['sendMsgTransfTicket', toggle],
  ];

  test.each(cases)('%s refuses a bad value and keeps the one it had', async (key, { good, bad }) => {
    const tenant = await createTenant(app);
    const saved = await call(app, 'PUT', `/settings/${key}`, {
      token: tenant.admin.token,
      body: { value: good },
    });

    const refused = await Promise.all(
      bad.map((value) =>
        call(app, 'PUT', `/settings/${key}`, { token: tenant.admin.token, body: { value } }),
      ),
    );
    const after = await call(app, 'GET', `/companySettingOne?column=${key}`, { token: tenant.admin.token });

    expect(saved).toMatchObject({ status: 200, body: { key, value: good } });
    for (const answer of refused) {
      expect(answer).toMatchObject({
        status: 400,
        // Too long says so; anything else the contract refuses is an invalid value.
        body: {
          error: 'ERR_VALIDATION',
          fields: { value: expect.stringMatching(/^(invalidValue|tooLong)$/) },
        },
      });
    }
    expect(after.body).toEqual({ key, value: good });
  });

  test('an empty link clears it', async () => {
    const tenant = await createTenant(app);
    await call(app, 'PUT', '/settings/lgpdLink', {
      token: tenant.admin.token,
      body: { value: 'https://example.test/privacidade' },
    });

    const cleared = await call(app, 'PUT', '/settings/lgpdLink', {
      token: tenant.admin.token,
      body: { value: '' },
    });

    expect(cleared).toMatchObject({ status: 200, body: { key: 'lgpdLink', value: '' } });
  });
});

describe('platform settings', () => {
  test('only the super user changes sign-up, and the payment credential is never read back', async () => {
    const tenant = await createTenant(app);
    const token = await superToken();

    const byAdmin = await call(app, 'PUT', '/settings/userCreation', {
      token: tenant.admin.token,
      body: { value: 'disabled' },
    });
    const secret = await call(app, 'PUT', '/settings/paymentGatewayToken', {
      token,
      body: { value: 'sk_live_123' },
    });
    const listed = await call(app, 'GET', '/settings', { token });

    expect(byAdmin.status).toBe(403);
    expect(secret).toMatchObject({ status: 200, body: { key: 'paymentGatewayToken', value: '' } });
    expect(JSON.stringify(listed.body)).not.toContain('sk_live_123');
  });
});

describe('sign-up', () => {
  const form = (suffix: string, planId: number) => ({
    companyName: `Padaria ${suffix}`,
    name: 'Joana Lima',
    email: `joana-${suffix}@example.test`,
    phone: '(11) 98765-4321',
    password: 'Segredo123',
    planId,
    termo: true,
  });
  const publicPlanId = async () => (await call(app, 'GET', '/plans/listPublic')).body[0].id as number;

  test('creates a company on trial with its first admin, who can sign in', async () => {
    const suffix = String(Date.now());

    const { status, body } = await call(app, 'POST', '/auth/signup', {
      body: form(suffix, await publicPlanId()),
    });
    const login = await call(app, 'POST', '/auth/login', {
      body: { email: `joana-${suffix}@example.test`, password: 'Segredo123' },
    });

    expect({ status, body }).toEqual({ status: 201, body: {} });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      profile: 'admin',
      super: false,
      company: { name: `Padaria ${suffix}` },
    });
    expect(login.body.user.company.dueDate > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  test('the new admin keeps the language the sign-up page was shown in', async () => {
    const suffix = `lang${Date.now()}`;

    await call(app, 'POST', '/auth/signup', {
      body: { ...form(suffix, await publicPlanId()), language: 'en' },
    });
    const login = await call(app, 'POST', '/auth/login', {
      body: { email: `joana-${suffix}@example.test`, password: 'Segredo123' },
    });

    expect(login.body.user.language).toBe('en');
  });

  test('answers the sign-up rules per field', async () => {
    const { status, body } = await call(app, 'POST', '/auth/signup', {
      body: {
        companyName: 'X',
        name: '',
        email: 'bad',
        phone: '123',
        password: 'weakpass',
        planId: 1,
        termo: false,
      },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({
      companyName: 'tooShort',
      name: 'required',
      email: 'invalidEmail',
      phone: 'invalidPhone',
      password: 'passwordWeak',
      termo: 'termsRequired',
    });
  });

  const companiesNamed = (name: string) =>
    app.deps.db.select().from(companies).where(sql`lower(${companies.name}) = lower(${name})`);
  const usersWith = (email: string) => app.deps.db.select().from(users).where(eq(users.email, email));
  /** What sign-up logged of a taken name or address (the spy also hears the server's other lines). */
  const loggedTaken = (info: MockInstance) =>
    info.mock.calls.filter(([fields]) => typeof fields === 'object' && fields !== null && 'taken' in fields);
  const signIn = (email: string, password: string) =>
    call(app, 'POST', '/auth/login', { body: { email, password } });

  test('a taken company name answers exactly like a created account, creates nothing, and names the owner in the log', async () => {
    const suffix = `dup${Date.now()}`;
    const planId = await publicPlanId();
    const first = await call(app, 'POST', '/auth/signup', { body: form(suffix, planId) });
    const [owner] = await companiesNamed(`Padaria ${suffix}`);
    const info = vi.spyOn(app.deps.log, 'info');

    const again = await call(app, 'POST', '/auth/signup', {
      body: {
        ...form(suffix, planId),
        companyName: `PADARIA ${suffix}`,
        email: `other-${suffix}@example.test`,
      },
    });

    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
    expect(await companiesNamed(`Padaria ${suffix}`)).toHaveLength(1);
    expect(await usersWith(`other-${suffix}@example.test`)).toEqual([]);
    const logged = loggedTaken(info);
    expect(logged).toEqual([[{ taken: 'companyName', owner: { companyId: owner?.id } }, expect.any(String)]]);
    expect(JSON.stringify(logged)).not.toMatch(/other-|Segredo123/);
    info.mockRestore();
  });

  test('a taken e-mail answers exactly like a created account and leaves its owner signing in as before', async () => {
    const suffix = `mail${Date.now()}`;
    const planId = await publicPlanId();
    const email = `joana-${suffix}@example.test`;
    const first = await call(app, 'POST', '/auth/signup', { body: form(suffix, planId) });
    const [owner] = await usersWith(email);
    const info = vi.spyOn(app.deps.log, 'info');

    const again = await call(app, 'POST', '/auth/signup', {
      body: { ...form(`other${suffix}`, planId), email, password: 'Intruso123' },
    });

    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
    expect(await companiesNamed(`Padaria other${suffix}`)).toEqual([]);
    expect(await usersWith(email)).toHaveLength(1);
    expect((await signIn(email, 'Segredo123')).status).toBe(200);
    expect((await signIn(email, 'Intruso123')).status).toBe(401);
    const logged = loggedTaken(info);
    expect(logged).toEqual([
      [{ taken: 'email', owner: { companyId: owner?.companyId, userId: owner?.id } }, expect.any(String)],
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/joana-|Intruso123/);
    info.mockRestore();
  });

  test('is refused while the platform has sign-up disabled', async () => {
    const token = await superToken();
    await call(app, 'PUT', '/settings/userCreation', { token, body: { value: 'disabled' } });

    const publicFlag = await call(app, 'GET', '/public-settings');
    const refused = await call(app, 'POST', '/auth/signup', {
      body: form(`off${Date.now()}`, await publicPlanId()),
    });
    await call(app, 'PUT', '/settings/userCreation', { token, body: { value: 'enabled' } });

    expect(publicFlag.body).toMatchObject({ signupEnabled: false });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } });
  });
});
