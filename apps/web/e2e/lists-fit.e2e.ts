import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

let browser: Browser;
let company: { email: string; password: string };

const LONG_NAME = 'Maria Aparecida dos Santos Oliveira Albuquerque';

beforeAll(async () => {
  browser = await launchBrowser();
  // Its own company: each list holds exactly the one long row made here.
  company = await signUpCompany('listas');
  const admin = await openPage(browser);
  await signIn(admin, company.email, company.password);
  const api = apiAs(admin);
  const queue = await api('POST', '/queue', { name: 'Atendimento ao cliente', color: '#b71c1c' });
  await api('POST', '/whatsapp', {
    name: 'Atendimento pelo site da loja principal',
    channel: 'webchat',
    isDefault: true,
  });
  const contact = await api('POST', '/contacts', {
    name: LONG_NAME,
    number: '5511987654321',
    email: 'maria.aparecida.santos.oliveira@exemplo-de-empresa.com.br',
  });
  // On the company's clock (São Paulo), whatever the browser's.
  await api('POST', '/schedules', {
    body: 'Lembrete: sua consulta está marcada para amanhã às 10h, traga os documentos',
    contactId: contact.id,
    sendAt: '2031-03-04T15:06',
  });
  await api('POST', '/prompt', {
    name: 'Assistente de vendas da loja principal',
    prompt: 'Você é um assistente de vendas educado.',
    apiKey: 'sk-test-1234',
    queueId: queue.id,
  });
  await admin.context().close();
});

afterAll(async () => {
  await browser?.close();
});

const lists = ['/contacts', '/schedules', '/connections', '/prompts'] as const;

/** How far the table reaches past its scrolling panel: 0 when every column is in view. */
const overflowOf = (page: Page) =>
  page.locator('table').evaluate((table) => {
    const panel = table.parentElement as HTMLElement;
    return panel.scrollWidth - panel.clientWidth;
  });

/** The row's buttons (its actions) that are not wholly on the screen. */
async function actionsOffScreen(page: Page, width: number) {
  const row = page.getByRole('row').nth(1);
  const off: string[] = [];
  for (const button of await row.getByRole('button').all()) {
    const box = await button.boundingBox();
    if (!box || box.x < 0 || box.x + box.width > width)
      off.push(`${await button.getAttribute('aria-label')}`);
  }
  return off;
}

test('at 1280 px with the menu open no list cuts a column', async () => {
  const page = await openPage(browser, { width: 1280, height: 800 });
  await signIn(page, company.email, company.password);
  const overflows: Record<string, number> = {};
  for (const path of lists) {
    await page.goto(path);
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('button') })
      .first()
      .waitFor();
    await snap(page, `lists-fit-01-1280${path.replace('/', '-')}`);
    overflows[path] = await overflowOf(page);
  }
  expect(overflows).toEqual({ '/contacts': 0, '/schedules': 0, '/connections': 0, '/prompts': 0 });
  await page.context().close();
});

test('at 360 px every row keeps its actions on the screen', async () => {
  const page = await openPage(browser, { width: 360, height: 740 });
  await signIn(page, company.email, company.password);
  const off: Record<string, string[]> = {};
  for (const path of lists) {
    await page.goto(path);
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('button') })
      .first()
      .waitFor();
    await snap(page, `lists-fit-02-360${path.replace('/', '-')}`);
    off[path] = await actionsOffScreen(page, 360);
  }
  expect(off).toEqual({ '/contacts': [], '/schedules': [], '/connections': [], '/prompts': [] });
  await page.context().close();
});

test("at 360 px the top bar's greeting shows whole; the reload it has no room for is in the account menu", async () => {
  const page = await openPage(browser, { width: 360, height: 740 });
  await signIn(page, company.email, company.password);
  const greeting = page.getByText('Olá, Admin listas!');
  await greeting.waitFor();
  await snap(page, 'lists-fit-03-360-top-bar');
  // Cut short ('Olá, Ad…') when the text is wider than its box.
  expect(await greeting.evaluate((text) => text.scrollWidth - text.clientWidth)).toBe(0);
  expect(await page.getByRole('button', { name: 'Recarregar a página' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Abrir o menu da conta' }).click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('menuitem', { name: 'Recarregar a página' }).click(),
  ]);
  await greeting.waitFor();
  await page.context().close();
});

test("the schedules list shows when a message goes on the company's clock, to the second", async () => {
  // The browser is on UTC; the company on São Paulo (UTC-3): 15:06 there is 18:06 here.
  const page = await openPage(browser, { width: 1280, height: 800 }, { timezoneId: 'UTC' });
  await signIn(page, company.email, company.password);
  await page.goto('/schedules');
  await page.getByRole('row').filter({ hasText: LONG_NAME }).getByText('04/03/2031 15:06:00').waitFor();
  await page.context().close();
});
