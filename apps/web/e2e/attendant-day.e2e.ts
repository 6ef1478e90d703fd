import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, signUpCompany, snap } from './browser';
import { apiAs, chatHeading, say, signedIn, visitorWrites } from './people';
import { PNG } from './samples';

let browser: Browser;
let admin: Page;
let bia: Page;
let widgetToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // Its own company: the tabs' counts must be this journey's alone.
  const company = await signUpCompany('dia');
  admin = await signedIn(browser, company.email, company.password);
  const api = apiAs(admin);
  const connection = await api('POST', '/whatsapp', {
    name: 'Site',
    channel: 'webchat',
    complationMessage: 'Obrigado pelo contato!',
    isDefault: false,
  });
  widgetToken = connection.token;
  await api('POST', '/queue', { name: 'Vendas', color: '#b71c1c' });
  const support = await api('POST', '/queue', { name: 'Suporte', color: '#880e4f' });
  await api('POST', '/tags', { name: 'Cliente VIP', color: '#6a1b9a', kanban: 0 });
  await api('PUT', '/settings/requiredTag', { value: 'enabled' });
  const email = `bia-${Date.now()}@dia.test`;
  await api('POST', '/users', { name: 'Bia Lima', email, password: 'Dia-pass-1', queueIds: [support.id] });
  bia = await signedIn(browser, email, 'Dia-pass-1');
});

afterAll(async () => {
  await browser?.close();
});

const rowOf = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });
const chatOf = (page: Page) => page.getByRole('list', { name: 'Mensagens' });
const bubbleOf = (page: Page, text: string) => chatOf(page).getByRole('listitem').filter({ hasText: text });
const toastOf = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** Takes a waiting ticket from the list and lands in its chat. */
async function accept(page: Page, name: string) {
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await rowOf(page, name).getByRole('button', { name: 'Aceitar' }).click();
  await chatHeading(page, name).waitFor();
  await page.getByRole('button', { name: 'Encerrar', exact: true }).waitFor();
}

async function confirmClose(page: Page) {
  await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Encerrar', exact: true }).click();
}

