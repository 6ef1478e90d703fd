import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany } from './browser';
import { apiAs } from './people';

// Someone who uses no mouse: signs in, finds a conversation, answers it, with Tab, arrows and Enter.
let browser: Browser;
let company: { email: string; password: string };
let ticketId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  company = await signUpCompany('teclado');
  const arranger = await openPage(browser);
  await signIn(arranger, company.email, company.password);
  const api = apiAs(arranger);
  const connection = await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat', isDefault: false });
  const contact = await api('POST', '/contacts', { name: 'Otávio Reis', number: '5511987650002' });
  const ticket = await api('POST', '/tickets', {
    contactId: contact.id,
    whatsappId: connection.id,
    status: 'open',
  });
  for (const body of ['Bom dia, Otávio!', 'Sua troca foi aprovada.', 'Posso ajudar em algo mais?']) {
    await api('POST', `/messages/${ticket.id}`, { body });
  }
  ticketId = ticket.id;
});

afterAll(async () => {
  await browser?.close();
});

/** What has the keyboard: its tag, its accessible label and text, and where it sits. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      label: el?.getAttribute('aria-label') ?? '',
      name: el?.getAttribute('name') ?? '',
      text: (el?.textContent ?? '').trim().slice(0, 80),
      inMessages: Boolean(el?.closest('ol[aria-label="Mensagens"]')),
      isMessage: Boolean(el?.matches('li[data-message-id]')),
      inComposer: Boolean(el?.closest('form')),
    };
  });
}

type Focused = Awaited<ReturnType<typeof focused>>;

/** Presses Tab until `wanted` holds, at most `max` times; returns every stop on the way. */
async function tabUntil(page: Page, wanted: (f: Focused) => boolean, max = 25): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    stops.push(now);
    if (wanted(now)) return stops;
  }
  throw new Error(
    `not reached in ${max} Tabs: ${JSON.stringify(stops.map((s) => s.label || s.name || s.text))}`,
  );
}

test('a keyboard user signs in, opens a ticket from the list and answers it without the mouse', async () => {
  const page = await openPage(browser);
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();

  await tabUntil(page, (f) => f.name === 'email');
  await page.keyboard.type(company.email);
  await tabUntil(page, (f) => f.name === 'password', 2);
  await page.keyboard.type(company.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/tickets');

  // Signed in, the keyboard starts on the page's heading.
  await expect
    .poll(() => focused(page), { timeout: 15_000 })
    .toMatchObject({ tag: 'h1', text: 'Atendimentos' });

  // A person tabs to the row once the list shows it; a busy machine may still be loading it.
  await page.getByText('Otávio Reis').first().waitFor();
  await tabUntil(page, (f) => f.text.includes('Otávio Reis'));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/tickets/*');

  // The ticket opens with the keyboard on its newest message; the arrows walk the conversation.
  await expect
    .poll(() => focused(page), { timeout: 15_000 })
    .toMatchObject({ isMessage: true, text: expect.stringContaining('Posso ajudar') });
  await page.keyboard.press('ArrowUp');
  expect(await focused(page)).toMatchObject({
    isMessage: true,
    text: expect.stringContaining('troca foi aprovada'),
  });
  await page.keyboard.press('ArrowRight');
  expect(await focused(page)).toMatchObject({ inMessages: true, isMessage: false, tag: 'button' });
  await page.keyboard.press('Escape');
  expect(await focused(page)).toMatchObject({
    isMessage: true,
    text: expect.stringContaining('troca foi aprovada'),
  });

  // Tab leaves the conversation at once: no message's buttons stand before the reply box.
  const stops = await tabUntil(page, (f) => f.label === 'Digite uma mensagem', 8);
  expect(stops.filter((stop) => stop.inMessages)).toEqual([]);
  expect(stops.every((stop) => stop.inComposer)).toBe(true);

  await page.keyboard.type('Tudo certo, obrigado pelo contato!');
  await page.keyboard.press('Enter');
  await page
    .getByRole('list', { name: 'Mensagens' })
    .getByText('Tudo certo, obrigado pelo contato!')
    .waitFor();

  // Read back as this user, on this page: signing in here ended the arranging page's session.
  const stored = (await apiAs(page)('GET', `/messages/${ticketId}`)) as {
    messages: { body: string; fromMe: boolean }[];
  };
  // Signed with the agent's name, as the composer signs by default.
  expect(stored.messages.at(-1)).toMatchObject({
    body: '*Admin teclado:*\nTudo certo, obrigado pelo contato!',
    fromMe: true,
  });
});

test('the skip link is the first stop of a signed-in page and takes the keyboard to its heading', async () => {
  const page = await openPage(browser);
  await signIn(page, company.email, company.password);
  await page.goto('/contacts');
  await page.getByRole('heading', { name: 'Contatos' }).waitFor();

  await page.keyboard.press('Tab');
  expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Pular para o conteúdo' });
  await page.keyboard.press('Enter');
  expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Contatos' });

  // Moving to another page puts the keyboard on that page's heading.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Tags' }).click();
  await expect.poll(() => focused(page), { timeout: 15_000 }).toMatchObject({ tag: 'h1', text: 'Tags' });
});
