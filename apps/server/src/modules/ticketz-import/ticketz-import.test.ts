import { events, PLATFORM_COMPANY_ID, type TicketzImport, ticketzImportSteps } from '@balcao/shared';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets, overhear } from '../../../test/sockets.js';
import { createTicketzDatabase } from '../../../test/ticketz/scratch.js';
import { ticketzSeed } from '../../../test/ticketz/seed.js';
import { waitFor } from '../../../test/wait.js';
import { ticketzImports } from '../../db/schema/index.js';
import { sourceOf } from './importer/options.js';
import { IMPORT_JOB, sweepTicketzImports } from './ticketz-import.job.js';

const tag = Math.random().toString(36).slice(2, 8);
const source = await createTicketzDatabase(ticketzSeed(tag, bcrypt.hashSync('123456', 8)));
/** Local PostgreSQL trusts its users, so this password is sent and never needed: only where it ends up is. */
const PASSWORD = `Segredo-${tag}-do-ticketz`;
const withPassword = (url: string) => {
  const parsed = new URL(url);
  parsed.password = PASSWORD;
  return parsed.toString();
};
const url = withPassword(source.url);
const host = new URL(source.url).hostname;

const app = await createTestApp({ env: { IMPORT_DATABASE_HOSTS: `db.example.test, ${host}` } });
const live = await listenForSockets(app);
afterAll(async () => {
  await live.close();
  await source.drop();
});

const superUser = await createUser(app, PLATFORM_COMPANY_ID, { profile: 'admin', super: true });
const asSuper = { token: superUser.token };
const socket = await live.connect({ token: superUser.token });
const heardImports = collect<TicketzImport>(socket, events.ticketzImport(PLATFORM_COMPANY_ID));
/** Another super user, who did not start the imports, and two who are not super users. */
const otherSuper = await createUser(app, PLATFORM_COMPANY_ID, { profile: 'admin', super: true });
const heardByOtherSuper = collect<TicketzImport>(
  await live.connect({ token: otherSuper.token }),
  events.ticketzImport(PLATFORM_COMPANY_ID),
);
const platformAdmin = await createUser(app, PLATFORM_COMPANY_ID, { profile: 'admin' });
const tenantAdmin = (await createTenant(app)).admin;
const outsiders = await Promise.all(
  [platformAdmin, tenantAdmin].map((user) => live.connect({ token: user.token })),
);
const overheard = outsiders.map(overhear);
/** Every answer the tests got, to look for the password in. */
const answers: unknown[] = [];
const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
  const answer = await call(app, method, path, { ...asSuper, body });
  answers.push(answer.body);
  return answer;
};

const finished = (id: number) =>
  waitFor(
    async () => (await send('GET', `/ticketz-imports/${id}`)).body as TicketzImport,
    (row) => row.status !== 'running',
    60_000,
  );

