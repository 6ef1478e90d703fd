import { addDays, addMonths } from '@balcao/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn } from './browser';
import { apiAs, signedIn } from './people';

// The super user (the platform's seeded admin) runs the business: plans, companies, renewals.
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const rowOf = (scope: Page, text: string) => scope.getByRole('row').filter({ hasText: text });
const ddmmyyyy = (date: string) => date.split('-').reverse().join('/');
const saoPauloToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test('the super user creates a plan and a company on it, and the server holds both as typed', async () => {
  const stamp = Date.now().toString(36);
  const planName = `Plano Loja ${stamp}`;
  const companyName = `Padaria Pão Quente ${stamp}`;
  const email = `padaria-${stamp}@balcao.test`;

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Planos' }).click();
  await page.getByRole('button', { name: 'Adicionar plano' }).click();
  await dialog().getByLabel('Nome').fill(planName);
  await dialog().getByLabel('Usuários').fill('3');
  await dialog().getByLabel('Conexões').fill('2');
  await dialog().getByLabel('Filas').fill('4');
  await dialog().getByLabel('Valor mensal').fill('abc');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Valor inválido').first().waitFor();
  await dialog().getByLabel('Valor mensal').fill('49,90');
  await dialog().getByLabel('Kanban').uncheck();
  await dialog().getByLabel('Público (aparece no cadastro)').uncheck();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await rowOf(page, planName).getByText('R$ 49,90').waitFor();

  const { plans } = await apiAs(page)('GET', `/plans?searchParam=${encodeURIComponent(planName)}`);
  expect(plans).toEqual([
    expect.objectContaining({
      name: planName,
      users: 3,
      connections: 2,
      queues: 4,
      amount: 4990,
      isPublic: false,
      useKanban: false,
      useSchedules: true,
    }),
  ]);

  await page.getByRole('link', { name: 'Empresas' }).click();
  await page.waitForURL('**/companies');
  await page.getByRole('button', { name: 'Adicionar empresa' }).click();
  await dialog().getByLabel('Nome').fill('P');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Muito curto!').waitFor();
  await dialog().getByLabel('Nome').fill(companyName);
  await dialog().getByLabel('E-mail').fill(email);
  await dialog().getByLabel('Senha do administrador').fill('Padaria-2026');
  await dialog().getByRole('combobox', { name: 'Plano' }).click();
  await page.getByRole('option', { name: new RegExp(planName) }).click();
  await dialog().getByRole('combobox', { name: 'Recorrência' }).click();
  await page.getByRole('option', { name: 'Trimestral', exact: true }).click();
  await dialog().getByLabel('Data de vencimento').fill('2031-05-10');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await rowOf(page, companyName).getByText('10/05/2031').waitFor();

  const { companies } = await apiAs(page)('GET', `/companies?searchParam=${encodeURIComponent(companyName)}`);
  expect(companies).toEqual([
    expect.objectContaining({
      name: companyName,
      email,
      status: true,
      dueDate: '2031-05-10',
      recurrence: 'TRIMESTRAL',
      plan: expect.objectContaining({ name: planName, amount: 4990 }),
    }),
  ]);
  await rowOf(page, companyName)
    .getByRole('button', { name: `Editar ${companyName}` })
    .click();
  await dialog().getByRole('combobox', { name: 'Recorrência' }).click();
  await page.getByRole('option', { name: 'Anual', exact: true }).click();
  await dialog().getByLabel('Atendentes').fill('5');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await rowOf(page, companyName).getByText('Anual').waitFor();
  const edited = await apiAs(page)('GET', `/companies/${companies[0].id}`);
  expect(edited).toMatchObject({ recurrence: 'ANUAL', numberAttendants: 5, dueDate: '2031-05-10' });
  // The company's first admin signs in with what was typed.
  const admin = await openPage(browser);
  await signIn(admin, email, 'Padaria-2026');
  await admin.context().close();
}, 90_000);

test("a renewal reaches the company admin's top bar without a reload, and the five-day warning goes", async () => {
  const stamp = Date.now().toString(36);
  const today = saoPauloToday();
  const dueDate = addDays(today, 3);
  const email = `mercado-${stamp}@balcao.test`;
  const [plan] = await apiAs(page)('GET', '/plans/list');
  const company = await apiAs(page)('POST', '/companies', {
    name: `Mercado Bom Preço ${stamp}`,
    email,
    password: 'Mercado-2026',
    planId: plan.id,
    dueDate,
  });
  const admin = await signedIn(browser, email, 'Mercado-2026');
  const dueLine = admin.getByTestId('top-bar-due-date');
  await dueLine.getByText(`Assinatura vence em 3 dias (${ddmmyyyy(dueDate)})`).waitFor();

  await page.goto('/companies');
  await page.getByRole('searchbox', { name: 'Pesquisar empresas' }).fill(stamp);
  const row = rowOf(page, company.name);
  await row.getByRole('button', { name: `Renovar ${company.name}` }).click();
  const renewed = addMonths(dueDate, 1);
  await row.getByText(ddmmyyyy(renewed)).waitFor();

  await dueLine.getByText(`Assinatura ativa até ${ddmmyyyy(renewed)}`).waitFor();
  expect(await admin.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  const stored = await apiAs(page)('GET', `/companies/${company.id}`);
  expect(stored.dueDate).toBe(renewed);
  await admin.context().close();
}, 90_000);

test('a company admin typing /companies is told the spec message and sent home', async () => {
  const stamp = Date.now().toString(36);
  const [plan] = await apiAs(page)('GET', '/plans/list');
  const email = `loja-${stamp}@balcao.test`;
  await apiAs(page)('POST', '/companies', {
    name: `Loja ${stamp}`,
    email,
    password: 'Loja-2026x',
    planId: plan.id,
  });
  const admin = await openPage(browser);
  await signIn(admin, email, 'Loja-2026x');

  await admin.goto('/companies');

  await admin
    .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
    .waitFor();
  await admin.waitForURL((url) => url.pathname === '/' || url.pathname === '/tickets');
  await admin.context().close();
});
