import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchBrowser, openPage, signIn, snap } from './browser';

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
const fake = (path: string, init?: RequestInit) => fetch(`${inject('fakeGraphUrl')}${path}`, init);

test('an admin connects the WhatsApp Cloud API, a customer writes through a signed webhook and the answer reaches Meta', async () => {
  await page.getByRole('link', { name: 'Conexões' }).click();
  await page.waitForURL('**/connections');
  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await page.getByRole('menuitem', { name: 'WhatsApp API oficial' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill('WhatsApp oficial');
  await dialog.getByLabel('Id do número de telefone').fill(PHONE_NUMBER_ID);
  await dialog.getByLabel('Token de acesso').fill('CLOUD_TOKEN');
  await snap(page, 'meta-01-cloud-api-dialog');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByRole('row').filter({ hasText: 'WhatsApp oficial' });
  await row.getByText('Conectado').filter({ visible: true }).waitFor();
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

test("later, the admin replies to the same customer from the messages API page with the connection's token", async () => {
  await page.getByRole('link', { name: 'Conexões' }).click();
  await page.waitForURL('**/connections');
  await page.getByRole('button', { name: 'Editar WhatsApp oficial' }).click();
  const dialog = page.getByRole('dialog');
  const token = await dialog.getByLabel('Token da API').inputValue();
  expect(token).toHaveLength(30);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'detached' });

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