describe('the address the super user types', () => {
  test('with imports off (IMPORT_DATABASE_HOSTS unset) the screen is told so and nothing connects', async () => {
    const off = await createTestApp();
    try {
      const list = await call(off, 'GET', '/ticketz-imports', asSuper);
      expect(list.body.enabled).toBe(false);
      const probe = await call(off, 'POST', '/ticketz-imports/probe', { ...asSuper, body: { url } });
      expect([probe.status, probe.body.error]).toEqual([503, 'ERR_IMPORT_DISABLED']);
    } finally {
      await off.close();
    }
  });

  test('only a host the operator listed is reached, as written there', async () => {
    expect((await send('GET', '/ticketz-imports')).body.enabled).toBe(true);
    for (const other of ['localhost', '10.0.0.5', '169.254.169.254', 'db.example.test.evil.com']) {
      const elsewhere = new URL(url);
      elsewhere.hostname = other;
      const { status, body } = await send('POST', '/ticketz-imports/probe', { url: elsewhere.toString() });
      expect([other, status, body.error]).toEqual([other, 400, 'ERR_IMPORT_HOST_NOT_ALLOWED']);
    }
  });

  test('anything but postgres:// with a user, a database and at most sslmode is refused', async () => {
    const base = new URL(url);
    for (const bad of [
      'not an address',
      `http://postgres:x@${host}/db`,
      `postgres://${host}/${base.pathname.slice(1)}`,
      `postgres://postgres@${host}/`,
      `${url}?sslrootcert=/etc/passwd`,
      `${url}?host=/var/run/postgresql`,
      `${url}?options=-c%20default_transaction_read_only%3Doff`,
      `${url}?sslmode=whatever`,
    ]) {
      const { status, body } = await send('POST', '/ticketz-imports/probe', { url: bad });
      expect([bad, status, body.error]).toEqual([bad, 400, 'ERR_IMPORT_BAD_URL']);
    }
    const tls = await send('POST', '/ticketz-imports/probe', { url: `${url}?sslmode=disable` });
    expect(tls.status).toBe(200);
  });

  test('a database that does not answer, or is not Ticketz, is said to be so', async () => {
    const missing = new URL(url);
    missing.pathname = `/${source.name}_missing`;
    const closed = new URL(url);
    closed.port = '1';
    for (const address of [missing, closed]) {
      const { status, body } = await send('POST', '/ticketz-imports/probe', { url: address.toString() });
      expect([status, body.error]).toEqual([502, 'ERR_IMPORT_CANNOT_CONNECT']);
    }
    const plain = new URL(url);
    plain.pathname = '/postgres';
    const notTicketz = await send('POST', '/ticketz-imports/probe', { url: plain.toString() });
    expect([notTicketz.status, notTicketz.body.error]).toEqual([400, 'ERR_IMPORT_NOT_TICKETZ']);
  });

  test("is the super user's alone", async () => {
    const tenant = await createTenant(app);
    for (const [method, path, body] of [
      ['GET', '/ticketz-imports', undefined],
      ['POST', '/ticketz-imports/probe', { url }],
      ['POST', '/ticketz-imports', { url, companyId: 1 }],
    ] as const) {
      const { status, body: answer } = await call(app, method, path, { token: tenant.admin.token, body });
      expect([path, status, answer.error]).toEqual([path, 403, 'ERR_NO_PERMISSION']);
    }
  });
});

