import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchBrowser, openPage, signIn, snap } from './browser';
import { apiAs } from './people';

const DAY_MS = 24 * 60 * 60 * 1000;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
});

const PHONE_NUMBER_ID = '106540352242922';
const CUSTOMER = '5511988887777';
const WABA_ID = '102290129340398';
const fake = (path: string, init?: RequestInit) => fetch(`${inject('fakeGraphUrl')}${path}`, init);

/** The Cloud API connection as the server stored it. */
async function storedCloudApi() {
  const api = apiAs(page);
  const all: { id: number; channel: string }[] = await api('GET', '/whatsapp');
  const found = all.filter((connection) => connection.channel === 'whatsappapi');
  expect(found).toHaveLength(1);
  return api('GET', `/whatsapp/${found[0]?.id}`);
}

test('an admin connects the WhatsApp Cloud API, a customer writes through a signed webhook and the answer reaches Meta', async () => {
  await page.getByRole('link', { name: 'Conexões' }).click();
  await page.waitForURL('**/connections');
  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await page.getByRole('menuitem', { name: 'WhatsApp API oficial' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill('WhatsApp oficial');
  await dialog.getByLabel('Id do número de telefone').fill(PHONE_NUMBER_ID);
  await dialog.getByLabel('Id da conta do WhatsApp Business').fill(WABA_ID);
  await dialog.getByLabel('Token de acesso').fill('CLOUD_TOKEN');
  await dialog.getByLabel('Número de envio').fill('15550783881');
  await snap(page, 'meta-01-cloud-api-dialog');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByRole('row').filter({ hasText: 'WhatsApp oficial' });
  await row.getByText('Conectado').filter({ visible: true }).waitFor();
  expect(await storedCloudApi()).toMatchObject({
    name: 'WhatsApp oficial',
    phoneNumberId: PHONE_NUMBER_ID,
    wabaId: WABA_ID,
    number: '15550783881',
    hasAccessToken: true,
  });
  await snap(page, 'meta-02-connected');

  await page.getByRole('link', { name: 'Atendimentos' }).click();
  await page.waitForURL('**/tickets');
  const inbound = await fake('/_fake/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      channel: 'whatsappapi',
      to: PHONE_NUMBER_ID,
      from: CUSTOMER,
      name: 'Rita Souza',
      text: 'Oi, meu pedido chegou quebrado',
    }),
  });
  expect(await inbound.json()).toMatchObject({ webhookStatus: 200 });

  await page.getByRole('tab', { name: /Aguardando/ }).click();
  const ticket = page.getByRole('listitem').filter({ hasText: 'Rita Souza' });
  await ticket.getByRole('button', { name: 'Aceitar' }).click();
  await page.waitForURL('**/tickets/*');
  await page.getByText('Oi, meu pedido chegou quebrado').first().waitFor();
  const composer = page.getByRole('textbox', { name: 'Digite uma mensagem' });
  await composer.fill('Sinto muito, Rita! Vamos trocar.');
  await composer.press('Enter');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Sinto muito, Rita! Vamos trocar.' })
    .getByRole('img', { name: 'Lida' })
    .waitFor();
  await snap(page, 'meta-03-answered');

  const calls = (await (await fake('/_fake/calls')).json()) as {
    path: string;
    body: { to?: string; text?: { body: string } };
  }[];
  const sends = calls.filter(
    (c) => c.path === `/v21.0/${PHONE_NUMBER_ID}/messages` && c.body.to === CUSTOMER,
  );
  // Signing is on by default where the company allows it (sendSignMessage), as in the product we replace.
  expect(sends.map((c) => c.body.text?.body)).toEqual(['*Admin:*\nSinto muito, Rita! Vamos trocar.']);
});

test('a photo the customer sends shows arriving, then itself, without reloading the chat', async () => {
  const inbound = await fake('/_fake/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      channel: 'whatsappapi',
      to: PHONE_NUMBER_ID,
      from: CUSTOMER,
      text: 'Olha a caixa',
      // Meta fails the first download: the photo waits for the job's retry.
      image: { failFirst: 1 },
    }),
  });
  expect(await inbound.json()).toMatchObject({ webhookStatus: 200 });

  const bubble = page.getByRole('listitem').filter({ hasText: 'Olha a caixa' });
  await bubble.getByText('Recebendo arquivo…').waitFor();
  await bubble.getByRole('progressbar', { name: 'Recebendo arquivo…' }).waitFor();
  await snap(page, 'meta-03b-photo-arriving');
  const photo = bubble.locator('img');
  await photo.waitFor({ timeout: 15_000 });
  expect(await bubble.getByText('Recebendo arquivo…').count()).toBe(0);
  // Drawn from the stored copy through its signed link.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await snap(page, 'meta-03c-photo-arrived');
});

