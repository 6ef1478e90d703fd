import { readFile } from 'node:fs/promises';
import { QUEUE_COLORS } from '@balcao/shared';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { choose, launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  // Its own company: its log holds this journey's changes alone.
  const company = await signUpCompany('auditoria');
  await signIn(page, company.email, company.password);
});

afterAll(async () => {
  await browser?.close();
});

test('an admin finds who created a queue and changed a setting, narrows to the queue and exports it', async () => {
  const api = apiAs(page);
  await api('POST', '/queue', { name: 'Financeiro', color: QUEUE_COLORS[2] });
  await api('PUT', '/settings/userRating', { value: 'enabled' });

  await page.getByRole('link', { name: 'Registro de auditoria' }).click();
  await page.waitForURL('**/audit-log');
  const rows = page.getByRole('row');
  await rows.filter({ hasText: 'Fila criada' }).waitFor();
  await rows.filter({ hasText: 'Configuração alterada' }).waitFor();
  await snap(page, 'audit-01-log');

  await choose(page.locator('main'), 'Ação', 'Fila criada');
  await expect.poll(() => rows.filter({ hasText: 'Configuração alterada' }).count()).toBe(0);
  await rows.filter({ hasText: 'Fila criada' }).waitFor();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const file = await download;
  await page.getByText('Registro de auditoria exportado.').waitFor();
  expect(file.suggestedFilename()).toBe('registro-de-auditoria.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path()) as string)) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Auditoria');
  const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
  expect(sheet?.actualRowCount).toBe(2);
  expect(values(2).slice(2, 4)).toEqual(['Fila criada', 'Fila']);
  expect(String(values(2)[5])).toContain('Financeiro');
});