describe('importing from the companies screen', () => {
  test('lists the companies of the Ticketz database once connected', async () => {
    const { status, body } = await send('POST', '/ticketz-imports/probe', { url });
    expect(status).toBe(200);
    expect(body.companies).toEqual([
      { id: 1, name: `Empresa ${tag}` },
      { id: 2, name: `Outra ${tag}` },
    ]);
  });

  test('refuses a company Ticketz does not have, and one whose name a company here has', async () => {
    const missing = await send('POST', '/ticketz-imports', { url, companyId: 99 });
    expect([missing.status, missing.body.error]).toEqual([404, 'ERR_NO_COMPANY_FOUND']);
    const platform = await createTenant(app);
    const made = await send('POST', '/companies', {
      name: `OUTRA ${tag}`,
      email: `outra-${tag}@balcao.test`,
      password: 'Senha-forte-1',
      planId: platform.planId,
    });
    expect(made.status).toBe(201);
    const taken = await send('POST', '/ticketz-imports', { url, companyId: 2 });
    expect([taken.status, taken.body.error]).toEqual([409, 'ERR_COMPANY_ALREADY_EXISTS']);
  });

  let first: TicketzImport;

  test('runs as a job, one at a time per company, telling the super user each step, and ends with the report', async () => {
    const started = await send('POST', '/ticketz-imports', { url, companyId: 1 });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      status: 'running',
      sourceCompanyId: 1,
      source: new URL(source.url).toString(),
    });
    const again = await send('POST', '/ticketz-imports', { url, companyId: 1 });
    expect([again.status, again.body.error]).toEqual([409, 'ERR_IMPORT_RUNNING']);

    first = await finished(started.body.id);
    expect(first).toMatchObject({
      status: 'done',
      error: null,
      step: null,
      stepsDone: ticketzImportSteps.length,
    });
    expect(Object.keys(first.tables)).toEqual(expect.arrayContaining(['Companies', ...ticketzImportSteps]));
    expect(first.tables.Users?.imported).toBe(4);
    expect(first.tables.Messages?.imported).toBeGreaterThan(0);
    expect(first.targetCompanyId).toBeGreaterThan(PLATFORM_COMPANY_ID);
    // The report's reasons and notes are keys and their parameters; the screen words them.
    expect(first.tables['Messages.media']?.skipped).toEqual({ filesNotCopied: 3 });
    expect(first.notes).toContainEqual({
      key: 'settingRefused',
      setting: 'scheduleType',
      value: 'sometimes',
    });
    expect(first.notes).toContainEqual({ key: 'connectionsDisconnected' });

    await heard(heardImports, (got) => got.some((event) => event.id === first.id && event.status === 'done'));
    const mine = heardImports.filter((event) => event.id === first.id);
    expect(mine.at(-1)).toEqual(first);
    // Live steps: every step is told, in the order of the screen's progress bar, the count done growing.
    const running = mine.filter((event) => event.status === 'running');
    expect([...new Set(running.map((event) => event.step))]).toEqual([...ticketzImportSteps]);
    const done = running.map((event) => event.stepsDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(ticketzImportSteps.length);
    expect(mine.some((event) => event.step === 'Messages' && event.stepRead > 0)).toBe(true);

    const login = await call(app, 'POST', '/auth/login', {
      body: { email: `admin-${tag}@ticketz.test`, password: '123456' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.companyId).toBe(first.targetCompanyId);
  }, 120_000);

  test('every super user hears of it, not only the one who started it; no one else does', async () => {
    await heard(heardByOtherSuper, (got) =>
      got.some((event) => event.id === first.id && event.status === 'done'),
    );
    const theirs = heardByOtherSuper.filter((event) => event.id === first.id);
    expect(theirs.at(-1)).toEqual(first);
    expect(theirs.some((event) => event.status === 'running' && event.step === 'Messages')).toBe(true);

    await live.drain(...outsiders);
    for (const got of overheard) expect(got.filter(([name]) => name.includes('ticketzImport'))).toEqual([]);
  });

  test('again, adds only what is new, though a company of that name is here now (the one it made)', async () => {
    const started = await send('POST', '/ticketz-imports', { url, companyId: 1 });
    expect(started.status).toBe(201);
    const second = await finished(started.body.id);
    expect(second.status).toBe('done');
    expect(second.targetCompanyId).toBe(first.targetCompanyId);
    expect(second.tables.Messages).toMatchObject({ imported: 0, read: first.tables.Messages?.read });
    expect(second.tables.Messages?.skipped.alreadyImported).toBe(first.tables.Messages?.read);
  }, 120_000);

  test('an import whose process stopped is taken up again by the sweep, and a stale run does nothing', async () => {
    const [row] = await app.deps.db
      .insert(ticketzImports)
      .values({
        source: sourceOf(new URL(url)),
        sourceLabel: first.source,
        sourceCompanyId: 1,
        startedBy: superUser.id,
        runner: 'the-run-that-died',
        sealedUrl: app.deps.secrets.seal(url),
        leaseUntil: new Date(Date.now() - 1000),
      })
      .returning();
    if (!row) throw new Error('no row');
    await sweepTicketzImports(app.deps);
    await app.deps.jobs.send(IMPORT_JOB, { importId: row.id, runner: 'the-run-that-died' });
    const resumed = await finished(row.id);
    expect(resumed.status).toBe('done');
    expect(resumed.targetCompanyId).toBe(first.targetCompanyId);
    const [stored] = await app.deps.db.select().from(ticketzImports).where(eq(ticketzImports.id, row.id));
    expect(stored?.runner).not.toBe('the-run-that-died');
  }, 120_000);

  test('an import stored before the report had keys is shown in its own words', async () => {
    const [row] = await app.deps.db
      .insert(ticketzImports)
      .values({
        source: sourceOf(new URL(url)),
        sourceLabel: first.source,
        sourceCompanyId: 2,
        startedBy: superUser.id,
        runner: 'an-old-run',
        status: 'done',
        tables: { Messages: { read: 2, imported: 1, skipped: { 'already imported': 1 } } },
        notes: ['setting "chatBotType" has no equivalent here and was left out'],
      })
      .returning();
    if (!row) throw new Error('no row');

    const { status, body } = await send('GET', `/ticketz-imports/${row.id}`);

    expect(status).toBe(200);
    expect(body.tables).toEqual({ Messages: { read: 2, imported: 1, skipped: { 'already imported': 1 } } });
    expect(body.notes).toEqual(['setting "chatBotType" has no equivalent here and was left out']);
  });

  test('the password is in no answer, no event, no job and no stored import', async () => {
    const { rows: jobs } = await app.deps.database.executeSql(
      `select data::text as data from pgboss.job where name = $1`,
      [IMPORT_JOB],
    );
    const rows = await app.deps.db.select().from(ticketzImports);
    expect(rows.every((row) => row.sealedUrl === null)).toBe(true);
    const everything = JSON.stringify([answers, heardImports, jobs, rows]);
    expect(everything).toContain(host);
    expect(everything).not.toContain(PASSWORD);
  });
});
