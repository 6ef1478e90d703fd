import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected } from './browser';
import { apiAs, signedIn, visitorWrites } from './people';

// Two colleagues of a new company talk in the internal chat: Ana at a desk, Bruno on a phone (360 px).
let browser: Browser;
let ana: Page;
let bruno: Page;
let api: ReturnType<typeof apiAs>;
let brunoId: number;
let ticket: { id: number; uuid: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const company = await signUpCompany('chat');
  ana = await signedIn(browser, company.email, company.password);
  api = apiAs(ana);
  const email = `bruno-${Date.now()}@chat.test`;
  brunoId = (await api('POST', '/users', { name: 'Bruno Lima', email, password: 'Chat-pass-1' })).id;
  // A waiting ticket without a queue, which every attendant of the company may open.
  const connection = await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat', isDefault: false });
  const customer = await visitorWrites(browser, connection.token, 'Carla Dias', 'Preciso de ajuda');
  await customer.close();
  const { tickets } = await api('GET', '/tickets?status=pending');
  ticket = tickets.find((row: { contact: { name: string } }) => row.contact.name === 'Carla Dias');
  bruno = await openPage(browser, { width: 360, height: 740 });
  const joined = socketConnected(bruno);
  await signIn(bruno, email, 'Chat-pass-1');
  await joined;
});

afterAll(async () => {
  await browser?.close();
});

/** The top bar's internal chat button, named by its count (pt-BR reads 0 and 1 in the singular). */
const chatButton = (page: Page, count: number) =>
  page.getByRole('button', { name: new RegExp(`^${count} mensage(m|ns) interna`) });

test('a chat is created after its validation messages, and both colleagues talk live', async () => {
  await ana.getByRole('link', { name: 'Chat interno' }).click();
  await ana.waitForURL('**/chats');
  await ana.getByRole('button', { name: 'Nova conversa' }).click();
  const dialog = ana.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Salvar' });
  expect(await save.isDisabled()).toBe(true);
  await dialog.getByLabel('Título').fill('x');
  await dialog.getByLabel('Título').fill('');
  await dialog.getByText('Por favor, preencha o título da conversa.').waitFor();
  await dialog.getByLabel('Título').fill('Plantão de sábado');
  const members = dialog.getByRole('combobox', { name: 'Participantes' });
  await members.click();
  await ana.getByRole('option', { name: 'Bruno Lima' }).click();
  await dialog.getByRole('button', { name: 'Bruno Lima' }).locator('svg').click();
  await dialog.getByText('Por favor, selecione pelo menos um usuário.').waitFor();
  expect(await save.isDisabled()).toBe(true);
  await snap(ana, 'internal-chat-01-validation');
  await members.click();
  await ana.getByRole('option', { name: 'Bruno Lima' }).click();
  await save.click();
  await dialog.waitFor({ state: 'detached' });

  const { records } = await api('GET', '/chats');
  expect(records).toHaveLength(1);
  const chat = records[0];
  expect(chat.title).toBe('Plantão de sábado');
  expect(chat.users.map((member: { userId: number }) => member.userId)).toContain(brunoId);

  // Bruno, elsewhere in the app, sees the count rise as Ana writes.
  await chatButton(bruno, 0).waitFor();
  await ana
    .getByRole('listitem')
    .filter({ hasText: 'Plantão de sábado' })
    .getByRole('button')
    .first()
    .click();
  await ana.waitForURL(`**/chats/${chat.uuid}`);
  const anaComposer = ana.getByRole('textbox', { name: 'Digite uma mensagem' });
  await anaComposer.fill(`Oi @Bruno Lima, pode ver o #${ticket.id}?`);
  await anaComposer.press('Enter');
  await chatButton(bruno, 1).waitFor();
  await snap(bruno, 'internal-chat-02-popover-count');

  // The popover opens the chat; opening it reads it, and the count clears.
  await chatButton(bruno, 1).click();
  await bruno.getByRole('list', { name: 'Chat interno' }).getByText('Plantão de sábado').click();
  await bruno.waitForURL(`**/chats/${chat.uuid}`);
  await bruno.getByRole('tab', { name: 'Mensagens', selected: true }).waitFor();
  const log = bruno.getByRole('log', { name: 'Mensagens da conversa' });
  await log.getByText(`#${ticket.id}`).waitFor();
  await expect.poll(() => log.locator(`mark[data-mention="${brunoId}"]`).textContent()).toBe('@Bruno Lima');
  await chatButton(bruno, 0).waitFor();
  const afterRead = await apiAs(bruno)('GET', '/chats');
  expect(afterRead.records[0].users.find((m: { userId: number }) => m.userId === brunoId)).toMatchObject({
    unreads: 0,
    mentions: 0,
  });
  await snap(bruno, 'internal-chat-03-phone-messages');

  // Bruno answers from the phone; Ana's open chat shows it without a reload.
  const brunoComposer = bruno.getByRole('textbox', { name: 'Digite uma mensagem' });
  await brunoComposer.fill('Pode deixar, já vejo');
  await brunoComposer.press('Enter');
  await ana.getByRole('log', { name: 'Mensagens da conversa' }).getByText('Pode deixar, já vejo').waitFor();
  const stored = await api('GET', `/chats/${chat.id}/messages`);
  expect(stored.records.map((m: { message: string }) => m.message)).toEqual([
    'Pode deixar, já vejo',
    `Oi @Bruno Lima, pode ver o #${ticket.id}?`,
  ]);
  expect(stored.records[1].mentions).toEqual([brunoId]);

  // The list tab on the phone, then the ticket the message links to.
  await bruno.getByRole('tab', { name: 'Chats' }).click();
  await bruno.getByRole('list', { name: 'Conversas' }).getByText('Plantão de sábado').waitFor();
  await bruno.getByRole('tab', { name: 'Mensagens' }).click();
  await log.getByRole('link', { name: `#${ticket.id}` }).click();
  await bruno.waitForURL(`**/tickets/${ticket.uuid}`);
});
