import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './axe';
import { launchBrowser, openPage, signIn, signUpCompany, snap, tokenOf } from './browser';
import { freePort, waitForHealth } from './global-setup';

const repoRoot = resolve(import.meta.dirname, '../../..');

/**
 * What this journey uses of the fake WhatsApp Web (apps/server/test/fake-whatsapp/server.ts). Loaded by a
 * path the web's type check does not follow: the fake's module types the server's test app, whose
 * declarations the web's program does not hold.
 */
interface FakeWhatsappWeb {
  url: string;
  records: { kind: string; jid?: string; text?: string }[];
  showsQr(label?: string): boolean;
  scan(number: string, label?: string): boolean;
  close(): Promise<void>;
}
const fakeWhatsappModule = join(repoRoot, 'apps/server/test/fake-whatsapp/server.ts');
const startFakeWhatsappWeb = async () =>
  (
    (await import(fakeWhatsappModule)) as { startFakeWhatsappWeb: () => Promise<FakeWhatsappWeb> }
  ).startFakeWhatsappWeb();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const phone = { width: 360, height: 740 };

/** The code of the latest e-mail the server sent to `email`, read from the local SMTP sink. */
async function codeMailedTo(email: string, count = 1): Promise<string> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const mails = (await (await fetch(`${inject('fakeSmtpUrl')}/mails`)).json()) as {
      to: string[];
      text: string;
    }[];
    const mine = mails.filter((mail) => mail.to.includes(email));
    const code = mine.length >= count ? /\b(\d{6})\b/.exec(mine.at(-1)?.text ?? '')?.[1] : undefined;
    if (code) return code;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`no code was mailed to ${email}`);
}

async function askCodeByEmail(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await page.waitForURL('**/recovery-password');
  await page.getByRole('button', { name: 'E-mail' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByText('Código de verificação enviado com sucesso!').waitFor();
}

test('a user who forgot the password gets a code by e-mail and signs in with the new password', async () => {
  const company = await signUpCompany('recovery');
  const page = await openPage(browser, phone);
  await askCodeByEmail(page, company.email);
  await expectNoSeriousAxeViolations(page, 'recovery code step');
  await snap(page, 'recovery-01-code');
  const code = await codeMailedTo(company.email);

  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
  const newPassword = 'Recovered-Pass2';
  await page.locator('input[name="newPassword"]').fill(newPassword);
  await expectNoSeriousAxeViolations(page, 'recovery new password step');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('alert').getByText('Senha atualizada com sucesso!').first().waitFor();
  await page.waitForURL('**/login');

  // The server kept it: the old password no longer opens the account, the new one does.
  await page.getByLabel('E-mail').fill(company.email);
  await page.locator('input[name="password"]').fill(company.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByText('Erro de autenticação. Por favor, tente novamente.').waitFor();
  await signIn(page, company.email, newPassword);
  await page.context().close();
});

test('a wrong code twice sends the user back to the login page', async () => {
  const company = await signUpCompany('recovery-wrong');
  const page = await openPage(browser);
  await askCodeByEmail(page, company.email);
  const code = await codeMailedTo(company.email);
  const wrong = code === '000000' ? '111111' : '000000';

  const codeInput = page.getByLabel('Código de verificação');
  await codeInput.fill(wrong);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByText('Código de verificação incorreto. Tente novamente.').waitFor();
  await codeInput.fill(wrong);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByText('Tentativas excedidas. Redirecionando...').waitFor();
  await page.waitForURL('**/login', { timeout: 10_000 });
  await page.context().close();
});

/**
 * A server of its own whose WhatsApp is the fake WhatsApp Web (apps/server/test/fake-whatsapp): the shared
 * server runs the production build on the real WhatsApp Web, which no test can pair a phone with. It runs
 * the server's source through tsx, serves the same web build, and keeps its database in a folder of its own.
 */
async function startServerOnFakeWhatsapp(fakeWhatsappUrl: string) {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'balcao-e2e-whatsapp-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'test/fake-whatsapp/server-process.ts'], {
    cwd: join(repoRoot, 'apps/server'),
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(repoRoot, 'apps/web/dist'),
      ADMIN_EMAIL: inject('adminEmail'),
      ADMIN_PASSWORD: inject('adminPassword'),
      FAKE_WHATSAPP_URL: fakeWhatsappUrl,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

describe("by WhatsApp, through the platform company's session", () => {
  const PLATFORM_NUMBER = '5511950000099';
  const FORGETFUL_NUMBER = '5511987650099';
  let wa: FakeWhatsappWeb;
  let server: Awaited<ReturnType<typeof startServerOnFakeWhatsapp>>;

  beforeAll(async () => {
    wa = await startFakeWhatsappWeb();
    server = await startServerOnFakeWhatsapp(wa.url);
  }, 150_000);
  afterAll(async () => {
    await server?.stop();
    await wa?.close();
  });

  /** The code the fake phone of `number` received, from the latest message sent to it. */
  async function codeSentTo(number: string): Promise<string> {
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      const sent = wa.records.filter((entry) => entry.kind === 'send' && entry.jid?.startsWith(number));
      const code = /\b(\d{6})\b/.exec(sent.at(-1)?.text ?? '')?.[1];
      if (code) return code;
      await new Promise((wait) => setTimeout(wait, 250));
    }
    throw new Error(`no code reached ${number} on WhatsApp`);
  }

  test('a user who forgot the password gets a code on WhatsApp and signs in with the new password', async () => {
    const context = await browser.newContext({ baseURL: server.base, locale: 'pt-BR', viewport: phone });
    const page = await context.newPage();
    // The operator pairs the platform company's WhatsApp, and a user of it has a WhatsApp number.
    await signIn(page);
    const token = await tokenOf(page);
    const api = async (method: string, path: string, body: unknown) => {
      const answer = await fetch(`${server.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
      return answer.status === 204 ? undefined : answer.json();
    };
    const connection = (await api('POST', '/whatsapp', { name: 'Balcão', channel: 'whatsapp' })) as {
      id: number;
    };
    await api('POST', `/whatsappsession/${connection.id}`, {});
    for (const until = Date.now() + 20_000; !wa.showsQr() && Date.now() < until; )
      await new Promise((wait) => setTimeout(wait, 250));
    if (!wa.scan(PLATFORM_NUMBER)) throw new Error('the platform session showed no QR to scan');
    const email = `esqueci-${Date.now()}@balcao.test`;
    await api('POST', '/users', {
      name: 'Esquecida',
      email,
      password: 'Forgotten-Pass1',
      profile: 'user',
      wpp: FORGETFUL_NUMBER,
    });
    await page.evaluate(() => localStorage.clear());

    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await page.waitForURL('**/recovery-password');
    await page.getByRole('textbox', { name: 'Número de WhatsApp' }).fill(FORGETFUL_NUMBER);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('Código de verificação enviado com sucesso!').waitFor();
    await snap(page, 'recovery-whatsapp-01-code');
    await page.getByLabel('Código de verificação').fill(await codeSentTo(FORGETFUL_NUMBER));
    await page.getByRole('button', { name: 'Verificar' }).click();
    const newPassword = 'Recovered-Pass3';
    await page.locator('input[name="newPassword"]').fill(newPassword);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('alert').getByText('Senha atualizada com sucesso!').first().waitFor();
    await page.waitForURL('**/login');

    await signIn(page, email, newPassword);
    await context.close();
  }, 120_000);
});
