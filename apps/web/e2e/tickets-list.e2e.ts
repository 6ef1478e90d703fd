import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, signUpCompany, snap } from './browser';
import { apiAs, signedIn, visitorWrites } from './people';

let browser: Browser;
let admin: Page;
let widgetToken: string;
let api: ReturnType<typeof apiAs>;

const customerWrites = (name: string, text: string) => visitorWrites(browser, widgetToken, name, text);

const rowOf = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

let ana: Page;
let bia: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const company = await signUpCompany('fila');
  admin = await signedIn(browser, company.email, company.password);
  api = apiAs(admin);
  const connection = await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat', isDefault: false });
  widgetToken = connection.token;
  const queue = await api('POST', '/queue', { name: 'Vendas', color: '#b71c1c' });
  const attendant = async (name: string) => {
    const email = `${name.split(' ')[0]?.toLowerCase()}-${Date.now()}@fila.test`;
    await api('POST', '/users', { name, email, password: 'Fila-pass-1', queueIds: [queue.id] });
    return signedIn(browser, email, 'Fila-pass-1');
  };
  ana = await attendant('Ana Souza');
  bia = await attendant('Bia Lima');
});

afterAll(async () => {
  await browser?.close();
});

test('two attendants see each other accept, transfer and close live, and a search finds the old conversation by its text', async () => {
  for (const page of [ana, bia]) await page.getByRole('tab', { name: /Aguardando/ }).click();

  await customerWrites('Rita Alves', 'Estou comprando uma ação da empresa');
  await rowOf(ana, 'Rita Alves').waitFor();
  await rowOf(bia, 'Rita Alves').waitFor();
  await bia.getByRole('tab', { name: /^Aguardando\s*1$/ }).waitFor();
  await snap(bia, 'tickets-list-01-both-waiting');

  // Ana serves one queue: accepting takes it at once, and the ticket leaves Bia's waiting list.
  await rowOf(ana, 'Rita Alves').getByRole('button', { name: 'Aceitar' }).click();
  await ana.waitForURL('**/tickets/*');
  await ana.getByRole('tab', { name: /^Atendendo\s*1$/ }).waitFor();
  await rowOf(bia, 'Rita Alves').waitFor({ state: 'detached' });
  await bia.getByRole('tab', { name: /^Aguardando$/ }).waitFor();
  await snap(bia, 'tickets-list-02-taken-by-ana');

  // Ana hands it to Bia: it appears in Bia's own tab.
  await bia.getByRole('tab', { name: /Atendendo/ }).click();
  await ana.getByRole('button', { name: 'Mais ações' }).click();
  await ana.getByRole('menuitem', { name: 'Transferir' }).click();
  const transfer = ana.getByRole('dialog');
  await transfer.getByRole('combobox', { name: 'Atendente (opcional)' }).click();
  await ana.getByRole('option', { name: 'Bia Lima' }).click();
  await transfer.getByRole('button', { name: 'Transferir' }).click();
  await rowOf(bia, 'Rita Alves').waitFor();
  await bia.getByRole('tab', { name: /^Atendendo\s*1$/ }).waitFor();
  await ana.getByRole('tab', { name: /^Atendendo$/ }).waitFor();
  await snap(bia, 'tickets-list-03-transferred-to-bia');

  // Bia closes it: Ana, who serves the queue, sees it among the closed ones.
  await ana.getByRole('tab', { name: 'Fechados' }).click();
  await rowOf(bia, 'Rita Alves').click();
  await bia.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await bia.getByRole('dialog').getByRole('button', { name: 'Encerrar', exact: true }).click();
  await bia.waitForURL(/\/tickets$/);
  await rowOf(ana, 'Rita Alves').waitFor();
  await snap(ana, 'tickets-list-04-closed-by-bia');

  // Days later: a word of the conversation, without its accents and in another form, finds it.
  await customerWrites('Caio Nunes', 'Bom dia, tudo bem?');
  const searched = ana.waitForResponse((res) => res.url().includes('searchParam=comprar'));
  await ana.getByRole('searchbox', { name: 'Buscar atendimentos' }).fill('comprar acao');
  await ana.getByRole('tab', { name: 'Busca', selected: true }).waitFor();
  await searched;
  await rowOf(ana, 'Rita Alves').waitFor();
  expect(await rowOf(ana, 'Caio Nunes').count()).toBe(0);
  await snap(ana, 'tickets-list-05-search-by-text');
});
