import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, signUpCompany, snap } from './browser';
import { apiAs, signedIn, visitorWrites } from './people';

// A new company sets itself up: tags on a ticket and its contact, its service hours, a connection's history.
let browser: Browser;
let admin: Page;
let api: ReturnType<typeof apiAs>;
let widgetToken: string;
let companyId: number;

const CLOSED = 'Estamos fechados agora. Voltamos em breve!';
const MENU_LINE = '[ 2 ] - Suporte';

beforeAll(async () => {
  browser = await launchBrowser();
  const company = await signUpCompany('ajustes');
  admin = await signedIn(browser, company.email, company.password);
  api = apiAs(admin);
  companyId = (await api('GET', '/auth/me')).companyId;
  const sales = await api('POST', '/queue', { name: 'Vendas', color: '#b71c1c' });
  const support = await api('POST', '/queue', { name: 'Suporte', color: '#1565c0' });
  const connection = await api('POST', '/whatsapp', {
    name: 'Site',
    channel: 'webchat',
    greetingMessage: 'Olá! Escolha uma opção:',
    outOfHoursMessage: CLOSED,
    queueIds: [sales.id, support.id],
  });
  widgetToken = connection.token;
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => admin.getByRole('dialog');

/** Picks a tag in the chat's tags field labelled `label`; its chip appears once the server saved it. */
async function pickTag(label: string, name: string) {
  await admin.getByRole('combobox', { name: label }).click();
  await admin.getByRole('option', { name, exact: true }).click();
  await admin.getByRole('combobox', { name: label }).locator('..').getByRole('button', { name }).waitFor();
}

test('an attendant tags the ticket and, apart, its contact; the row shows the first tag and a count, the tags page counts tickets', async () => {
  for (const [name, kanban] of [
    ['Orçamento', 1],
    ['Prioridade', 0],
    ['Retorno', 0],
  ] as const)
    await api('POST', '/tags', { name, kanban });
  await visitorWrites(browser, widgetToken, 'Clara Nunes', 'Quero um orçamento');

  await admin.goto('/tickets');
  await admin.getByRole('tab', { name: /Aguardando/ }).click();
  const row = admin.getByRole('listitem').filter({ hasText: 'Clara Nunes' });
  await row.getByRole('button', { name: 'Aceitar' }).click();
  await admin.waitForURL('**/tickets/*');
  const uuid = new URL(admin.url()).pathname.split('/').pop();

  await pickTag('Tags do ticket (Kanban)', 'Orçamento');
  await pickTag('Tags do ticket (Kanban)', 'Prioridade');
  await pickTag('Tags do ticket (Kanban)', 'Retorno');
  await pickTag('Tags do contato', 'Retorno');
  await snap(admin, 'setup-01-ticket-and-contact-tags');

  const ticket = await api('GET', `/tickets/u/${uuid}`);
  expect(ticket.tags.map((tag: { name: string }) => tag.name)).toEqual([
    'Orçamento',
    'Prioridade',
    'Retorno',
  ]);
  expect(ticket.contact.tags.map((tag: { name: string }) => tag.name)).toEqual(['Retorno']);
  await admin.getByRole('tab', { name: /Atendendo/ }).click();
  await row.getByText('Orçamento +2').waitFor();

  // Taking one off the ticket leaves the contact's alone.
  const ticketField = admin.getByRole('combobox', { name: 'Tags do ticket (Kanban)' }).locator('..');
  await ticketField.getByRole('button', { name: 'Prioridade' }).locator('.MuiChip-deleteIcon').click();
  await ticketField.getByRole('button', { name: 'Prioridade' }).waitFor({ state: 'detached' });
  await row.getByText('Orçamento +1').waitFor();
  const after = await api('GET', `/tickets/u/${uuid}`);
  expect(after.tags.map((tag: { name: string }) => tag.name)).toEqual(['Orçamento', 'Retorno']);
  expect(after.contact.tags.map((tag: { name: string }) => tag.name)).toEqual(['Retorno']);

  await admin.getByRole('link', { name: 'Tags' }).click();
  await admin.waitForURL('**/tags');
  const counts = async (name: string) => {
    const cells = admin.getByRole('row').filter({ hasText: name }).getByRole('cell');
    await cells.first().waitFor();
    return [await cells.nth(1).textContent(), await cells.nth(2).textContent()];
  };
  expect(await counts('Retorno')).toEqual(['1', '1']);
  expect(await counts('Orçamento')).toEqual(['0', '1']);
  expect(await counts('Prioridade')).toEqual(['0', '0']);
  await snap(admin, 'setup-02-tags-page-counts');
});

const hoursField = (day: number, shift: string) => admin.locator(`[name="schedules.${day}.${shift}"]`);

async function saveHours(fill: (day: number) => [string, string, string, string]) {
  for (let day = 0; day < 7; day++) {
    const [startA, endA, startB, endB] = fill(day);
    await hoursField(day, 'startTimeA').fill(startA);
    await hoursField(day, 'endTimeA').fill(endA);
    await hoursField(day, 'startTimeB').fill(startB);
    await hoursField(day, 'endTimeB').fill(endB);
  }
  await admin.getByRole('button', { name: 'Salvar horários' }).click();
  await admin.getByText('Horário de atendimento salvo.').waitFor();
}

test('an admin sets the company’s hours: outside them a visitor gets the out-of-hours text, inside the menu', async () => {
  await admin.getByRole('link', { name: 'Configurações', exact: true }).click();
  await admin.waitForURL('**/settings');
  // chatBotType changes nothing: it is not offered.
  await admin.locator('[name="scheduleType"]').waitFor();
  expect(await admin.locator('[name="chatBotType"]').count()).toBe(0);
  expect(await admin.getByRole('heading', { name: 'Horário de atendimento da empresa' }).count()).toBe(0);

  await admin.locator('[name="scheduleType"]').selectOption('company');
  await admin.getByRole('heading', { name: 'Horário de atendimento da empresa' }).waitFor();
  await admin.getByText('Nenhum horário foi salvo ainda', { exact: false }).waitFor();
  await snap(admin, 'setup-03-company-hours');
  expect((await api('GET', '/settings')).find((s: { key: string }) => s.key === 'scheduleType').value).toBe(
    'company',
  );

  // Closed every day of the week.
  await saveHours(() => ['', '', '', '']);
  const closed = await api('GET', `/companies/${companyId}/schedules`);
  expect(closed.schedules).toHaveLength(7);
  expect(
    closed.schedules.every((day: { endTimeA: string; endTimeB: string }) => !day.endTimeA && !day.endTimeB),
  ).toBe(true);
  const late = await visitorWrites(browser, widgetToken, 'Davi Rocha', 'Boa noite');
  await late.getByText(CLOSED).waitFor();
  expect(await late.getByText(MENU_LINE, { exact: false }).count()).toBe(0);

  // Open all day, every day (the second shift left closed).
  await admin.reload();
  await hoursField(0, 'startTimeA').waitFor();
  expect(await hoursField(3, 'startTimeA').inputValue()).toBe('');
  await saveHours(() => ['00:00', '23:59', '', '']);
  const open = await api('GET', `/companies/${companyId}/schedules`);
  expect(open.schedules[6]).toEqual({
    weekdayEn: 'sunday',
    startTimeA: '00:00',
    endTimeA: '23:59',
    startTimeB: '',
    endTimeB: '',
  });
  const early = await visitorWrites(browser, widgetToken, 'Eva Lima', 'Bom dia');
  await early.getByText(MENU_LINE, { exact: false }).waitFor();
  expect(await early.getByText(CLOSED).count()).toBe(0);
  await api('PUT', '/settings/scheduleType', { value: 'disabled' });
});

test('the connections page shows a WhatsApp connection’s status history, on the company’s clock, a page at a time', async () => {
  const connection = await api('POST', '/whatsapp', { name: 'Celular da Loja', channel: 'whatsapp' });
  await admin.goto('/connections');
  const open = () => admin.getByRole('button', { name: 'Histórico de conexão de Celular da Loja' }).first();
  await open().click();
  await dialog().getByText('Nenhuma mudança de status registrada ainda.').waitFor();
  await dialog().getByRole('button', { name: 'Fechar' }).click();
  await dialog().waitFor({ state: 'detached' });

  // Each disconnect a user asks for is a line of the timeline: one more than the server's page of 30.
  for (let i = 0; i < 31; i++) await api('DELETE', `/whatsappsession/${connection.id}`);
  const firstPage = await api('GET', `/whatsapp/${connection.id}/history`);
  expect(firstPage.hasMore).toBe(true);

  await open().click();
  const rows = dialog().locator('tbody tr');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(30);
  const newest = rows.first().getByRole('cell');
  const atCompany = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(new Date(firstPage.events[0].createdAt))
    .replace(',', '');
  expect(await newest.nth(0).textContent()).toBe(atCompany);
  expect(await newest.nth(1).textContent()).toBe('Desconectado');
  expect(await newest.nth(2).textContent()).toBe('Desconectado por um usuário');
  await snap(admin, 'setup-04-connection-history');

  await dialog().getByRole('button', { name: 'Carregar mais' }).click();
  await rows.nth(30).waitFor();
  expect(await rows.count()).toBe(31);
  expect(await dialog().getByRole('button', { name: 'Carregar mais' }).count()).toBe(0);
  await dialog().getByRole('button', { name: 'Fechar' }).click();
  await dialog().waitFor({ state: 'detached' });
});
