import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('a signed-out visitor asking for a private page is sent to the login page', async () => {
  const page = await openPage(browser);

  await page.goto('/users');

  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
  await snap(page, 'auth-01-login');
});

test('an unknown address says the page was not found and leads back', async () => {
  const page = await openPage(browser);

  await page.goto('/nao-existe');

  await page.getByText('Página não encontrada').waitFor();
  expect(await page.title()).toBe('Página não encontrada — Balcão');
  await snap(page, 'auth-00-not-found');
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await page.waitForURL('**/login');
  await page.waitForFunction(() => document.title === 'Entrar — Balcão');
});

test('the login form shows the spec wording for a malformed e-mail and a short password', async () => {
  const page = await openPage(browser);
  await page.goto('/login');

  await page.getByLabel('E-mail').fill('not-an-email');
  await page.locator('input[name="password"]').fill('123');
  await page.getByRole('button', { name: 'Entrar' }).click();

  await page.getByText('Por favor, insira um email válido.').waitFor();
  await page.getByText('A senha deve ter pelo menos 6 caracteres.').waitFor();
  await snap(page, 'auth-02-login-validation');
});

test('a wrong password is refused with the translated error, which stays on screen', async () => {
  const page = await openPage(browser);

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(inject('adminEmail'));
  await page.locator('input[name="password"]').fill('wrong-password');
  await page.getByRole('button', { name: 'Entrar' }).click();

  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'Erro de autenticação. Por favor, tente novamente.' });
  await refusal.waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  // A toast used to vanish in under 2 s; the refusal now stays until dismissed or the next attempt.
  await page.waitForTimeout(3000);
  expect(await refusal.isVisible()).toBe(true);
  await snap(page, 'auth-03-wrong-password');
});

test('the super admin signs in, lands on the inbox, stays signed in on reload and logs out', async () => {
  const page = await openPage(browser);

  await signIn(page);

  await page.getByText('Olá, Admin!').waitFor();
  await page.getByRole('heading', { name: 'Atendimentos' }).waitFor();
  await page.getByRole('link', { name: 'Usuários' }).waitFor();
  await snap(page, 'auth-04-signed-in');

  await page.reload();
  await page.getByRole('heading', { name: 'Atendimentos' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/tickets');

  // Signed in, /login sends home: the dashboard, for an admin.
  await page.goto('/login');
  await page.waitForURL((url) => url.pathname === '/');

  await page.getByRole('button', { name: 'Abrir o menu da conta' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await page.waitForURL('**/login');
  await snap(page, 'auth-05-logged-out');
});

test('signing in on another computer ends the session open here', async () => {
  const here = await openPage(browser);
  const joined = socketConnected(here);
  await signIn(here);
  await joined;
  // The inbox has rendered, so the frame listening for the session's end is mounted too.
  await here.getByRole('tab').first().waitFor();

  const reloaded = here.waitForEvent('load');

  await signIn(await openPage(browser));

  await here.getByText('Sua conta foi acessada em outro computador.').first().waitFor();
  await snap(here, 'auth-06-accessed-elsewhere');
  // After the reload the notice is still there, and this browser's sign-in stays over (its refresh is refused).
  await reloaded;
  await here.getByRole('alert').filter({ hasText: 'Sua conta foi acessada em outro computador.' }).waitFor();
  await snap(here, 'auth-07-accessed-elsewhere-login');
  await here.getByRole('heading', { name: 'Entrar' }).waitFor();
  expect(new URL(here.url()).pathname).toBe('/login');
});

/** The page's background: the dark theme's or the light one's. */
const shade = (page: Page) =>
  page.evaluate(() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    return colour === 'rgb(15, 20, 24)' ? 'dark' : colour === 'rgb(244, 246, 248)' ? 'light' : colour;
  });

test("a new user's theme follows the device's until they choose one, and their choice follows them", async () => {
  const company = await signUpCompany('tema');
  const darkDevice = await openPage(browser, undefined, { colorScheme: 'dark' });
  await darkDevice.goto('/login');
  await darkDevice.getByRole('heading', { name: 'Entrar' }).waitFor();
  expect(await shade(darkDevice)).toBe('dark');
  await signIn(darkDevice, company.email, company.password);
  await darkDevice.getByRole('tab', { name: /Aguardando/ }).waitFor();
  expect(await shade(darkDevice)).toBe('dark');
  await snap(darkDevice, 'auth-10-dark-device-new-user');

  await darkDevice.getByRole('button', { name: 'Abrir o menu da conta' }).click();
  const saved = darkDevice.waitForResponse(
    (res) => res.request().method() === 'PUT' && res.url().includes('/users/'),
  );
  await darkDevice.getByRole('menuitem', { name: 'Tema claro' }).click();
  expect((await saved).ok()).toBe(true);
  expect(await shade(darkDevice)).toBe('light');

  // Chosen, the theme is the user's on any device, whatever that device prefers.
  const otherDarkDevice = await openPage(browser, undefined, { colorScheme: 'dark' });
  await signIn(otherDarkDevice, company.email, company.password);
  await otherDarkDevice.getByRole('tab', { name: /Aguardando/ }).waitFor();
  expect(await shade(otherDarkDevice)).toBe('light');
  await snap(otherDarkDevice, 'auth-11-chosen-light-on-dark-device');
});