test('accept, reply with text and an image, transfer, close refused for want of a tag, tag, close, reopen', async () => {
  const customer = await visitorWrites(
    browser,
    widgetToken,
    'Tiago Moraes',
    'Quero trocar o tamanho do tênis',
  );
  await accept(admin, 'Tiago Moraes');
  await admin.getByRole('tab', { name: /^Atendendo\s*1$/ }).waitFor();
  await bubbleOf(admin, 'Quero trocar o tamanho do tênis').waitFor();

  const composer = admin.getByRole('textbox', { name: 'Digite uma mensagem' });
  await composer.fill('Claro! É este modelo?');
  await composer.press('Enter');
  await customer.getByText('Claro! É este modelo?').waitFor();
  // A picked file waits in a preview, with a caption, until Enter sends it.
  await admin
    .getByTestId('composer-file')
    .setInputFiles({ name: 'tenis.png', mimeType: 'image/png', buffer: PNG });
  const preview = admin.getByRole('dialog', { name: 'Enviar anexo' });
  await preview.getByRole('img', { name: 'tenis.png' }).waitFor();
  await preview.getByText(`tenis.png · ${PNG.length} B`).waitFor();
  await preview.getByRole('textbox', { name: 'Legenda' }).fill('O modelo azul');
  await snap(admin, 'attendant-day-00-attachment-preview');
  await admin.keyboard.press('Enter');
  await preview.waitFor({ state: 'detached' });
  await chatOf(admin).getByRole('img', { name: 'tenis.png' }).waitFor();
  await customer.getByRole('img', { name: 'tenis.png' }).waitFor();
  await customer.getByText('O modelo azul').waitFor();
  await customer.waitForFunction(
    () => (document.querySelector('.bubble__media img') as HTMLImageElement | null)?.naturalWidth === 10,
  );
  await say(customer, 'Esse mesmo, quero o 42');
  await bubbleOf(admin, 'Esse mesmo, quero o 42').waitFor();
  await snap(customer, 'attendant-day-01-customer-sees-text-and-image');

  // Exchanges are the support team's: the ticket goes to Bia, in the Suporte queue.
  await bia.getByRole('tab', { name: /Atendendo/ }).click();
  await admin.getByRole('button', { name: 'Mais ações' }).click();
  await admin.getByRole('menuitem', { name: 'Transferir' }).click();
  const transfer = admin.getByRole('dialog');
  await transfer.getByRole('combobox', { name: /^Fila/ }).click();
  await admin.getByRole('option', { name: 'Suporte' }).click();
  // The queue's people are listed as soon as the queue is chosen, nothing typed.
  await transfer.getByRole('combobox', { name: 'Atendente (opcional)' }).click();
  await admin.getByRole('option', { name: 'Bia Lima' }).waitFor();
  await snap(admin, 'attendant-day-01b-transfer-lists-the-queue');
  await admin.getByRole('option', { name: 'Bia Lima' }).click();
  await transfer.getByRole('button', { name: 'Transferir' }).click();
  await admin.waitForURL(/\/tickets$/);
  await rowOf(admin, 'Tiago Moraes').waitFor({ state: 'detached' });
  await rowOf(bia, 'Tiago Moraes').waitFor();
  await bia.getByRole('tab', { name: /^Atendendo\s*1$/ }).waitFor();
  await snap(bia, 'attendant-day-02-transferred-to-bia');

  await rowOf(bia, 'Tiago Moraes').click();
  await bia.getByText(/^#\d+ · Suporte · Atendente: Bia Lima$/).waitFor();
  await bubbleOf(bia, 'Esse mesmo, quero o 42').waitFor();
  await confirmClose(bia);
  // By text: the confirmation still open is modal, and hides the toast from the accessibility tree.
  await bia.getByText('Você deve atribuir uma tag antes de fechar o ticket.').waitFor();
  await snap(bia, 'attendant-day-03-close-refused');
  await bia.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await bia.getByRole('dialog').waitFor({ state: 'detached' });
  // Refused: the ticket is still Bia's, open, and the customer got no farewell.
  await bia.getByRole('tab', { name: /^Atendendo\s*1$/ }).waitFor();
  expect(await customer.getByText('Obrigado pelo contato!').count()).toBe(0);

  await bia.getByRole('combobox', { name: 'Tags do contato' }).click();
  await bia.getByRole('option', { name: 'Cliente VIP' }).click();
  await bia.keyboard.press('Escape');
  await bia.getByRole('button', { name: 'Cliente VIP' }).waitFor();
  await snap(bia, 'attendant-day-04-tagged');

  await confirmClose(bia);
  await bia.waitForURL(/\/tickets$/);
  await customer.getByText('Obrigado pelo contato!').waitFor();
  await bia.getByRole('tab', { name: /^Atendendo$/ }).waitFor();
  await bia.getByRole('tab', { name: 'Fechados' }).click();
  await rowOf(bia, 'Tiago Moraes').waitFor();
  await snap(bia, 'attendant-day-05-closed');
  await snap(customer, 'attendant-day-06-customer-farewell');

  await rowOf(bia, 'Tiago Moraes').click();
  await bia.getByRole('button', { name: 'Reabrir' }).click();
  await bia.getByRole('button', { name: 'Encerrar', exact: true }).waitFor();
  await bia.getByRole('tab', { name: 'Abertos' }).click();
  await bia.getByRole('tab', { name: /^Atendendo\s*1$/ }).waitFor();
  await rowOf(bia, 'Tiago Moraes').waitFor();
  const reopened = bia.getByRole('textbox', { name: 'Digite uma mensagem' });
  await reopened.fill('Reabri seu atendimento: a troca para o 42 está confirmada.');
  await reopened.press('Enter');
  await customer.getByText('Reabri seu atendimento: a troca para o 42 está confirmada.').waitFor();
  await snap(bia, 'attendant-day-07-reopened');
});

test('two messages forwarded into an existing ticket arrive there in order', async () => {
  const marcos = await visitorWrites(browser, widgetToken, 'Marcos Dias', 'Vocês fazem entrega?');
  await accept(admin, 'Marcos Dias');
  const paula = await visitorWrites(browser, widgetToken, 'Paula Reis', 'O endereço é Rua das Flores, 100');
  await say(paula, 'CEP 01310-100, apartamento 52');
  await accept(admin, 'Paula Reis');
  await bubbleOf(admin, 'CEP 01310-100, apartamento 52').waitFor();

  await bubbleOf(admin, 'O endereço é Rua das Flores, 100')
    .getByRole('button', { name: 'Opções da mensagem' })
    .click();
  await admin.getByRole('menuitem', { name: 'Encaminhar' }).click();
  await bubbleOf(admin, 'CEP 01310-100, apartamento 52')
    .getByRole('checkbox', { name: 'Selecionar mensagem' })
    .check();
  await admin.getByText('Selecionadas: 2').waitFor();
  await snap(admin, 'attendant-day-08-two-selected');
  await admin.getByRole('button', { name: 'Encaminhar', exact: true }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Contato' }).fill('Marcos');
  await admin.getByRole('option', { name: /Marcos Dias/ }).click();
  await dialog.getByRole('button', { name: 'Encaminhar', exact: true }).click();
  await toastOf(admin, 'Mensagens encaminhadas: 2').waitFor();
  await admin.getByText('Selecionadas: 2').waitFor({ state: 'detached' });

  await admin.getByRole('tab', { name: /Atendendo/ }).click();
  await rowOf(admin, 'Marcos Dias').click();
  await chatHeading(admin, 'Marcos Dias').waitFor();
  const forwarded = bubbleOf(admin, 'Encaminhada');
  await forwarded.filter({ hasText: 'CEP 01310-100, apartamento 52' }).waitFor();
  await forwarded.filter({ hasText: 'O endereço é Rua das Flores, 100' }).waitFor();
  const inChat = await chatOf(admin).getByRole('listitem').allTextContents();
  const at = (texts: string[], text: string) => texts.findIndex((t) => t.includes(text));
  expect(at(inChat, 'Vocês fazem entrega?')).toBeLessThan(at(inChat, 'Rua das Flores'));
  expect(at(inChat, 'Rua das Flores')).toBeLessThan(at(inChat, 'CEP 01310-100'));
  await snap(admin, 'attendant-day-09-forwarded-into-marcos');

  await marcos.getByText('CEP 01310-100, apartamento 52').waitFor();
  const inWidget = await marcos.locator('.widget__messages > li').allTextContents();
  expect(at(inWidget, 'Rua das Flores')).toBeGreaterThan(at(inWidget, 'Vocês fazem entrega?'));
  expect(at(inWidget, 'Rua das Flores')).toBeLessThan(at(inWidget, 'CEP 01310-100'));
  await snap(marcos, 'attendant-day-10-customer-receives-forwarded');
});

test('a private note is one message: the composer says so, and writes to the customer again after it', async () => {
  const customer = await visitorWrites(browser, widgetToken, 'Lia Prado', 'Meu pedido não chegou');
  await accept(admin, 'Lia Prado');
  await admin.getByRole('button', { name: /^Nota interna/ }).click();
  const note = admin.getByRole('textbox', {
    name: 'Nota interna: só a equipe vê; a próxima mensagem volta ao contato',
  });
  await note.fill('Cliente já ligou duas vezes');
  await snap(admin, 'attendant-day-11-note-mode');
  await note.press('Enter');
  await bubbleOf(admin, 'Cliente já ligou duas vezes').waitFor();

  const composer = admin.getByRole('textbox', { name: 'Digite uma mensagem' });
  await composer.waitFor();
  expect(await admin.getByRole('button', { name: /^Nota interna/ }).getAttribute('aria-pressed')).toBe(
    'false',
  );
  await composer.fill('Vou verificar agora mesmo');
  await composer.press('Enter');
  await customer.getByText('Vou verificar agora mesmo').waitFor();
  expect(await customer.getByText('Cliente já ligou duas vezes').count()).toBe(0);
});

test('Escape cancels an attachment: nothing is sent', async () => {
  await admin.getByTestId('composer-file').setInputFiles({
    name: 'nota-fiscal.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 nota'),
  });
  const preview = admin.getByRole('dialog', { name: 'Enviar anexo' });
  await preview.getByText('nota-fiscal.pdf · 13 B').waitFor();
  await snap(admin, 'attendant-day-12-file-preview');
  await admin.keyboard.press('Escape');
  await preview.waitFor({ state: 'detached' });
  expect(await bubbleOf(admin, 'nota-fiscal.pdf').count()).toBe(0);
});

test('opening a ticket for a contact who has one open offers a link to that ticket', async () => {
  await admin.goto('/contacts');
  await admin.getByRole('button', { name: 'Abrir atendimento com Lia Prado' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Conexão' }).click();
  await admin.getByRole('option', { name: /^Site/ }).click();
  await dialog.getByRole('button', { name: 'Abrir' }).click();
  const conflict = admin.getByRole('dialog', { name: 'Atendimento já aberto' });
  await conflict.getByRole('link', { name: /Ver o atendimento #\d+/ }).waitFor();
  await snap(admin, 'attendant-day-13-already-open');
  await conflict.getByRole('link', { name: /Ver o atendimento #\d+/ }).click();
  await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  await chatHeading(admin, 'Lia Prado').waitFor();
  await conflict.waitFor({ state: 'detached' });
});
