import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { choose, launchBrowser, openPage, signIn, snap, tokenOf } from './browser';
import { apiAs, visitorWrites } from './people';

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

const dialog = () => page.getByRole('dialog');
const rowOf = (text: string) => page.getByRole('row').filter({ hasText: text });

async function storedTag(name: string) {
  const { tags } = await apiAs(page)('GET', `/tags?searchParam=${encodeURIComponent(name)}`);
  expect(tags).toHaveLength(1);
  return tags[0];
}

async function storedQuickMessage(shortcode: string) {
  const { records } = await apiAs(page)(
    'GET',
    `/quick-messages?searchParam=${encodeURIComponent(shortcode)}`,
  );
  const found = records.filter((record: { shortcode: string }) => record.shortcode === shortcode);
  expect(found).toHaveLength(1);
  return found[0];
}

/** A 2×2 red PNG built here: signature, IHDR, one IDAT of unfiltered RGB rows, IEND. */
function redPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = [0, 255, 0, 0, 255, 0, 0];
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([...row, ...row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test("an admin creates a tag, after the spec's message for a short name, and a duplicate is refused", async () => {
  await page.getByRole('link', { name: 'Tags' }).click();
  await page.waitForURL('**/tags');
  await page.getByText('Nenhuma tag ainda').waitFor();

  await page.getByRole('button', { name: 'Adicionar tag' }).click();
  await dialog().getByLabel('Nome').fill('VI');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Tag muito curta!').waitFor();
  await snap(page, 'tags-01-too-short');

  await dialog().getByLabel('Nome').fill('Cliente VIP');
  await dialog().getByLabel('Cor').fill('#d32f2f');
  await dialog().getByLabel('Usar como coluna do Kanban').check();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Tag salva com sucesso!').waitFor();
  const row = rowOf('Cliente VIP');
  await row.waitFor();
  expect(await row.getByRole('cell').nth(1).textContent()).toBe('0');
  expect(await storedTag('Cliente VIP')).toMatchObject({ color: '#d32f2f', kanban: 1 });
  await snap(page, 'tags-02-created');

  await page.getByRole('button', { name: 'Adicionar tag' }).click();
  await dialog().getByLabel('Nome').fill('cliente vip');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Já existe uma tag com este nome.').waitFor();
  await dialog().getByRole('button', { name: 'Cancelar' }).click();
  await dialog().waitFor({ state: 'detached' });
});

test('after a reload an admin renames the tag and takes it off the Kanban, and both are stored', async () => {
  await page.reload();
  await page.getByRole('button', { name: 'Editar Cliente VIP' }).click();
  expect(await dialog().getByLabel('Usar como coluna do Kanban').isChecked()).toBe(true);
  await dialog().getByLabel('Nome').fill('Cliente Ouro');
  await dialog().getByLabel('Usar como coluna do Kanban').uncheck();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  expect(await storedTag('Cliente Ouro')).toMatchObject({ color: '#d32f2f', kanban: 0 });
});

test('an admin deletes a tag after confirming', async () => {
  await page.getByRole('button', { name: 'Excluir Cliente Ouro' }).click();
  await dialog().getByText('Ela será retirada de todos os contatos e tickets.', { exact: false }).waitFor();

  await dialog().getByRole('button', { name: 'Excluir' }).click();

  await page.getByText('Tag excluída com sucesso!').waitFor();
  await rowOf('Cliente Ouro').waitFor({ state: 'detached' });
});

test('an admin creates a quick message with an image, company-wide by default, then removes the image', async () => {
  await page.getByRole('link', { name: 'Respostas rápidas' }).click();
  await page.waitForURL('**/quick-messages');
  await page.getByText('Nenhuma resposta rápida ainda').waitFor();

  await page.getByRole('button', { name: 'Adicionar' }).click();
  await dialog().getByLabel('Atalho').fill('Ofertas');
  await dialog().getByLabel('É uma categoria').check();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  const category = await storedQuickMessage('Ofertas');
  expect(category).toMatchObject({ isCategory: true, message: '', categoryId: null });

  await page.getByRole('button', { name: 'Adicionar' }).click();
  await dialog().getByLabel('Atalho').fill('promo');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Obrigatório').waitFor();
  await dialog().getByLabel('Mensagem').fill('Confira a nossa promoção de hoje!');
  await dialog()
    .locator('input[type="file"]')
    .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: redPng() });
  await dialog().locator('img[alt="promo.png"]').waitFor();
  await choose(dialog(), 'Categoria', 'Ofertas');
  // An admin's new quick message is the whole company's unless they make it private.
  expect(await dialog().getByLabel('Geral (toda a empresa vê)').isChecked()).toBe(true);
  await snap(page, 'quick-messages-01-filled');
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Resposta rápida salva com sucesso!').waitFor();
  const row = rowOf('promo');
  await row.getByText('Mídia', { exact: true }).waitFor();
  await row.getByText('promo.png').waitFor();
  await row.getByText('Geral').waitFor();
  expect(await storedQuickMessage('promo')).toMatchObject({
    message: 'Confira a nossa promoção de hoje!',
    categoryId: category.id,
    geral: true,
    status: true,
    isMedia: true,
    mediaName: 'promo.png',
  });
  await snap(page, 'quick-messages-02-created');

  await page.reload();
  await page.getByRole('button', { name: 'Editar promo' }).click();
  const image = dialog().locator('img[alt="promo.png"]');
  await image.waitFor();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await dialog().getByRole('button', { name: 'Remover imagem' }).click();
  await page.getByText('Imagem removida.').waitFor();
  await dialog().getByLabel('Mensagem').fill('A promoção acabou.');
  await dialog().getByLabel('Ativa').uncheck();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  await row.getByText('Texto', { exact: true }).waitFor();
  expect(await storedQuickMessage('promo')).toMatchObject({
    message: 'A promoção acabou.',
    categoryId: category.id,
    status: false,
    isMedia: false,
    mediaPath: null,
  });
  await snap(page, 'quick-messages-03-image-removed');
});

