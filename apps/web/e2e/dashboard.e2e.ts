import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, signUpCompany, snap } from './browser';
import { apiAs, signedIn, visitorWrites } from './people';

// A manager's day on a new company: Tempo Real follows an attendant live, the dashboard tells the day.
let browser: Browser;
let admin: Page;
let bia: Page;
let api: ReturnType<typeof apiAs>;
let widgetToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const company = await signUpCompany('painel');
  admin = await signedIn(browser, company.email, company.password);
  api = apiAs(admin);
  const connection = await api('POST', '/whatsapp', {
    name: 'Site',
    channel: 'webchat',
    greetingMessage: '',
  });
  widgetToken = connection.token;
  const email = `bia-painel-${Date.now()}@balcao.test`;
  await api('POST', '/users', { name: 'Bia Lima', email, password: 'Painel-pass-1' });
  bia = await signedIn(browser, email, 'Painel-pass-1');
});

afterAll(async () => {
  await browser?.close();
});

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

test('Tempo Real moves a waiting customer to the attendant who accepts them, live', async () => {
  await admin.getByRole('link', { name: 'Tempo Real' }).click();
  await admin.waitForURL('**/moments');
  await card(admin, 'Pendentes').getByText('Nenhum atendimento').waitFor();

  await visitorWrites(browser, widgetToken, 'Rita Souza', 'Preciso de ajuda');
  await visitorWrites(browser, widgetToken, 'Caio Prado', 'Quero um orçamento');
  await card(admin, 'Pendentes').getByText('Atendimentos: 2').waitFor();
  await card(admin, 'Pendentes').getByText('Rita Souza').waitFor();
  await snap(admin, 'dashboard-01-moments-pending');

  await bia.getByRole('tab', { name: /Aguardando/ }).click();
  const row = bia.getByRole('listitem').filter({ hasText: 'Rita Souza' });
  await row.getByRole('button', { name: 'Aceitar' }).click();
  await bia.waitForURL('**/tickets/*');

  await card(admin, 'Bia Lima').getByText('Rita Souza').waitFor();
  await card(admin, 'Bia Lima').getByText('Atendimentos: 1').waitFor();
  await card(admin, 'Pendentes').getByText('Atendimentos: 1').waitFor();
  await snap(admin, 'dashboard-02-moments-accepted');

  // A supervisor opens the ticket from the card.
  await card(admin, 'Bia Lima')
    .getByRole('link', { name: /Rita Souza/ })
    .click();
  await admin.waitForURL('**/tickets/*');
  expect(new URL(admin.url()).pathname).toBe(new URL(bia.url()).pathname);
});

test('the dashboard shows the day: one finished by Bia, one waiting, two new contacts', async () => {
  const ticketPath = new URL(bia.url()).pathname;
  const ticket = await api('GET', `/tickets/u/${ticketPath.split('/').pop()}`);
  await apiAs(bia)('PUT', `/tickets/${ticket.id}`, { status: 'closed' });

  await admin.getByRole('link', { name: 'Dashboard' }).click();
  await admin.waitForURL((url) => url.pathname === '/');
  const figure = (name: string) => admin.getByRole('listitem', { name });
  await figure('Atendimentos pendentes').getByText('1', { exact: true }).waitFor();
  await figure('Atendimentos acontecendo').getByText('0', { exact: true }).waitFor();
  await figure('Atendimentos finalizados').getByText('1', { exact: true }).waitFor();
  await figure('Novos contatos').getByText('2', { exact: true }).waitFor();
  const attendants = admin.getByRole('region', { name: 'Atendentes' });
  const biaRow = attendants.getByRole('row').filter({ hasText: 'Bia Lima' });
  await expect.poll(() => biaRow.getByRole('cell').nth(3).textContent()).toBe('1');
  await admin.getByRole('region', { name: 'Atendente em destaque' }).getByText('Bia Lima').waitFor();
  await admin.getByRole('region', { name: 'Atendimentos por fila' }).locator('.recharts-surface').waitFor();
  await snap(admin, 'dashboard-03-day');

  // What the screen shows is what the server answers.
  const data = await api('GET', '/dashboard?days=7');
  expect(data.counters).toMatchObject({
    supportPending: 1,
    supportHappening: 0,
    supportFinished: 1,
    leads: 2,
  });

  // Nothing set: the filter asks to be set.
  await admin.getByRole('combobox', { name: 'Período' }).click();
  await admin.getByRole('option', { name: 'Nenhum selecionado' }).click();
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  await admin.getByText('Parametrize o filtro').waitFor();
});
