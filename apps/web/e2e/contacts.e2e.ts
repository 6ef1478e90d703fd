import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected } from './browser';
import { apiAs } from './people';

const CONTACTS = 1000;
const nameOf = (i: number) => `Cliente ${String(i).padStart(4, '0')}`;
const numberOf = (i: number) => String(5511998000000 + i);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  // Its own company: the export is read back whole, so no other journey's contacts may be in it.
  const company = await signUpCompany('contatos');
  const connected = socketConnected(page);
  await signIn(page, company.email, company.password);
  await connected;
  await page.getByRole('link', { name: 'Contatos', exact: true }).click();
  await page.waitForURL('**/contacts');
  await page.getByText('Nenhum contato ainda').waitFor();
});

afterAll(async () => {
  await browser?.close();
});

async function sheetOf(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  sheet.addRow(['name', 'number', 'email', 'tags']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

// The last one without an e-mail, for a later import to fill in.
const emailOf = (i: number) => (i === CONTACTS ? '' : `cliente${i}@exemplo.test`);
const sheetOfContacts = () =>
  sheetOf(Array.from({ length: CONTACTS }, (_, i) => [nameOf(i + 1), numberOf(i + 1), emailOf(i + 1), '']));

async function importSheet(buffer: Buffer) {
  await importExport('Importar');
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Planilha')
    .setInputFiles({ name: 'contatos.xlsx', mimeType: 'application/octet-stream', buffer });
  return dialog;
}

const importExport = (item: 'Importar' | 'Exportar') =>
  page
    .getByRole('button', { name: 'Importar / Exportar' })
    .click()
    .then(() => page.getByRole('menuitem', { name: item }).click());

test('an admin imports 1,000 contacts from a sheet and watches the progress bar fill', async () => {
  // Records every value the bar shows: the import may be quick, but each step must reach the page.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-valuenow]');
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const dialog = await importSheet(await sheetOfContacts());
  await snap(page, 'contacts-01-import-dialog');
  await dialog.getByRole('button', { name: 'Importar' }).click();

  await page
    .getByText(`Importação concluída: ${CONTACTS} criados, 0 atualizados, 0 ignorados, 0 com avisos.`)
    .waitFor();
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  await page
    .getByRole('row')
    .filter({ hasText: nameOf(1) })
    .waitFor();
  await snap(page, 'contacts-02-imported');
});

test('searching finds one imported contact, its number formatted internationally', async () => {
  await page.getByRole('searchbox', { name: 'Pesquisar contatos' }).fill(nameOf(777));

  await page
    .getByRole('row')
    .filter({ hasText: nameOf(1) })
    .waitFor({ state: 'detached' });
  const row = page.getByRole('row').filter({ hasText: nameOf(777) });
  await row.getByRole('cell', { name: '+55 11 99800 0777', exact: true }).waitFor();
  expect(await page.getByRole('row').count()).toBe(2);
  await snap(page, 'contacts-03-search');
});

test('exporting gives backup_contatos.xlsx with every contact in sheet Contatos', async () => {
  const download = page.waitForEvent('download');
  await importExport('Exportar');
  const file = await download;
  expect(file.suggestedFilename()).toBe('backup_contatos.xlsx');

  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await file.path())) as never);
  const sheet = book.getWorksheet('Contatos');
  const rows = (sheet?.getSheetValues() ?? []).slice(2).map((row) => (row as unknown[]).slice(1, 4));
  expect(rows).toHaveLength(CONTACTS);
  expect(rows).toContainEqual([nameOf(777), numberOf(777), 'cliente777@exemplo.test']);
});

test('importing stored numbers, a repeated one and a bad e-mail reports each row with its reason', async () => {
  const dialog = await importSheet(
    await sheetOf([
      [nameOf(1), '11 99800-0001', '', ''],
      // The stored contact without an e-mail, its number in the old form without the 9th digit.
      [nameOf(CONTACTS), '11 9800-1000', `cliente${CONTACTS}@exemplo.test`, ''],
      ['Nova', '11 99700-0001', 'nova@', ''],
      ['Nova de novo', '+55 11 99700-0001', '', ''],
      ['Sem número', '123', '', ''],
    ]),
  );
  await dialog.getByRole('button', { name: 'Importar' }).click();

  const report = page.getByRole('region', { name: 'Importar contatos' });
  await report
    .getByText('Importação concluída: 1 criados, 1 atualizados, 3 ignorados, 1 com avisos.')
    .waitFor();
  const lines = (name: string) =>
    report.getByRole('region', { name }).getByRole('listitem').allTextContents();
  expect(await lines('Linhas ignoradas')).toEqual([
    'Linha 2 (11 99800-0001): número já cadastrado, nada a acrescentar',
    'Linha 5 (+55 11 99700-0001): mesmo número da linha 4',
    'Linha 6 (123): número inválido',
  ]);
  expect(await lines('Importadas com avisos')).toEqual([
    'Linha 4 (11 99700-0001): e-mail inválido, importada sem ele',
  ]);
  await snap(page, 'contacts-04-import-report');
  await page.getByRole('searchbox', { name: 'Pesquisar contatos' }).fill(nameOf(CONTACTS));
  await page
    .getByRole('row')
    .filter({ hasText: `cliente${CONTACTS}@exemplo.test` })
    .waitFor();
});

test('a contact added from the page is stored with every field, and an edit is stored too', async () => {
  const api = apiAs(page);
  const dialog = page.getByRole('dialog');
  const field = (name: string) => dialog.locator(`[name="${name}"]`);
  await page.getByRole('button', { name: 'Adicionar contato' }).click();
  await field('name').fill('Joana Prado');
  await field('number').fill('(11) 97777-1234');
  await field('email').fill('Joana@Exemplo.test');
  await dialog.getByLabel('Desativar chatbot').check();
  await dialog.getByLabel('Aceitar mensagens de áudio').uncheck();
  await dialog.getByRole('button', { name: 'Adicionar informação' }).click();
  await field('extraInfo.0.name').fill('CPF');
  await field('extraInfo.0.value').fill('123.456.789-00');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Contato salvo com sucesso!').waitFor();

  const stored = async () => {
    const found = await api('GET', `/contacts?searchParam=${encodeURIComponent('Joana')}`);
    expect(found.contacts).toHaveLength(1);
    return found.contacts[0];
  };
  expect(await stored()).toMatchObject({
    name: 'Joana Prado',
    number: '5511977771234',
    email: 'joana@exemplo.test',
    disableBot: true,
    acceptAudioMessage: false,
    extraInfo: [{ name: 'CPF', value: '123.456.789-00' }],
  });

  await page.reload();
  await page.getByRole('searchbox', { name: 'Pesquisar contatos' }).fill('Joana');
  await page.getByRole('button', { name: 'Editar Joana Prado' }).click();
  expect(await field('extraInfo.0.value').inputValue()).toBe('123.456.789-00');
  await field('name').fill('Joana Prado Lima');
  await dialog.getByLabel('Desativar chatbot').uncheck();
  await field('extraInfo.0.value').fill('987.654.321-00');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await dialog.waitFor({ state: 'detached' });

  expect(await stored()).toMatchObject({
    name: 'Joana Prado Lima',
    number: '5511977771234',
    disableBot: false,
    acceptAudioMessage: false,
    extraInfo: [{ name: 'CPF', value: '987.654.321-00' }],
  });
  await snap(page, 'contacts-05-edited');
});
