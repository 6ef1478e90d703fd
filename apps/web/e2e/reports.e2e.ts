import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { choose, launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

const TICKETS = 12;
const nameOf = (i: number) => `Cliente Relatório ${String(i).padStart(2, '0')}`;
/** Tickets 1, 3, 5… are closed by the admin; the others stay open. */
const closed = (i: number) => i % 2 === 1;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  // Its own company: the report and its export are read whole.
  const company = await signUpCompany('relatorio');
  await signIn(page, company.email, company.password);
  const api = apiAs(page);
  const connection = await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat', isDefault: false });
  for (let i = 1; i <= TICKETS; i++) {
    const contact = await api('POST', '/contacts', { name: nameOf(i), number: String(5511997000000 + i) });
    const ticket = await api('POST', '/tickets', {
      contactId: contact.id,
      whatsappId: connection.id,
      status: 'open',
    });
    if (closed(i)) await api('PUT', `/tickets/${ticket.id}`, { status: 'closed' });
  }
});

afterAll(async () => {
  await browser?.close();
});

const rows = () => page.getByRole('table').locator('tbody tr');
const shown = (text: string) => page.getByText(text, { exact: true }).waitFor();

test('a manager filters the month’s report, changes the page size and exports what the filters chose', async () => {
  await page.getByRole('link', { name: 'Relatórios' }).click();
  await page.waitForURL('**/reports');
  await shown(`1–10 de ${TICKETS}`);
  await expect.poll(() => rows().count()).toBe(10);
  await snap(page, 'reports-01-month');

  await choose(page.locator('body'), 'Status', 'Fechado', true);
  await shown('1–6 de 6');
  // The rows of the last answer stay on screen until the next arrive: wait for them.
  await expect.poll(() => rows().count()).toBe(6);
  await expect.poll(() => rows().filter({ hasText: 'Aberto' }).count()).toBe(0);

  await page.getByRole('combobox', { name: 'Linhas por página' }).click();
  await page.getByRole('option', { name: '5', exact: true }).click();
  await shown('1–5 de 6');
  await expect.poll(() => rows().count()).toBe(5);
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await shown('6–6 de 6');

  // The contact search suggests from three characters; a contact chosen narrows to its tickets.
  await page.getByRole('combobox', { name: 'Contato' }).fill('Cliente Relatório 03');
  await page.getByRole('option', { name: nameOf(3), exact: true }).click();
  await shown('1–1 de 1');
  await expect.poll(() => rows().first().textContent()).toContain(nameOf(3));
  await page.getByRole('combobox', { name: 'Contato' }).clear();
  await page.keyboard.press('Escape');
  await shown('1–5 de 6');
  await snap(page, 'reports-02-closed-page-size-5');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const file = await download;
  await page.getByText('Relatório exportado: 6 linhas.').waitFor();

  expect(file.suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path()) as string)) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('RelatorioDeAtendimentos');
  const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
  expect(values(1)).toEqual([
    'Conexão',
    'Contato',
    'Usuário',
    'Fila',
    'Status',
    'Última mensagem',
    'Abertura',
    'Fechamento',
    'Tempo de atendimento',
    'NPS',
  ]);
  expect(sheet?.actualRowCount).toBe(7);
  const contacts = Array.from({ length: 6 }, (_, i) => values(i + 2)[1]);
  expect(contacts.sort()).toEqual([1, 3, 5, 7, 9, 11].map(nameOf));
  for (let row = 2; row <= 7; row++) {
    expect(values(row)[0]).toBe('Site');
    expect(values(row)[4]).toBe('Fechado');
    expect(values(row)[6]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
  }

  // On a phone the page fits the screen: the filters stack, the table scrolls inside its own box.
  await page.setViewportSize({ width: 360, height: 740 });
  await shown('1–5 de 6');
  await snap(page, 'reports-03-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