test('a website visitor gets a quick message with its image and their name, sees the attendant’s edit live and the deletion', async () => {
  const api = apiAs(page);
  const connection = await api('POST', '/whatsapp', { name: 'Site da loja', channel: 'webchat' });
  const quick = await api('POST', '/quick-messages', {
    shortcode: 'boasvindas',
    message: 'Olá {{firstName}}, veja a *promoção* de hoje!',
    geral: true,
  });
  const uploaded = await page.request.post(`/quick-messages/${quick.id}/media-upload`, {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
    multipart: { file: { name: 'vitrine.png', mimeType: 'image/png', buffer: redPng() } },
  });
  expect(uploaded.ok()).toBe(true);
  const customer = await visitorWrites(browser, connection.token, 'Lívia Prado', 'Oi, tem promoção?');

  await page.getByRole('link', { name: 'Atendimentos' }).click();
  await page.waitForURL('**/tickets');
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Lívia Prado' })
    .getByRole('button', { name: 'Aceitar' })
    .click();
  await page.waitForURL('**/tickets/*');
  const composer = page.getByRole('textbox', { name: 'Digite uma mensagem' });
  await composer.fill('/boas');
  await page.getByRole('button', { name: /\/boasvindas/ }).click();
  const picked = page.getByRole('status', { name: 'Imagem da resposta rápida' });
  await picked.locator('img[alt="vitrine.png"]').waitFor();
  await snap(page, 'quick-messages-04-picked-with-image');
  await composer.press('Enter');

  // One bubble: the image, the attendant's signature and the text with the name filled, in bold where marked.
  const bubble = customer.getByRole('listitem').filter({ hasText: 'Olá Lívia, veja a promoção de hoje!' });
  await bubble.locator('img[alt="vitrine.png"]').waitFor();
  await bubble.locator('strong', { hasText: 'promoção' }).waitFor();
  await bubble.locator('strong', { hasText: 'Admin:' }).waitFor();
  await snap(customer, 'quick-messages-05-visitor-received');

  const sent = page.getByRole('listitem').filter({ hasText: 'Olá Lívia, veja a promoção de hoje!' });
  await sent.getByRole('button', { name: 'Opções da mensagem' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const editBox = page.getByRole('textbox', { name: 'Editar mensagem' });
  // The signature stays out of the box; the server puts it back.
  expect(await editBox.inputValue()).toBe('Olá Lívia, veja a *promoção* de hoje!');
  await editBox.fill('Olá Lívia, a *promoção* vale até sexta!');
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
  const edited = customer.getByRole('listitem').filter({ hasText: 'Olá Lívia, a promoção vale até sexta!' });
  await edited.getByText('editada').waitFor();
  await edited.locator('strong', { hasText: 'Admin:' }).waitFor();
  await snap(customer, 'quick-messages-06-visitor-sees-edit');

  await page
    .getByRole('listitem')
    .filter({ hasText: 'Olá Lívia, a promoção vale até sexta!' })
    .getByRole('button', { name: 'Opções da mensagem' })
    .click();
  await page.getByRole('menuitem', { name: 'Apagar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Apagar' }).click();
  await customer.getByText('Mensagem apagada').waitFor();
  expect(await customer.getByText('vale até sexta', { exact: false }).count()).toBe(0);
  await customer.context().close();
});
