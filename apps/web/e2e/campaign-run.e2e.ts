import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './axe';
import { choose, launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected } from './browser';
import { apiAs } from './people';

// Issue 22's "Done when", tried as a new user would: a list uploaded, a campaign scheduled on the fake
// Cloud API with a template (its contacts never wrote, so Meta takes nothing else), its report watched
// live while it is cancelled and restarted, then finished; the fake says who got what, and when.
let browser: Browser;
let page: Page;
let company: { email: string; password: string };
let campaignId: number;

/** A Cloud API number of this journey's own: a phone number id belongs to one connection only. */
const PHONE_NUMBER_ID = '106540352299022';
const WABA_ID = '102290129340398';
const CAMPAIGN = 'Reativação de março';
const people = Array.from({ length: 6 }, (_, i) => ({
  name: `Cliente ${i + 1}`,
  number: `551197777000${i + 1}`,
}));
const fake = (path: string, init?: RequestInit) => fetch(`${inject('fakeGraphUrl')}${path}`, init);

/** A page of the company's admin with the campaign pages on (spec 001 §2: the cshow flag) and its socket joined. */
async function adminPage() {
  const opened = await openPage(browser);
  await signIn(opened, company.email, company.password);
  await opened.evaluate(() => localStorage.setItem('cshow', '1'));
  const joined = socketConnected(opened);
  await opened.reload();
  await joined;
  return opened;
}

beforeAll(async () => {
  browser = await launchBrowser();
  company = await signUpCompany('campanha-nuvem');
  page = await adminPage();
  const api = apiAs(page);
  await fake('/_fake/numbers', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: PHONE_NUMBER_ID }),
  });
  await api('POST', '/whatsapp', {
    name: 'WhatsApp oficial',
    channel: 'whatsappapi',
    phoneNumberId: PHONE_NUMBER_ID,
    wabaId: WABA_ID,
    accessToken: 'CLOUD_TOKEN',
  });
  // Tiny intervals keep the journey short: up to 1 s between sends, 5 s after every second one.
  await api('POST', '/campaign-settings', {
    settings: { messageInterval: 1, longerIntervalAfter: 2, greaterInterval: 5 },
  });
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');

