import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

let browser: Browser;
let page: Page;
let listId: number;
let company: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  // A company of its own: the journey reads back exactly the items it made.
  company = await signUpCompany('listas-de-contatos');
  page = await openPage(browser);
  await signIn(page, company.email, company.password);
  // Spec 001 §2: the campaign pages exist only where the local flag cshow was set.
  await page.evaluate(() => localStorage.setItem('cshow', '1'));
  await page.reload();
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const rowOf = (text: string) => page.getByRole('row').filter({ hasText: text });

async function sheetOf(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  sheet.addRow(['nome', 'numero', 'email']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('an admin creates a contact list from the menu, after the spec message for a short name', async () => {
  await page.getByRole('link', { name: 'Listas de contatos' }).click();
  await page.waitForURL('**/contact-lists');
  await page.getByText('Nenhuma lista ainda').waitFor();

  await page.getByRole('button', { name: 'Adicionar lista' }).click();
  await dialog().getByLabel('Nome').fill('A');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Muito curto!').waitFor();
  await dialog().getByLabel('Nome').fill('Clientes VIP');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await rowOf('Clientes VIP').waitFor();
  await snap(page, 'contact-lists-01-list');

  const { records } = await apiAs(page)('GET', '/contact-lists?searchParam=Clientes');
  expect(records).toMatchObject([{ name: 'Clientes VIP', contactsCount: 0 }]);
  listId = records[0].id;
});

test('an item is added with the spec validation, and the list counts it', async () => {
  await rowOf('Clientes VIP').getByRole('link', { name: 'Abrir os contatos de Clientes VIP' }).click();
  await page.waitForURL(`**/contact-lists/${listId}/contacts`);
  await page.getByText('Nenhum contato nesta lista').waitFor();

  await page.getByRole('button', { name: 'Adicionar contato' }).click();
  await dialog().getByLabel('Nome').fill('Ana Souza');
  await dialog().getByLabel('Número').fill('11 98888-0001');
  await dialog().getByLabel('E-mail').fill('ana@');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('E-mail inválido').waitFor();
  await dialog().getByLabel('E-mail').fill('ana@exemplo.test');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await rowOf('Ana Souza').getByText('5511988880001').waitFor();

  const { contacts } = await apiAs(page)('GET', `/contact-list-items?contactListId=${listId}`);
  expect(contacts).toMatchObject([
    { name: 'Ana Souza', number: '5511988880001', email: 'ana@exemplo.test', contactListId: listId },
  ]);
});

test('a sheet is uploaded: the result shows, bad rows are listed and download, good rows join the list', async () => {
  await page.getByRole('button', { name: 'Importar' }).click();
  const buffer = await sheetOf([
    ['Bruno Lima', '11 98888-0002', ''],
    ['C', '11 98888-0003', ''],
    ['Ana Souza Nova', '+55 11 98888-0001', 'ana@nova.test'],
    ['Duda', '123', ''],
  ]);
  await dialog()
    .getByLabel('Planilha')
    .setInputFiles({ name: 'lista.xlsx', mimeType: 'application/octet-stream', buffer });
  await dialog().getByRole('button', { name: 'Importar' }).click();

  await page.getByText('Importação concluída: 1 novos, 1 atualizados, 2 com erro.').waitFor();
  await page.getByText('Linha 3 (11 98888-0003): nome com menos de 2 caracteres').waitFor();
  await page.getByText('Linha 5 (123): número inválido').waitFor();
  await rowOf('Bruno Lima').waitFor();
  await snap(page, 'contact-lists-02-import');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar linhas com erro' }).click();
  expect((await download).suggestedFilename()).toBe('erros_importacao.csv');

  const { contacts } = await apiAs(page)('GET', `/contact-list-items?contactListId=${listId}`);
  expect(
    contacts.map((c: { name: string; number: string; email: string }) => [c.name, c.number, c.email]),
  ).toEqual([
    ['Ana Souza Nova', '5511988880001', 'ana@nova.test'],
    ['Bruno Lima', '5511988880002', ''],
  ]);
});

test('an item added elsewhere shows without a reload, and one is deleted after a confirmation', async () => {
  await apiAs(page)('POST', '/contact-list-items', {
    contactListId: listId,
    name: 'Carla Dias',
    number: '11988880004',
  });
  await rowOf('Carla Dias').waitFor();

  await rowOf('Carla Dias').getByRole('button', { name: 'Excluir Carla Dias' }).click();
  await dialog().getByText('Deseja realmente excluir esse registro?').waitFor();
  await dialog().getByRole('button', { name: 'Excluir' }).click();
  await rowOf('Carla Dias').waitFor({ state: 'detached' });

  const { contacts } = await apiAs(page)(
    'GET',
    `/contact-list-items?contactListId=${listId}&searchParam=Carla`,
  );
  expect(contacts).toEqual([]);
});

test('without a connection that can check, the numbers stay unchecked and say so', async () => {
  await page.getByText('0 válidos, 0 sem WhatsApp, 2 não verificados').waitFor();
  expect(await rowOf('Bruno Lima').getByText('Não verificado').count()).toBe(1);
  await page.getByRole('link', { name: 'Voltar às listas' }).click();
  await page.waitForURL('**/contact-lists');
  await rowOf('Clientes VIP').getByRole('cell', { name: '2', exact: true }).waitFor();
});

test("the contacts page's search goes into a list with 'add these to a list'", async () => {
  const api = apiAs(page);
  await api('POST', '/contacts', { name: 'Helena Costa', number: '5511987650001' });
  await api('POST', '/contacts', { name: 'Otávio Reis', number: '5511987650002' });
  await page.getByRole('link', { name: 'Contatos', exact: true }).click();
  await page.waitForURL('**/contacts');
  await page.getByRole('searchbox', { name: 'Pesquisar contatos' }).fill('Helena');
  await rowOf('Helena Costa').waitFor();
  await rowOf('Otávio Reis').waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Importar / Exportar' }).click();
  await page.getByRole('menuitem', { name: 'Adicionar estes a uma lista' }).click();
  await dialog().getByRole('combobox', { name: 'Lista' }).click();
  await page.getByRole('option', { name: 'Clientes VIP' }).click();
  await dialog().getByRole('button', { name: 'Adicionar' }).click();
  await page.getByText('1 contato adicionado a Clientes VIP.').waitFor();

  const { contacts } = await api('GET', `/contact-list-items?contactListId=${listId}&searchParam=Helena`);
  expect(contacts).toMatchObject([{ name: 'Helena Costa', number: '5511987650001' }]);
});

test('at 360 px both pages keep every row action on the screen', async () => {
  const phone = await openPage(browser, { width: 360, height: 740 });
  await signIn(phone, company.email, company.password);
  await phone.evaluate(() => localStorage.setItem('cshow', '1'));
  const off: Record<string, string[]> = {};
  for (const path of ['/contact-lists', `/contact-lists/${listId}/contacts`]) {
    await phone.goto(path);
    const row = phone
      .getByRole('row')
      .filter({ has: phone.getByRole('button') })
      .first();
    await row.waitFor();
    await snap(phone, `contact-lists-03-360${path.replaceAll('/', '-')}`);
    off[path] = [];
    for (const action of [...(await row.getByRole('button').all()), ...(await row.getByRole('link').all())]) {
      const box = await action.boundingBox();
      if (!box || box.x < 0 || box.x + box.width > 360)
        off[path].push(`${await action.getAttribute('aria-label')}`);
    }
  }
  expect(off).toEqual({ '/contact-lists': [], [`/contact-lists/${listId}/contacts`]: [] });
  await phone.context().close();
});
