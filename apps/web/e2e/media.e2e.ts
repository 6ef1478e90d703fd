import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected, tokenOf } from './browser';
import { apiAs, chatHeading } from './people';
import { PDF, PNG } from './samples';

let browser: Browser;
let admin: Page;
let customer: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser);
  // Its own company: the waiting tab's count must be this journey's alone.
  const company = await signUpCompany('midia');
  const joined = socketConnected(admin);
  await signIn(admin, company.email, company.password);
  await joined;
  const res = await admin.request.fetch('/whatsapp', {
    method: 'POST',
    headers: { Authorization: `Bearer ${await tokenOf(admin)}` },
    data: { name: 'Loja', channel: 'webchat', isDefault: true },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { token } = await res.json();

  customer = await openPage(browser, { width: 400, height: 720 });
  await customer.goto(`/w/${token}`);
  await customer.getByLabel('Seu nome').fill('Bruna Arquivos');
  await customer.getByRole('button', { name: 'Iniciar conversa' }).click();
  await customer.getByRole('textbox', { name: 'Escreva sua mensagem…' }).fill('Oi, posso mandar um arquivo?');
  await customer.keyboard.press('Enter');

  await admin.getByRole('tab', { name: /Aguardando/ }).click();
  const row = admin.getByRole('listitem').filter({ hasText: 'Bruna Arquivos' });
  await row.getByRole('button', { name: 'Aceitar' }).click();
  await admin.waitForURL('**/tickets/*');
  await chatHeading(admin, 'Bruna Arquivos').waitFor();
});

afterAll(async () => {
  await browser?.close();
});

const chat = () => admin.getByRole('list', { name: 'Mensagens' });

test('the attendant sends an image and the visitor sees it', async () => {
  await admin
    .getByTestId('composer-file')
    .setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: PNG });
  // A picked file waits in its preview until sent.
  const preview = admin.getByRole('dialog', { name: 'Enviar anexo' });
  await preview.getByRole('img', { name: 'vitrine.png' }).waitFor();
  await admin.keyboard.press('Enter');
  await preview.waitFor({ state: 'detached' });

  await chat().getByRole('img', { name: 'vitrine.png' }).waitFor();
  const image = customer.locator('.bubble__media img');
  await image.waitFor();
  await customer.waitForFunction(
    () => (document.querySelector('.bubble__media img') as HTMLImageElement | null)?.naturalWidth === 10,
  );
  await snap(customer, 'media-01-visitor-sees-image');
});

test('the visitor sends a document and the attendant opens it', async () => {
  await customer
    .getByTestId('widget-file')
    .setInputFiles({ name: 'orcamento.pdf', mimeType: 'application/pdf', buffer: PDF });
  await customer.locator('.bubble__doc', { hasText: 'orcamento.pdf' }).waitFor();

  const link = chat().getByRole('link', { name: 'orcamento.pdf' });
  await link.waitFor();
  const href = await link.getAttribute('href');
  const file = await admin.request.fetch(href ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  await snap(admin, 'media-02-attendant-sees-document');
});

test("the contact drawer lists the conversation's image and document", async () => {
  await admin.getByRole('button', { name: 'Dados do contato Bruna Arquivos' }).click();
  const drawer = admin.getByRole('presentation').filter({ hasText: 'Dados do contato' });
  await drawer.getByRole('img', { name: 'vitrine.png' }).waitFor();
  await drawer.getByRole('tab', { name: 'Documentos' }).click();
  await drawer.getByRole('link', { name: 'orcamento.pdf' }).waitFor();
  await snap(admin, 'media-03-contact-drawer');
  await admin.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });
});

test('the visitor sees the attendant typing', async () => {
  await admin.getByRole('textbox', { name: 'Digite uma mensagem' }).pressSequentially('Um momento');

  await customer.getByRole('status').filter({ hasText: 'Atendente digitando…' }).waitFor();
});

test('a message scheduled from the chat arrives in the widget', async () => {
  await admin.getByRole('button', { name: 'Agendar mensagem' }).click();
  const dialog = admin.getByRole('dialog');
  // The current minute on the company's clock: due at once, so the journey does not wait a minute.
  const now = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date())
    .replace(' ', 'T');
  await dialog.getByLabel('Data do agendamento').fill(now);
  await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Lembrete: seu orçamento vence amanhã.');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await admin.getByText('Agendamento salvo com sucesso.').waitFor();

  await customer.getByText('Lembrete: seu orçamento vence amanhã.').waitFor({ timeout: 30_000 });
  await snap(customer, 'media-04-scheduled-arrived');
});

test('a schedule made on the schedules page is stored for the company clock with its file, and an edit too', async () => {
  const stored = async (body: string) => {
    const { schedules } = await apiAs(admin)('GET', '/schedules');
    const found = schedules.filter((schedule: { body: string }) => schedule.body === body);
    expect(found).toHaveLength(1);
    return found[0];
  };
  await admin.getByRole('link', { name: 'Agendamentos' }).click();
  await admin.waitForURL('**/schedules');
  await admin.getByRole('button', { name: 'Novo agendamento' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Contato' }).fill('Bruna');
  await admin.getByRole('option', { name: 'Bruna Arquivos' }).click();
  await dialog.getByLabel('Data do agendamento').fill('2030-01-15T10:30');
  await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Seu pedido chega amanhã.');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'pedido.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await admin.getByText('Agendamento salvo com sucesso.').first().waitFor();
  await dialog.waitFor({ state: 'detached' });

  const created = await stored('Seu pedido chega amanhã.');
  // 10:30 in São Paulo (UTC−3), the company's clock.
  expect(created).toMatchObject({
    sendAt: '2030-01-15T13:30:00.000Z',
    status: 'PENDENTE',
    contact: { name: 'Bruna Arquivos' },
    mediaName: 'pedido.png',
  });

  await admin.reload();
  await admin
    .getByRole('row')
    .filter({ hasText: 'Seu pedido chega' })
    .getByRole('button', { name: 'Editar o agendamento de Bruna Arquivos' })
    .click();
  expect(await dialog.getByLabel('Data do agendamento').inputValue()).toBe('2030-01-15T10:30');
  await dialog.getByRole('button', { name: 'pedido.png' }).press('Delete');
  await dialog.getByLabel('Data do agendamento').fill('2030-01-16T09:00');
  await dialog.getByRole('textbox', { name: 'Mensagem' }).fill('Seu pedido chega depois de amanhã.');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await dialog.waitFor({ state: 'detached' });

  expect(await stored('Seu pedido chega depois de amanhã.')).toMatchObject({
    id: created.id,
    sendAt: '2030-01-16T12:00:00.000Z',
    mediaName: null,
  });
  await snap(admin, 'media-05-schedule-edited');
});
