import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addDays, zonedParts } from '@balcao/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { connectPglite } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { companies, plans, users } from '../../server/src/db/schema/index';
import { generateInvoices } from '../../server/src/modules/billing/invoices.queries';
import { hashPassword } from '../../server/src/platform/auth/passwords';
import { seedPlatform } from '../../server/src/platform/seed';
import { startFakePix } from '../../server/test/fake-pix/fake-pix';
import { expectNoSeriousAxeViolations } from './axe';
import { launchBrowser, snap } from './browser';
import { freePort, waitForHealth } from './global-setup';

// A server of its own: the company must be past its due date and grace before the server starts, which
// only a database prepared beforehand can say (no call moves a due date back).
const repoRoot = resolve(import.meta.dirname, '../../..');
const WEBHOOK_SECRET = 'e2e-pix-webhook-secret';
const EMAIL = 'expired@balcao.test';
const PASSWORD = 'E2e-Expired-Pass1';
const today = zonedParts(new Date(), 'America/Sao_Paulo').date;

let browser: Browser;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;
const fake = await startFakePix();

/** A company on a R$ 99 plan that lapsed ten days ago, with its admin and its open invoice. */
async function prepareDatabase(dir: string) {
  const database = await connectPglite(join(dir, 'db'));
  await migrateDatabase(database);
  await seedPlatform(database.db, { email: 'super@balcao.test', password: 'E2e-Super-Pass1' });
  const [plan] = await database.db
    .insert(plans)
    .values({
      name: 'Plano Essencial',
      amountCents: 9900,
      users: 5,
      connections: 2,
      queues: 3,
      isPublic: false,
    })
    .returning();
  const [company] = await database.db
    .insert(companies)
    .values({ name: 'Empresa Vencida', planId: plan?.id ?? 0, dueDate: addDays(today, -10) })
    .returning();
  await database.db.insert(users).values({
    name: 'Admin Vencida',
    email: EMAIL,
    passwordHash: await hashPassword(PASSWORD),
    profile: 'admin',
    companyId: company?.id ?? 0,
  });
  await generateInvoices(database.db, today, 10);
  await database.close();
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'balcao-e2e-billing-'));
  await prepareDatabase(dataDir);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  fake.setWebhookUrl(`${baseUrl}/webhooks/pix?hmac=${WEBHOOK_SECRET}&ignorar=`);
  const { DATABASE_URL: _ignored, ...env } = process.env;
  server = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...env,
      ...fake.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  await waitForHealth(baseUrl, server, () => log);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function api(page: Page, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return answer.json();
}

test('an expired company pays its invoice by Pix on the provider and is back in /tickets five seconds later', async () => {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/financeiro-aberto');

  await page.getByRole('heading', { name: 'Faturas (1)' }).waitFor();
  await page.getByText('Vencido').waitFor();
  await expectNoSeriousAxeViolations(page, 'billing landing');
  await snap(page, 'billing-01-expired');
  await page.getByRole('button', { name: /Pagar a fatura/ }).click();

  const wizard = page.getByRole('dialog', { name: 'Falta pouco!' });
  await wizard.getByRole('button', { name: 'PRÓXIMO' }).click();
  await wizard.getByText('Obrigatório').first().waitFor();
  await wizard.getByLabel('Nome completo').fill('Maria Souza');
  await wizard.getByLabel('CEP').fill('01001-000');
  await wizard.getByRole('button', { name: 'PRÓXIMO' }).click();
  await expect.poll(() => wizard.getByRole('button', { name: 'PRÓXIMO' }).count()).toBe(0);
  await wizard.getByRole('button', { name: 'Manter este plano' }).click();
  await wizard.getByText('Valor: R$ 99,00').waitFor();
  await wizard.getByRole('button', { name: 'PAGAR' }).click();
  await wizard.getByRole('img', { name: 'QR code do Pix' }).waitFor();
  await expectNoSeriousAxeViolations(page, 'Pix charge');
  await snap(page, 'billing-02-pix');

  const [txid] = [...fake.charges.keys()];
  expect(fake.charges.get(txid ?? '')?.valor.original).toBe('99.00');
  expect(await wizard.getByLabel('Pix copia e cola').inputValue()).toContain(txid);
  await fake.pay(txid ?? '');
  await wizard.getByText(/Sua licença foi renovada até/).waitFor();
  const told = Date.now();
  await page.waitForURL('**/tickets', { timeout: 15_000 });

  expect(Date.now() - told).toBeGreaterThan(4000);
  const me = await api(page, '/auth/me');
  expect(me.company.dueDate).toBe(monthAfterToday());
  const listed = await api(page, '/invoices/all');
  expect(listed.invoices[0].status).toBe('paid');
  await context.close();
});

function monthAfterToday(): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  return `${next.toISOString().slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;
}
