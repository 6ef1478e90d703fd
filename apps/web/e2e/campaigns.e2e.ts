import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './axe';
import { choose, launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

// The campaign pages exist only with the cshow flag (spec 001 §2); the admin of a company of its own
// turns it on, creates a campaign through the dialog and edits the settings, each read back from the server.
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  browser = await launchBrowser();
  const company = await signUpCompany('campaigns');
  page = await openPage(browser);
  await signIn(page, company.email, company.password);
  api = apiAs(page);
  await api('POST', '/whatsapp', { name: 'Loja Centro', channel: 'webchat', isDefault: false });
  await page.evaluate(() => localStorage.setItem('cshow', '1'));
  await page.reload();
});

afterAll(async () => {
  await browser?.close();
});

const menu = () => page.getByRole('navigation', { name: 'Menu principal' });
const dialog = () => page.getByRole('dialog');
const field = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: false });

test('a campaign made in the dialog is saved as the server reads it back, and listed', async () => {
  await menu().locator('a[href="/campaigns"]').click();
  await page.waitForURL('**/campaigns');
  await page.getByText('Nenhuma campanha ainda').waitFor();
  await page.getByRole('button', { name: 'Nova campanha' }).click();

  await field(dialog(), 'Nome').fill('Black Friday');
  await choose(dialog(), 'Conexões', 'Loja Centro', true);
  await field(dialog(), 'Agendamento').fill('2999-11-27T09:30');
  await dialog().getByRole('switch', { name: 'Confirmação' }).check();
  await field(dialog(), 'Pergunta de confirmação 1').fill('Quer receber nossas ofertas?');
  await field(dialog(), 'Mensagem 1').fill('Olá {nome}, 30% de desconto hoje!');
  await dialog().getByText('{nome} {numero} {email}', { exact: false }).waitFor();
  await snap(page, 'campaigns-01-dialog');
  await expectNoSeriousAxeViolations(page, 'the campaign dialog');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Campanha salva com sucesso!').first().waitFor();
  await dialog().waitFor({ state: 'detached' });

  const { records } = await api('GET', '/campaigns?searchParam=Black');
  expect(records).toMatchObject([
    {
      name: 'Black Friday',
      status: 'PROGRAMADA',
      confirmation: true,
      connections: [{ name: 'Loja Centro' }],
      scheduledAt: '2999-11-27T12:30:00.000Z',
      message1: 'Olá {nome}, 30% de desconto hoje!',
      confirmationMessage1: 'Quer receber nossas ofertas?',
      contactList: null,
    },
  ]);
  const row = page.getByRole('row', { name: /Black Friday/ });
  await row.getByText('Programada').waitFor();
  await row.getByText('27/11/2999 09:30').waitFor();
  await row.getByText('Não definida').waitFor();
  await snap(page, 'campaigns-02-list');
});

test('a campaign without a message is refused where the message goes, and nothing is saved', async () => {
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  await field(dialog(), 'Nome').fill('Sem texto');
  await choose(dialog(), 'Conexões', 'Loja Centro', true);
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().getByText('Obrigatório').waitFor();
  await dialog().getByRole('button', { name: 'Fechar' }).click();
  const { records } = await api('GET', '/campaigns?searchParam=Sem');
  expect(records).toEqual([]);
});

test('the settings page saves the intervals and adds a variable only when its key is new', async () => {
  await menu().locator('a[href="/campaigns-config"]').click();
  await page.waitForURL('**/campaigns-config');
  await choose(page.locator('main'), 'Intervalo aleatório entre mensagens', 'Até 5 segundos');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Configurações salvas').first().waitFor();

  await field(page.locator('main'), 'Chave').fill('loja');
  await field(page.locator('main'), 'Valor').fill('Centro');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('cell', { name: '{loja}' }).waitFor();
  await field(page.locator('main'), 'Chave').fill('loja');
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByText('Já existe uma variável com esta chave.').waitFor();
  await snap(page, 'campaigns-03-settings');

  const pairs: { key: string; value: string }[] = await api('GET', '/campaign-settings');
  const settings = Object.fromEntries(pairs.map(({ key, value }) => [key, JSON.parse(value)]));
  expect(settings).toEqual({
    messageInterval: 5,
    longerIntervalAfter: 20,
    greaterInterval: 60,
    variables: [{ key: 'loja', value: 'Centro' }],
  });
});
