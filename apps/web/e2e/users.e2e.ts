import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { choose, launchBrowser, openPage, signIn, snap, socketConnected, tokenOf } from './browser';
import { apiAs } from './people';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await signIn(page);
  await page.getByRole('link', { name: 'Usuários' }).click();
  await page.waitForURL('**/users');
  await page.getByRole('cell', { name: 'Admin', exact: true }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });

/** Maria as the server stored her. */
async function storedMaria() {
  const { users } = await apiAs(page)('GET', '/users?searchParam=maria%40balcao.test');
  expect(users).toHaveLength(1);
  return users[0];
}

test('an admin adds a user, with the spec messages for a short name and a bad e-mail first', async () => {
  await page.getByRole('button', { name: 'Adicionar usuário' }).click();
  await dialog().getByLabel('Nome').fill('M');
  await dialog().getByLabel('E-mail').fill('maria@');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Muito curto!').waitFor();
  await dialog().getByText('E-mail inválido').waitFor();
  await snap(page, 'users-01-validation');

  await dialog().getByLabel('Nome').fill('Maria Souza');
  await dialog().getByLabel('E-mail').fill('maria@balcao.test');
  await dialog().locator('input[name="password"]').fill('Maria-pass');
  await dialog().getByLabel('WhatsApp').fill('5511988887777');
  await choose(dialog(), 'Início do expediente', '08:00');
  await choose(dialog(), 'Fim do expediente', '18:00');
  await dialog().getByLabel('Atender grupos').check();
  await dialog().getByLabel('Ver o painel', { exact: true }).check();
  await choose(dialog(), 'Idioma', 'English');
  await choose(dialog(), 'Tema', 'Escuro');
  await choose(dialog(), 'Menu', 'Fechado');
  await dialog().getByLabel('Mensagem de despedida').fill('Até logo!');
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Usuário salvo com sucesso!').waitFor();
  await rowOf('maria@balcao.test').waitFor();
  expect(await storedMaria()).toMatchObject({
    name: 'Maria Souza',
    profile: 'user',
    wpp: '5511988887777',
    startWork: '08:00',
    endWork: '18:00',
    allTicket: 'disable',
    allowGroup: true,
    showDashboard: 'enabled',
    allowRealTime: 'disabled',
    language: 'en',
    defaultTheme: 'dark',
    defaultMenu: 'closed',
    farewellMessage: 'Até logo!',
  });
  await snap(page, 'users-02-created');
});

// A 1×1 PNG: the server checks an upload's bytes, not its name.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin edits the user and the row shows the change, photo included', async () => {
  await page.getByRole('button', { name: 'Editar Maria Souza' }).click();
  await dialog()
    .locator('input[type="file"]')
    .setInputFiles({ name: 'maria.png', mimeType: 'image/png', buffer: tinyPng });
  await page.getByText('Foto atualizada!').waitFor();
  await dialog().getByLabel('Nome').fill('Maria Souza Lima');
  await choose(dialog(), 'Perfil', 'Supervisor');
  await dialog().getByLabel('Atender grupos').uncheck();
  await dialog().getByLabel('Ver atendimentos de todas as filas').check();
  await snap(page, 'users-03-editing');
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  const row = rowOf('maria@balcao.test');
  await row.getByText('Maria Souza Lima').waitFor();
  await row.getByText('Supervisor').waitFor();
  await row.locator('img[alt="Maria Souza Lima"]').waitFor();
  const stored = await storedMaria();
  expect(stored).toMatchObject({
    name: 'Maria Souza Lima',
    profile: 'supervisor',
    allowGroup: false,
    allTicket: 'enable',
    wpp: '5511988887777',
    farewellMessage: 'Até logo!',
  });
  expect(stored.profileImage).toMatch(/\/users\/[^/]+\.png\?/);
  await snap(page, 'users-04-edited');
});

const listedRows = () => page.getByRole('row').allInnerTexts();

test('searching lists only the users that match, and clearing it gives back the same order', async () => {
  const before = await listedRows();
  await page.getByRole('searchbox', { name: 'Pesquisar usuários' }).fill('maria');

  await rowOf('admin@balcao.test').waitFor({ state: 'detached' });
  await rowOf('maria@balcao.test').waitFor();
  await snap(page, 'users-05-search');

  await page.getByRole('searchbox', { name: 'Pesquisar usuários' }).fill('nobody-matches-this');
  await page.getByText('Nenhum usuário encontrado').waitFor();

  await page.getByRole('searchbox', { name: 'Pesquisar usuários' }).fill('');
  await rowOf('admin@balcao.test').waitFor();
  await page.waitForLoadState('networkidle');
  expect(await listedRows()).toEqual(before);
});

test('an admin deletes the user after confirming', async () => {
  await page.getByRole('button', { name: 'Excluir Maria Souza Lima' }).click();
  await page
    .getByRole('dialog')
    .getByText('Deseja realmente excluir esse registro?', { exact: false })
    .waitFor();
  await snap(page, 'users-06-confirm-delete');

  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();

  await rowOf('maria@balcao.test').waitFor({ state: 'detached' });
  await page.getByText('Usuário excluído com sucesso!').waitFor();
  expect(await rowOf('admin@balcao.test').count()).toBe(1);
  await snap(page, 'users-07-deleted');
});

test("another admin's list follows creates, edits and deletes live, without reloading", async () => {
  const api = async (method: 'POST' | 'PUT' | 'DELETE', path: string, data?: object) => {
    const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
    const res = await page.request.fetch(path, { method, headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return res.status() === 204 ? null : res.json();
  };
  await api('POST', '/users', {
    name: 'Rafael Admin',
    email: 'rafael@balcao.test',
    password: 'Rafael-pass',
    profile: 'admin',
  });
  const other = await openPage(browser);
  const joined = socketConnected(other);
  await signIn(other, 'rafael@balcao.test', 'Rafael-pass');
  await joined;
  await other.goto('/users');
  await other.getByRole('cell', { name: 'Rafael Admin' }).first().waitFor();

  const clara = await api('POST', '/users', {
    name: 'Clara Dias',
    email: 'clara@balcao.test',
    password: 'Clara-pass',
  });
  await other.getByRole('row').filter({ hasText: 'clara@balcao.test' }).waitFor();
  await snap(other, 'users-08-live-create');

  await api('PUT', `/users/${clara.id}`, { name: 'Clara Dias Costa' });
  await other.getByText('Clara Dias Costa').waitFor();

  await api('DELETE', `/users/${clara.id}`);
  await other.getByRole('row').filter({ hasText: 'clara@balcao.test' }).waitFor({ state: 'detached' });
  await snap(other, 'users-09-live-delete');
});

test("at 360 px the users table fits the screen, actions included, whatever the name's length", async () => {
  const narrow = await openPage(browser, { width: 360, height: 740 });
  // Rafael, not the admin of `page`: a second sign-in of the same account ends the first session.
  await signIn(narrow, 'rafael@balcao.test', 'Rafael-pass');
  const longName = 'Maria Aparecida dos Santos Oliveira';
  const res = await narrow.request.post('/users', {
    headers: { Authorization: `Bearer ${await tokenOf(narrow)}` },
    data: { name: longName, email: 'maria.aparecida.oliveira@balcao.test', password: 'Maria-pass1' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await narrow.goto('/users');

  const edit = narrow.getByRole('button', { name: `Editar ${longName}` });
  await edit.waitFor();
  const box = await edit.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  await snap(narrow, 'users-10-narrow');
});
