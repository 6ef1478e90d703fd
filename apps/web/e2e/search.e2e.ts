import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs, chatHeading } from './people';

let browser: Browser;
let admin: Page;
let api: ReturnType<typeof apiAs>;
let connectionId: number;

const LONG_NAME = 'Maria Aparecida dos Santos Oliveira Ferreira';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser);
  // A company of its own: the conversations below are its only tickets.
  const company = await signUpCompany('search');
  await signIn(admin, company.email, company.password);
  api = apiAs(admin);
  connectionId = (await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat', isDefault: false })).id;
});

afterAll(async () => {
  await browser?.close();
});

/** An open ticket of a new contact on the website chat, with the admin's messages in it, in order. */
async function conversation(name: string, number: string, bodies: string[]) {
  const contact = await api('POST', '/contacts', { name, number });
  const ticket = await api('POST', '/tickets', {
    contactId: contact.id,
    whatsappId: connectionId,
    status: 'open',
  });
  const ids: number[] = [];
  for (const body of bodies) ids.push((await api('POST', `/messages/${ticket.id}`, { body })).id);
  return { ticket, ids };
}

const chat = () => admin.getByRole('list', { name: 'Mensagens' });
const panel = () => chat().locator('..');

test('a search opens the ticket at the matching message, highlighted, and scrolling loads both ways', async () => {
  const bodies = Array.from({ length: 70 }, (_, i) => `mensagem ${i} sobre o pedido`);
  bodies[30] = 'Preciso do *reembolso* da compra de ontem, por favor';
  const { ids } = await conversation('Paulo Reembolso', '5511987650030', bodies);
  const matchId = ids[30] as number;

  await admin.goto('/tickets');
  await admin.getByRole('searchbox', { name: 'Buscar atendimentos' }).fill('reembolsos');
  const row = admin.getByRole('listitem').filter({ hasText: 'Paulo Reembolso' });
  // The row shows the matching text (marks taken off) with the word found marked, not the last message.
  const marked = row.locator('mark');
  await marked.waitFor();
  expect(await marked.textContent()).toBe('reembolso');
  expect(await row.textContent()).toContain('Preciso do reembolso da compra');
  expect(await row.textContent()).not.toContain('mensagem 69');
  await snap(admin, 'search-01-hit-row');

  await row.getByRole('button').first().click();
  await admin.waitForURL(`**/tickets/*?message=${matchId}`);
  const match = chat().locator(`[data-message-id="${matchId}"]`);
  await match.waitFor();
  expect(await match.getAttribute('data-search-match')).toBe('true');
  expect(await match.getAttribute('aria-current')).toBe('true');
  await admin.waitForFunction((id) => {
    const el = document.querySelector(`[data-message-id="${id}"]`);
    const box = el?.closest('ol')?.parentElement?.getBoundingClientRect();
    const own = el?.getBoundingClientRect();
    return Boolean(box && own && own.top >= box.top && own.bottom <= box.bottom);
  }, matchId);
  // Opened at the match, not at the newest nor from the start: neither end is loaded yet.
  expect(await chat().getByText('mensagem 69 sobre o pedido').count()).toBe(0);
  expect(await chat().getByText('mensagem 0 sobre o pedido').count()).toBe(0);
  await snap(admin, 'search-02-opened-at-match');

  // Scrolling down loads the newer messages, scrolling up the older ones.
  for (let i = 0; i < 5 && !(await chat().getByText('mensagem 69 sobre o pedido').count()); i++) {
    await panel().evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await admin.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  }
  await chat().getByText('mensagem 69 sobre o pedido').waitFor();
  for (let i = 0; i < 5 && !(await chat().getByText('mensagem 0 sobre o pedido').count()); i++) {
    await panel().evaluate((el) => el.scrollTo(0, 0));
    await admin.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  }
  await chat().getByText('mensagem 0 sobre o pedido').waitFor();
  // Every message once, in order.
  const shown = await chat()
    .locator('[data-message-id]')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-message-id'))));
  expect(shown).toEqual(ids);
});

test('the chat header shows the whole name and the number at 1280 px with the menu open; at 360 px the actions move under it', async () => {
  const { ticket } = await conversation(LONG_NAME, '5511987654321', ['*Pedido* _confirmado_ ~cancelado~']);

  await admin.goto(`/tickets/${ticket.uuid}`);
  const heading = chatHeading(admin, LONG_NAME);
  await heading.waitFor();
  // The menu is open (a new user's default): its labels take their room beside the inbox.
  expect((await admin.getByRole('navigation').first().boundingBox())?.width).toBeGreaterThan(200);
  const fits = await heading.evaluate(
    (el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth,
  );
  expect(fits).toBe(true);
  await admin.getByText('+55 11 98765 4321', { exact: false }).waitFor();
  await snap(admin, 'search-03-header-1280');

  // The list's preview shows the words, formatted text rather than WhatsApp's marks.
  const row = admin.getByRole('listitem').filter({ hasText: LONG_NAME.slice(0, 20) });
  expect(await row.textContent()).toContain('Pedido confirmado cancelado');
  expect(await row.textContent()).not.toMatch(/[*_~]/);

  await admin.setViewportSize({ width: 360, height: 740 });
  try {
    await admin.getByRole('tab', { name: 'Ticket' }).click();
    await heading.waitFor();
    // The actions go under the name, which keeps two lines (a longer one is cut there, whole in the title).
    expect(await heading.getAttribute('title')).toBe(LONG_NAME);
    expect(await heading.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('2');
    expect(await heading.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    await snap(admin, 'search-04-header-360');
  } finally {
    await admin.setViewportSize({ width: 1280, height: 800 });
  }
});
