import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, snap, socketConnected } from './browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const rowOf = (p: Page, name: string) => p.getByRole('row').filter({ hasText: name });

test('an admin creates a website chat connection and reads its embed snippet', async () => {
  await page.getByRole('link', { name: 'Conexões' }).click();
  await page.waitForURL('**/connections');
  await page.getByRole('heading', { name: 'Conexões' }).waitFor();
  await snap(page, 'connections-01-page');

  await page.getByRole('button', { name: 'Nova conexão' }).click();
  expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
    'WhatsApp',
    'WhatsApp API oficial',
    'Facebook',
    'Instagram',
    'Chat do site',
    'Facebook (login do Facebook)',
    'Instagram (login do Facebook)',
  ]);
  await page.getByRole('menuitem', { name: 'Chat do site' }).click();
  await dialog().getByLabel('Nome').fill('S');
  await dialog().getByRole('tab', { name: 'Mensagens' }).click();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  // The error is on the other tab: the dialog goes back to it.
  await dialog().getByText('Muito curto!').waitFor();
  await snap(page, 'connections-02-validation');

  await dialog().getByLabel('Nome').fill('Site da Loja');
  await dialog().getByRole('tab', { name: 'Mensagens' }).click();
  await dialog().getByLabel('Mensagem de saudação').fill('Olá! Como podemos ajudar?');
  await dialog().getByLabel('Mensagem de conclusão').fill('Obrigado pelo contato!');
  await snap(page, 'connections-03-messages-tab');
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Conexão salva com sucesso!').waitFor();
  const row = rowOf(page, 'Site da Loja');
  await row.getByText('Conectado').filter({ visible: true }).waitFor();
  await snap(page, 'connections-04-created');

  await row.getByRole('button', { name: 'Incorporar Site da Loja no site' }).click();
  const snippet = await dialog().getByLabel('Código de incorporação').inputValue();
  const origin = new URL(page.url()).origin;
  const token = /data-token="([A-Z0-9]{30})"/.exec(snippet)?.[1];
  expect(snippet).toBe(`<script src="${origin}/widget.js" data-token="${token}" async></script>`);
  await dialog().getByRole('button', { name: 'Copiar código' }).click();
  await page.getByText('Código copiado!').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  await snap(page, 'connections-05-embed');

  const [chatPage] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog().getByRole('link', { name: 'Abrir a página do chat' }).click(),
  ]);
  await chatPage.waitForURL(`**/w/${token}`);
  await chatPage.getByRole('heading', { name: 'Site da Loja' }).waitFor();
  await chatPage.getByText('Olá! Como podemos ajudar?').waitFor();
  await snap(chatPage, 'connections-06-widget-page');
  await chatPage.close();
  await dialog().getByRole('button', { name: 'Fechar' }).click();
});

test('another session follows an edit and a delete live, without reloading', async () => {
  const other = await openPage(browser, { width: 360, height: 740 });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await other.addInitScript((value) => localStorage.setItem('token', value ?? ''), token);
  const joined = socketConnected(other);
  await other.goto('/connections');
  await joined;
  await rowOf(other, 'Site da Loja').waitFor();
  await snap(other, 'connections-07-narrow');

  await rowOf(page, 'Site da Loja').getByRole('button', { name: 'Editar Site da Loja' }).click();
  await dialog().getByLabel('Nome').fill('Chat do Site');
  await snap(page, 'connections-08-editing');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await rowOf(other, 'Chat do Site').waitFor();

  await rowOf(page, 'Chat do Site').getByRole('button', { name: 'Excluir Chat do Site' }).click();
  await dialog().getByText('Deseja realmente excluir esta conexão?', { exact: false }).waitFor();
  await snap(page, 'connections-09-confirm-delete');
  await dialog().getByRole('button', { name: 'Excluir' }).click();
  await page.getByText('Conexão excluída com sucesso!').waitFor();
  await snap(page, 'connections-09b-deleted');
  await rowOf(page, 'Chat do Site').waitFor({ state: 'detached' });
  await rowOf(other, 'Chat do Site').waitFor({ state: 'detached' });
  await snap(other, 'connections-10-deleted-live');
});
