import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { axeCheckedPaths, expectNoSeriousAxeViolations } from './axe';
import { launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

// axe-core on every screen a new company's admin reaches: the menu's entries as the page renders them
// (a screen added to the menu is checked with no change here), the sign-in and sign-up pages and an
// open ticket, on a desktop and on a 360 px phone.
let browser: Browser;
let company: { email: string; password: string };
let ticketUuid: string;
let contactListId: number;
let campaignId: number;

const desktop = { width: 1280, height: 800 };
const phone = { width: 360, height: 740 };

beforeAll(async () => {
  browser = await launchBrowser();
  company = await signUpCompany('axe');
  const admin = await openPage(browser);
  await signIn(admin, company.email, company.password);
  const api = apiAs(admin);
  const connection = await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat', isDefault: false });
  const contact = await api('POST', '/contacts', { name: 'Helena Costa', number: '5511987650001' });
  const ticket = await api('POST', '/tickets', {
    contactId: contact.id,
    whatsappId: connection.id,
    status: 'open',
  });
  for (const body of ['Olá, Helena! Como posso ajudar?', 'Seu pedido 4521 sai hoje.']) {
    await api('POST', `/messages/${ticket.id}`, { body });
  }
  ticketUuid = ticket.uuid;
  const list = await api('POST', '/contact-lists', { name: 'Clientes VIP' });
  await api('POST', '/contact-list-items', {
    contactListId: list.id,
    name: 'Helena Costa',
    number: '11987650001',
  });
  contactListId = list.id;
  const campaign = await api('POST', '/campaigns', {
    name: 'Promoção de inverno',
    connectionIds: [connection.id],
    message1: 'Olá {nome}, temos novidades!',
    contactListId: list.id,
  });
  campaignId = campaign.id;
  await admin.context().close();
});

afterAll(async () => {
  await browser?.close();
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Once the page's heading shows and its calls have settled, its content is what axe should read. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
}

/** The campaign pages join the menu only with the browser's cshow flag (spec 001 §2). */
async function showCampaigns(page: Page) {
  await page.evaluate(() => localStorage.setItem('cshow', '1'));
  await page.reload();
  await page.waitForURL('**/tickets');
}

/** The addresses the rendered menu links to, in its order. */
async function menuAddresses(page: Page): Promise<string[]> {
  await menu(page).getByRole('link').first().waitFor();
  const links = await menu(page).getByRole('link').all();
  const addresses = await Promise.all(links.map((link) => link.getAttribute('href')));
  return addresses.filter((address): address is string => address !== null);
}

async function checkSignedOutPages(viewport: typeof desktop, label: string) {
  const page = await openPage(browser, viewport);
  for (const address of ['/login', '/signup', '/recovery-password']) {
    await page.goto(address);
    await settled(page);
    await expectNoSeriousAxeViolations(page, `${address} (${label})`);
  }
  await page.context().close();
}

/** Pages reached from another page rather than the menu: the tags' Kanban and a campaign's report. */
async function checkPagesOutsideTheMenu(page: Page, label: string) {
  await page.goto('/TagsKanban');
  await settled(page);
  await expectNoSeriousAxeViolations(page, `/TagsKanban (${label})`);
  await page.goto(`/campaign/${campaignId}/report`);
  await page.getByText('Promoção de inverno').first().waitFor();
  await settled(page);
  await expectNoSeriousAxeViolations(page, `a campaign's report (${label})`);
}

test('every screen of the menu, the sign-in pages and an open ticket pass axe on a desktop', async () => {
  await checkSignedOutPages(desktop, 'desktop');
  const page = await openPage(browser, desktop);
  await signIn(page, company.email, company.password);
  await showCampaigns(page);
  const addresses = await menuAddresses(page);
  expect(addresses).toContain('/campaigns');
  expect(addresses).toContain('/tickets');
  expect(addresses).toContain('/contact-lists');
  expect(addresses).toContain('/settings');
  for (const address of addresses) {
    await menu(page).locator(`a[href="${address}"]`).click();
    await page.waitForURL(`**${address}`);
    await settled(page);
    await expectNoSeriousAxeViolations(page, `${address} (desktop)`);
  }
  await page.goto(`/contact-lists/${contactListId}/contacts`);
  await page.getByRole('row').filter({ hasText: 'Helena Costa' }).waitFor();
  await expectNoSeriousAxeViolations(page, "a contact list's items (desktop)");
  await checkPagesOutsideTheMenu(page, 'desktop');
  await page.goto(`/tickets/${ticketUuid}`);
  await page.getByRole('list', { name: 'Mensagens' }).getByText('Seu pedido 4521 sai hoje.').waitFor();
  await expectNoSeriousAxeViolations(page, 'an open ticket (desktop)');
}, 300_000);

test('every screen of the menu, with the menu open, the sign-in pages and an open ticket pass axe at 360 px', async () => {
  await checkSignedOutPages(phone, '360 px');
  const page = await openPage(browser, phone);
  await signIn(page, company.email, company.password);
  await showCampaigns(page);
  const toggle = page.getByRole('button', { name: 'Abrir ou fechar o menu' });
  await toggle.click();
  await menu(page).waitFor();
  const addresses = await menuAddresses(page);
  expect(addresses).toContain('/contacts');
  await expectNoSeriousAxeViolations(page, 'the menu (360 px)');
  await page.keyboard.press('Escape');
  await menu(page).waitFor({ state: 'detached' });
  for (const address of addresses) {
    await toggle.click();
    await menu(page).locator(`a[href="${address}"]`).click();
    await page.waitForURL(`**${address}`);
    await menu(page).waitFor({ state: 'detached' });
    await settled(page);
    await expectNoSeriousAxeViolations(page, `${address} (360 px)`);
  }
  await page.goto(`/contact-lists/${contactListId}/contacts`);
  await page.getByRole('row').filter({ hasText: 'Helena Costa' }).waitFor();
  await expectNoSeriousAxeViolations(page, "a contact list's items (360 px)");
  await checkPagesOutsideTheMenu(page, '360 px');
  await page.goto(`/tickets/${ticketUuid}`);
  await page.getByRole('list', { name: 'Mensagens' }).getByText('Seu pedido 4521 sai hoje.').waitFor();
  await expectNoSeriousAxeViolations(page, 'an open ticket (360 px)');
}, 300_000);

test("the super user's announcements and help videos, with the popover and a player open, pass axe", async () => {
  for (const [viewport, label] of [
    [desktop, 'desktop'],
    [phone, '360 px'],
  ] as const) {
    const page = await openPage(browser, viewport);
    await page.context().route(/youtube|ytimg/, (route) => route.abort());
    await signIn(page, inject('adminEmail'), inject('adminPassword'));
    const api = apiAs(page);
    await api('POST', '/announcements', { title: `Aviso ${label}`, text: 'Novidades da semana.' });
    await api('POST', '/helps', { title: `Primeiros passos ${label}`, video: 'dQw4w9WgXcQ' });
    await page.goto('/announcements');
    await page
      .getByRole('row')
      .filter({ hasText: `Aviso ${label}` })
      .waitFor();
    await expectNoSeriousAxeViolations(page, `/announcements (${label})`);
    await page.getByRole('button', { name: /informativos? não lidos?/ }).click();
    await page.getByRole('region', { name: 'Informativos' }).getByText(`Aviso ${label}`).waitFor();
    await snap(page, `announcements-popover-${viewport.width}`);
    await expectNoSeriousAxeViolations(page, `the announcements popover (${label})`);
    await page.keyboard.press('Escape');
    await page.goto('/helps');
    await page.getByRole('button', { name: `Assistir: Primeiros passos ${label}` }).click();
    await page.getByRole('dialog').waitFor();
    await snap(page, `helps-player-${viewport.width}`);
    await expectNoSeriousAxeViolations(page, `a help video playing (${label})`);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Gerenciar' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `Primeiros passos ${label}` })
      .waitFor();
    await expectNoSeriousAxeViolations(page, `/helps, managed (${label})`);
    await page.context().close();
  }
}, 300_000);

/** A dialog once it has read what it shows. */
async function dialogShown(page: Page) {
  await page.getByRole('dialog').waitFor();
  await page.waitForLoadState('networkidle');
}

test("the super user's screens (companies, the settings' Empresas and Planos tabs, their dialogs) pass axe on a desktop and at 360 px", async () => {
  for (const [viewport, label] of [
    [desktop, 'desktop'],
    [phone, '360 px'],
  ] as const) {
    const page = await openPage(browser, viewport);
    await signIn(page);
    await page.goto('/companies');
    await settled(page);
    await expectNoSeriousAxeViolations(page, `/companies (${label})`);
    await page.getByRole('button', { name: 'Adicionar empresa' }).click();
    await dialogShown(page);
    await expectNoSeriousAxeViolations(page, `the company dialog (${label})`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto('/settings');
    await settled(page);
    for (const tab of ['Empresas', 'Planos']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolations(page, `the settings' ${tab} tab (${label})`);
    }
    await page.getByRole('button', { name: 'Adicionar plano' }).click();
    await dialogShown(page);
    await expectNoSeriousAxeViolations(page, `the plan dialog (${label})`);
    await page.context().close();
  }
}, 120_000);

/** Every page address the router knows, as written in router.tsx, so a page added there is counted here. */
function routedPaths(): string[] {
  const router = readFileSync(resolve(import.meta.dirname, '../src/app/router.tsx'), 'utf8');
  return [...router.matchAll(/(?:path: |campaignPage\()\s*'(\/[^']*)'/g)].map((match) => match[1] as string);
}

/** Pages only another journey reaches (an expired company's billing landing needs a server of its own). */
const readElsewhere: Record<string, string> = { '/financeiro-aberto': 'billing.e2e.ts' };

const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`).test(path);

// Last in this file: the journeys above are what it counts. A new page fails here until one of them
// (or a journey of its own in this file) has axe read it.
test('axe has read a page of every route the router has', () => {
  const routed = routedPaths();
  expect(routed).toContain('/tickets');
  expect(routed).toContain('/campaign/:campaignId/report');
  const unread = routed.filter(
    (pattern) => !(pattern in readElsewhere) && !axeCheckedPaths.some((path) => matches(pattern, path)),
  );
  for (const [pattern, journey] of Object.entries(readElsewhere)) {
    expect(routed).toContain(pattern);
    expect(readFileSync(resolve(import.meta.dirname, journey), 'utf8')).toContain(
      'expectNoSeriousAxeViolations',
    );
  }
  expect(unread).toEqual([]);
});