test("later, the admin replies to the same customer from the messages API page with the connection's token", async () => {
  await page.getByRole('link', { name: 'Conexões' }).click();
  await page.waitForURL('**/connections');
  await page.getByRole('button', { name: 'Editar WhatsApp oficial' }).click();
  const dialog = page.getByRole('dialog');
  const token = await dialog.getByLabel('Token da API').inputValue();
  expect(token).toHaveLength(30);
  // The token field left blank keeps the stored token.
  await dialog.getByLabel('Número de envio').fill('15550783882');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await storedCloudApi()).toMatchObject({ number: '15550783882', hasAccessToken: true });

  await page.getByRole('link', { name: 'API de mensagens' }).click();
  await page.waitForURL('**/messages-api');
  const form = page.getByRole('form', { name: 'Testar envio de texto' });
  await form.getByLabel('Token da conexão').fill(token);
  await form.getByLabel('Número').fill('+55 (11) 98888-7777');
  await form.getByLabel('Mensagem').fill('Rita, a troca foi aprovada.');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await form.getByText('Mensagem enviada com sucesso').waitFor();
  await snap(page, 'meta-04-messages-api');

  const delivered = async () => {
    const calls = (await (await fake('/_fake/calls')).json()) as {
      body: { to?: string; text?: { body: string } };
    }[];
    return calls.some((c) => c.body.to === CUSTOMER && c.body.text?.body === 'Rita, a troca foi aprovada.');
  };
  await expect.poll(delivered, { timeout: 15_000 }).toBe(true);
  await page.getByRole('link', { name: 'Atendimentos' }).click();
  await page.getByRole('listitem').filter({ hasText: 'Rita, a troca foi aprovada.' }).first().waitFor();
});

test('a day later, on a small phone, the attendant fills a template and sends it with Enter', async () => {
  const lapsed = '5511977770003';
  await fake('/_fake/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      channel: 'whatsappapi',
      to: PHONE_NUMBER_ID,
      from: lapsed,
      name: 'Caio Prado',
      text: 'Meu pedido saiu?',
    }),
  });
  await page.getByRole('link', { name: 'Atendimentos' }).click();
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Caio Prado' })
    .getByRole('button', { name: 'Aceitar' })
    .click();
  await page.waitForURL('**/tickets/*');
  // Read before the phone signs in as the same admin, which ends this desktop session (spec: one computer).
  const ticketPath = new URL(page.url()).pathname;

  // The browser a day and an hour ahead: the 24-hour window has closed for the composer.
  const phone = await openPage(browser, { width: 360, height: 520 });
  await phone.context().clock.install({ time: Date.now() + DAY_MS + 60 * 60 * 1000 });
  await signIn(phone);
  await phone.goto(ticketPath);
  await phone.getByRole('button', { name: 'Enviar um modelo' }).click();
  const dialog = phone.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Modelo' }).click();
  await phone.getByRole('option', { name: 'pedido_pronto (pt_BR)' }).click();
  await dialog.getByRole('textbox', { name: 'Valor do cabeçalho' }).fill('A-77');
  await dialog.getByRole('textbox', { name: 'Valor de “first_name”' }).fill('Caio');
  await dialog.getByRole('textbox', { name: 'Valor de “order_id”' }).fill('A-77');
  const linkEnd = dialog.getByRole('textbox', { name: 'Final do link de “Acompanhar”' });
  await linkEnd.fill('a77');
  await snap(phone, 'meta-05-template-dialog-phone');
  // The fields scroll inside the dialog; its Send button stays on the screen.
  const send = await dialog.getByRole('button', { name: 'Enviar' }).boundingBox();
  expect((send?.y ?? Number.POSITIVE_INFINITY) + (send?.height ?? 0)).toBeLessThanOrEqual(520);
  await linkEnd.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await phone.getByText('Olá Caio, seu pedido A-77 está pronto.').waitFor();

  // The conversation shows the message once stored; the outbox sends it a moment later.
  const templatesSent = async () => {
    const calls = (await (await fake('/_fake/calls')).json()) as {
      body: { to?: string; type?: string; template?: { name: string } };
    }[];
    return calls
      .filter((c) => c.body.to === lapsed && c.body.type === 'template')
      .map((c) => c.body.template?.name);
  };
  await expect.poll(templatesSent, { timeout: 15_000 }).toEqual(['pedido_pronto']);
  await phone.context().close();
});