async function sheetOf(rows: { name: string; number: string }[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  sheet.addRow(['nome', 'numero', 'email']);
  for (const row of rows) sheet.addRow([row.name, row.number, '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The next minute on the company's clock, as a date-time input takes it, at least 15 s ahead. */
function nextMinute(timeZone: string) {
  const at = new Date(Date.now() + 15_000 + 60_000);
  const wall = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  return wall.replace(' ', 'T');
}

test('a new user uploads a contact list and schedules a campaign with a template on the Cloud API connection', async () => {
  await page.getByRole('link', { name: 'Listas de contatos' }).click();
  await page.waitForURL('**/contact-lists');
  await page.getByRole('button', { name: 'Adicionar lista' }).click();
  await dialog().getByLabel('Nome').fill('Inativos de março');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByRole('link', { name: 'Abrir os contatos de Inativos de março' }).click();
  await page.getByRole('button', { name: 'Importar' }).click();
  await dialog()
    .getByLabel('Planilha')
    .setInputFiles({
      name: 'inativos.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await sheetOf(people),
    });
  await dialog().getByRole('button', { name: 'Importar' }).click();
  await page.getByText('Importação concluída: 6 novos, 0 atualizados, 0 com erro.').waitFor();

  await page.getByRole('navigation', { name: 'Menu principal' }).locator('a[href="/campaigns"]').click();
  await page.waitForURL('**/campaigns');
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  await dialog().getByRole('textbox', { name: 'Nome' }).fill(CAMPAIGN);
  await choose(dialog(), 'Conexões', 'WhatsApp oficial', true);
  await choose(dialog(), 'Lista de contatos', 'Inativos de março');
  await dialog().getByRole('textbox', { name: 'Mensagem 1' }).fill('Olá {nome}, sentimos sua falta!');
  await choose(dialog(), 'Modelo', 'ticket_update (pt_BR)');
  await dialog().getByRole('textbox', { name: 'Valor 1' }).fill('{nome}');
  await dialog().getByRole('textbox', { name: 'Valor 2' }).fill('{numero}');
  await dialog().getByText('Olá {nome}, seu chamado {numero} foi atualizado.').waitFor();
  await snap(page, 'campaign-run-01-template');
  await expectNoSeriousAxeViolations(page, 'the campaign dialog with a template');
  // Scheduled last, just before saving: the sweep starts it at that minute.
  const hint = await dialog()
    .getByText(/Horário da empresa/)
    .textContent();
  const timeZone = hint?.match(/\(([^)]+)\)/)?.[1] ?? 'America/Sao_Paulo';
  await dialog().getByRole('textbox', { name: 'Agendamento' }).fill(nextMinute(timeZone));
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Campanha salva com sucesso!').first().waitFor();
  await dialog().waitFor({ state: 'detached' });

  const { records } = await apiAs(page)('GET', `/campaigns?searchParam=${encodeURIComponent('Reativação')}`);
  expect(records).toMatchObject([
    {
      name: CAMPAIGN,
      status: 'PROGRAMADA',
      connections: [{ name: 'WhatsApp oficial' }],
      contactList: { name: 'Inativos de março' },
      template: { name: 'ticket_update', language: 'pt_BR', parameters: ['{nome}', '{numero}'], buttons: [] },
    },
  ]);
  campaignId = records[0].id;
});

test('its report moves live as it runs, is cancelled and restarted from the list, and reaches Finalizada', {
  timeout: 240_000,
}, async () => {
  // A second tab of the same session (signing in again would end the first one).
  const controls = await page.context().newPage();
  await controls.goto('/campaigns');
  const row = controls.getByRole('row', { name: new RegExp(CAMPAIGN) });
  await row.waitFor();

  await page.getByRole('link', { name: `Relatório da campanha ${CAMPAIGN}` }).click();
  await page.waitForURL(`**/campaign/${campaignId}/report`);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const status = (name: string) => page.getByText(`Status: ${name}`, { exact: true });
  await status('Programada').waitFor();
  // The sweep starts it at its minute; everything after comes by the socket.
  await status('Em Andamento').waitFor({ timeout: 150_000 });
  await page.getByText(/^[2-5] de 6 entregues/).waitFor();
  await snap(page, 'campaign-run-02-report-running');

  await row.getByRole('button', { name: `Parar a campanha ${CAMPAIGN}` }).click();
  await status('Cancelada').waitFor();
  const atCancel = (await sends()).length;
  await page.waitForTimeout(2_000);
  expect((await sends()).length).toBe(atCancel);
  await row.getByRole('button', { name: `Reiniciar a campanha ${CAMPAIGN}` }).click();
  await status('Finalizada').waitFor({ timeout: 60_000 });
  await page.getByText('6 de 6 entregues (100%)').waitFor();
  await snap(page, 'campaign-run-03-report-finished');

  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const sent = await sends();
  const perNumber = new Map<string, number>();
  for (const send of sent) perNumber.set(send.body.to, (perNumber.get(send.body.to) ?? 0) + 1);
  expect([...perNumber.keys()].sort()).toEqual(people.map((p) => p.number));
  expect([...perNumber.values()].every((count) => count === 1)).toBe(true);
  const toThird = sent.find((s) => s.body.to === people[2]?.number);
  expect(toThird?.body).toMatchObject({
    type: 'template',
    template: {
      name: 'ticket_update',
      components: [{ type: 'body', parameters: [{ text: 'Cliente 3' }, { text: '5511977770003' }] }],
    },
  });
  // The pacing in the times Meta got them: 5 s after every second send, up to 1 s otherwise.
  const gaps = sent.slice(1).map((s, i) => s.at - (sent[i]?.at ?? 0));
  gaps.forEach((gap, i) => {
    if ((i + 1) % 2 === 0) expect(gap).toBeGreaterThanOrEqual(4_900);
  });
  expect(gaps.filter((_gap, i) => (i + 1) % 2 === 1).some((gap) => gap < 2_000)).toBe(true);
});

/** The campaign's sends Meta accepted from this journey's number, in the order they arrived. */
async function sends() {
  const calls = (await (await fake('/_fake/calls')).json()) as {
    path: string;
    at: number;
    accepted?: string;
    body: { to: string; type: string; template?: unknown };
  }[];
  return calls.filter((c) => c.accepted && c.path.endsWith(`/${PHONE_NUMBER_ID}/messages`));
}
