import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContextOptions, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

const screenshotDir = resolve(import.meta.dirname, '../test-results');

/**
 * Debian's headless shell when installed: the journeys never show a window, and it takes about 40% less
 * CPU than the full browser running headless (the suite's largest share of the machine).
 */
const headlessShell = '/usr/bin/chromium-headless-shell';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath:
      process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A fresh browser profile (no stored session) in the default language, pt-BR; `device` changes what
 * the browser tells the page (its language, time zone, light or dark preference).
 */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  device: Pick<BrowserContextOptions, 'locale' | 'timezoneId' | 'colorScheme'> = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    locale: 'pt-BR',
    viewport,
    ...device,
  });
  return context.newPage();
}

/**
 * Resolves once the page's finite transitions (drawers, dialogs, popovers growing in) have ended;
 * spinners run forever and are not waited for. Two frames first, so a transition React has just
 * committed has started.
 */
export async function transitionsEnded(page: Page) {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/**
 * Saves a screenshot of the step under apps/web/test-results/ for a person to look at, once its
 * transitions have ended. Not on CI (`CI` set): nobody looks there, and the suite's 176 full-page
 * shots cost minutes of its time.
 */
export async function snap(page: Page, name: string) {
  if (process.env.CI) return;
  mkdirSync(screenshotDir, { recursive: true });
  await transitionsEnded(page);
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Resolves once the app's socket has joined (socket.io's CONNECT answer, "40{...}", has arrived), so
 * events sent afterwards reach it. Start waiting before the action that opens the socket.
 */
export function socketConnected(page: Page): Promise<unknown> {
  return page.waitForResponse(
    async (res) => res.url().includes('/socket.io/') && (await res.text().catch(() => '')).includes('40{'),
  );
}

/** The signed-in session's access token, for arranging data through the API. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}

export async function signIn(page: Page, email = inject('adminEmail'), password = inject('adminPassword')) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  // By name: the show-password button's label also mentions the password.
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/tickets');
}

/**
 * A company of its own, signed up through the API, for a journey that counts what the company
 * holds (every journey shares the server, and the platform company collects their data).
 */
export async function signUpCompany(label: string): Promise<{ email: string; password: string }> {
  const base = inject('baseUrl');
  const [plan] = (await (await fetch(`${base}/plans/listPublic`)).json()) as { id: number }[];
  const email = `${label}-${Date.now()}@balcao.test`;
  const password = 'E2e-Company-Pass1';
  const answer = await fetch(`${base}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: `Empresa ${label}`,
      name: `Admin ${label}`,
      email,
      phone: '11999990000',
      password,
      planId: plan?.id,
      termo: true,
    }),
  });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}: ${await answer.text()}`);
  return { email, password };
}

/**
 * Picks `option` in the select labelled `label` within `scope` (a dialog, say); its list opens over
 * the page. A multiple select stays open after the pick: Escape closes it.
 */
export async function choose(scope: Locator, label: string, option: string, multiple = false) {
  const page = scope.page();
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  if (multiple) await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}
