import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, snap, tokenOf } from './browser';

let browser: Browser;
const AFTER_SIGNUP = 'Se este e-mail e o nome da empresa ainda não estavam cadastrados, sua conta foi criada';

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('a company signs itself up from the login page and its admin is warned of the trial end', async () => {
  const page = await openPage(browser);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Cadastre-se' }).click();
  await page.waitForURL('**/signup');

  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await page.getByText('Você deve aceitar os termos para continuar.').waitFor();
  await snap(page, 'signup-01-validation');

  await page.getByLabel('Nome da empresa').fill('Padaria Central');
  await page.getByLabel('Seu nome').fill('Joana Prado');
  await page.getByLabel('Telefone com DDD').fill('(11) 98765-4321');
  await page.getByLabel('E-mail').fill('joana@padaria.test');
  await page.locator('input[name="password"]').fill('Padaria2026');
  await page.getByLabel('Plano').click();
  await page.getByRole('option', { name: /R\$\s99,00/ }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.getByLabel('Li e aceito os termos de uso').check();
  await snap(page, 'signup-02-filled');
  await page.getByRole('button', { name: 'Cadastrar' }).click();

  await page.waitForURL('**/login');
  await page.getByText('Cadastro recebido!').waitFor();
  await page.getByText(AFTER_SIGNUP, { exact: false }).waitFor();
  expect(await page.getByLabel('E-mail').inputValue()).toBe('joana@padaria.test');

  await signIn(page, 'joana@padaria.test', 'Padaria2026');
  await page.getByText('Sua assinatura vence em 3 dias.').waitFor();
  await page.getByText('Bem-vindo(a) à Padaria Central.').waitFor();
  await snap(page, 'signup-03-first-login');
});

test('signing up again with a registered e-mail looks the same, and the new password does not open the account', async () => {
  const page = await openPage(browser);
  await page.goto('/signup');
  await page.getByLabel('Nome da empresa').fill('Padaria Imitadora');
  await page.getByLabel('Seu nome').fill('Outra Pessoa');
  await page.getByLabel('Telefone com DDD').fill('(11) 91234-5678');
  await page.getByLabel('E-mail').fill('joana@padaria.test');
  await page.locator('input[name="password"]').fill('Imitadora2026');
  await page.getByLabel('Plano').click();
  await page.getByRole('option', { name: /R\$\s99,00/ }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.getByLabel('Li e aceito os termos de uso').check();
  await page.getByRole('button', { name: 'Cadastrar' }).click();

  await page.waitForURL('**/login');
  await page.getByText('Cadastro recebido!').waitFor();
  await page.getByText(AFTER_SIGNUP, { exact: false }).waitFor();
  await page.locator('input[name="password"]').fill('Imitadora2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByText('Erro de autenticação', { exact: false }).waitFor();
  await snap(page, 'signup-03b-taken-email');
});

test('an attendant sees no Users entry and is sent home from /users', async () => {
  const admin = await openPage(browser);
  await signIn(admin, 'joana@padaria.test', 'Padaria2026');
  const res = await admin.request.post('/users', {
    headers: { Authorization: `Bearer ${await tokenOf(admin)}` },
    data: { name: 'Pedro Alves', email: 'pedro@padaria.test', password: 'Pedro-pass' },
  });
  expect(res.status(), await res.text()).toBe(201);

  const page = await openPage(browser, { width: 360, height: 740 });
  await signIn(page, 'pedro@padaria.test', 'Pedro-pass');
  await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
  await page.getByRole('link', { name: 'Atendimentos' }).waitFor();
  expect(await page.getByRole('link', { name: 'Usuários' }).count()).toBe(0);
  await snap(page, 'signup-04-attendant-menu');

  await page.goto('/users');
  await page.waitForURL('**/tickets');
});

test("a user's language choice is kept on their account and applied at their next sign-in", async () => {
  const page = await openPage(browser);
  await signIn(page, 'pedro@padaria.test', 'Pedro-pass');

  await page.getByRole('button', { name: 'Abrir o menu da conta' }).click();
  await page.getByRole('menuitem', { name: 'Idioma' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByText('Hello, Pedro Alves!').waitFor();
  await page.getByRole('heading', { name: 'Tickets' }).waitFor();
  await snap(page, 'signup-05-english');

  const elsewhere = await openPage(browser);
  await signIn(elsewhere, 'pedro@padaria.test', 'Pedro-pass');
  await elsewhere.getByText('Hello, Pedro Alves!').waitFor();
});
