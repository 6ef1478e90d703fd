import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
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

const dialog = () => page.getByRole('dialog');
const rowOf = (text: string) => page.getByRole('row').filter({ hasText: text });

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
  await dialog().getByLabel('Usar como coluna do Kanban').check();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Tag salva com sucesso!').waitFor();
  const row = rowOf('Cliente VIP');
  await row.waitFor();
  expect(await row.getByRole('cell').nth(1).textContent()).toBe('0');
  await snap(page, 'tags-02-created');

  await page.getByRole('button', { name: 'Adicionar tag' }).click();
  await dialog().getByLabel('Nome').fill('cliente vip');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Já existe uma tag com este nome.').waitFor();
  await dialog().getByRole('button', { name: 'Cancelar' }).click();
  await dialog().waitFor({ state: 'detached' });
});

test('an admin deletes a tag after confirming', async () => {
  await page.getByRole('button', { name: 'Excluir Cliente VIP' }).click();
  await dialog().getByText('Ela será retirada de todos os contatos e tickets.', { exact: false }).waitFor();

  await dialog().getByRole('button', { name: 'Excluir' }).click();

  await page.getByText('Tag excluída com sucesso!').waitFor();
  await rowOf('Cliente VIP').waitFor({ state: 'detached' });
});

test('an admin creates a quick message with an image, company-wide by default, then removes the image', async () => {
  await page.getByRole('link', { name: 'Respostas rápidas' }).click();
  await page.waitForURL('**/quick-messages');
  await page.getByText('Nenhuma resposta rápida ainda').waitFor();

  await page.getByRole('button', { name: 'Adicionar' }).click();
  await dialog().getByLabel('Atalho').fill('promo');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Obrigatório').waitFor();
  await dialog().getByLabel('Mensagem').fill('Confira a nossa promoção de hoje!');
  await dialog()
    .locator('input[type="file"]')
    .setInputFiles({ name: 'promo.png', mimeType: 'image/png', buffer: redPng() });
  await dialog().locator('img[alt="promo.png"]').waitFor();
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
  await snap(page, 'quick-messages-02-created');

  await page.getByRole('button', { name: 'Editar promo' }).click();
  const image = dialog().locator('img[alt="promo.png"]');
  await image.waitFor();
  expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await dialog().getByRole('button', { name: 'Remover imagem' }).click();
  await page.getByText('Imagem removida.').waitFor();
  await dialog().getByRole('button', { name: 'Cancelar' }).click();

  await row.getByText('Texto', { exact: true }).waitFor();
  await snap(page, 'quick-messages-03-image-removed');
});
