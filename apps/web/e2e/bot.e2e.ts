import { QUEUE_COLORS } from '@balcao/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected, tokenOf } from './browser';

let browser: Browser;
let admin: Page;

async function api(method: 'GET' | 'POST' | 'PUT', path: string, data?: object) {
  const headers = { Authorization: `Bearer ${await tokenOf(admin)}` };
  const res = await admin.request.fetch(path, { method, headers, ...(data ? { data } : {}) });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

const option = (name: string, greetingMessage: string, options: object[] = []) => ({
  name,
  greetingMessage,
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  options,
});

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser);
});

afterAll(async () => {
  await browser?.close();
});

test('an admin’s two-level menu, walked by a website visitor, routed to the admin and rated 0–10 after the close', async () => {
  const company = await signUpCompany('robo');
  const joined = socketConnected(admin);
  await signIn(admin, company.email, company.password);
  await joined;
  const claims = (await tokenOf(admin)).split('.')[1] as string;
  const adminId = Number(JSON.parse(Buffer.from(claims, 'base64url').toString()).sub);

  const vendas = await api('POST', '/queue', {
    name: 'Vendas',
    color: QUEUE_COLORS[3],
    greetingMessage: 'Vendas: o que procura?',
    outOfHoursMessage: 'Vendas atende das 08:00 às 18:00.',
    ativarRoteador: true,
    tempoRoteador: 2,
    chatbots: [
      option('Planos', 'Temos dois planos:', [
        option('Básico', 'O Básico custa R$ 50,00. Um atendente já vem.'),
        option('Completo', 'O Completo custa R$ 90,00.'),
      ]),
    ],
  });
  const suporte = await api('POST', '/queue', { name: 'Suporte', color: QUEUE_COLORS[4] });
  await api('PUT', `/users/${adminId}`, { queueIds: [vendas.id, suporte.id] });
  const connection = await api('POST', '/whatsapp', {
    name: 'Loja',
    channel: 'webchat',
    greetingMessage: '{{ms}}, {{firstName}}! Escolha uma opção:',
    complationMessage: 'Obrigado pelo contato, {{firstName}}!',
    outOfHoursMessage: 'Estamos fechados agora.',
    ratingMessage: 'De 0 a 10, quanto você recomendaria a {{connection}} a um amigo?',
    queueIds: [vendas.id, suporte.id],
  });
  await api('PUT', '/settings/userRating', { value: 'enabled' });

  const customer = await openPage(browser, { width: 400, height: 720 });
  await customer.goto(`/w/${connection.token}`);
  await customer.getByLabel('Seu nome').fill('Rita Souza');
  await customer.getByRole('button', { name: 'Iniciar conversa' }).click();
  const composer = customer.getByRole('textbox', { name: 'Escreva sua mensagem…' });
  const answer = async (text: string, expected: string) => {
    await composer.fill(text);
    await composer.press('Enter');
    await customer.getByText(expected).waitFor();
  };

  await answer('Oi', '[ 2 ] - Suporte');
  // The company's variables arrive filled: the hour's greeting and the visitor's first name.
  await customer
    .getByText(/^(Bom dia|Boa tarde|Boa noite|Boa madrugada), Rita! Escolha uma opção:/)
    .waitFor();
  expect(await customer.getByText('{{', { exact: false }).count()).toBe(0);
  await snap(customer, 'bot-01-menu');
  await answer('7', 'Opção inválida, tente novamente.');
  await answer('1', 'Vendas: o que procura?');
  await answer('1', 'Temos dois planos:');
  await customer.getByText('[ 2 ] - Completo').waitFor();
  await snap(customer, 'bot-02-second-level');
  await answer('1', 'O Básico custa R$ 50,00. Um atendente já vem.');

  // The router offered the ticket to the admin, the one online member of Vendas.
  await admin.getByRole('tab', { name: /^Aguardando\s*1$/ }).click();
  const row = admin.getByRole('listitem').filter({ hasText: 'Rita Souza' });
  await row.waitFor();
  const waiting = await api('GET', '/tickets?status=pending');
  expect(waiting.tickets).toMatchObject([{ queue: { id: vendas.id }, userId: adminId }]);
  await snap(admin, 'bot-03-routed');
  await row.getByRole('button', { name: 'Aceitar' }).click();
  await admin.waitForURL('**/tickets/*');
  const chat = admin.getByRole('list', { name: 'Mensagens' });
  await chat.getByText('O Básico custa R$ 50,00. Um atendente já vem.').waitFor();
  const reply = admin.getByRole('textbox', { name: 'Digite uma mensagem' });
  await reply.fill('Oi Rita! Vou ativar o Básico para você.');
  await reply.press('Enter');
  await customer.getByText('Oi Rita! Vou ativar o Básico para você.').waitFor();

  await admin.getByRole('button', { name: 'Encerrar', exact: true }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Encerrar', exact: true }).click();
  await admin.waitForURL(/\/tickets$/);
  // The company's own text, as written: no scale sentence of ours after it.
  await customer.getByText('De 0 a 10, quanto você recomendaria a Loja a um amigo?').waitFor();
  expect(await customer.getByText('Responda com uma nota', { exact: false }).count()).toBe(0);
  await snap(customer, 'bot-04-rating');
  // Waiting for the score, the ticket is under Closed, marked as such.
  await admin.getByRole('tab', { name: /^Fechados/ }).click();
  await admin
    .getByRole('listitem')
    .filter({ hasText: 'Rita Souza' })
    .getByText('Aguardando avaliação')
    .waitFor();
  await snap(admin, 'bot-04b-awaiting-rating');

  await answer('nota 9', 'Obrigado pelo contato, Rita!');
  await customer.getByText('Esta conversa foi encerrada.').waitFor();
  await snap(customer, 'bot-05-rated');
  await admin
    .getByRole('listitem')
    .filter({ hasText: 'Rita Souza' })
    .getByText('Aguardando avaliação')
    .waitFor({ state: 'detached' });
  const closed = await api('GET', '/tickets?status=closed');
  expect(closed.tickets).toMatchObject([{ contact: { name: 'Rita Souza' }, queue: { id: vendas.id } }]);
  const log = await api('GET', `/tickets-log/${closed.tickets[0].id}`);
  expect(log.map((entry: { type: string }) => entry.type)).toEqual([
    'create',
    'queue',
    'route',
    'open',
    'close',
    'nps',
  ]);
});

test('the connection’s NPS tab says which scale customers answer on, and what an empty text asks', async () => {
  await admin.getByRole('link', { name: 'Conexões' }).click();
  await admin.waitForURL('**/connections');
  await admin.getByRole('button', { name: 'Editar Loja' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'NPS' }).click();
  await dialog.getByText('O cliente responde com um número inteiro de 0 a 10', { exact: false }).waitFor();
  expect(await dialog.getByText('Em branco, o cliente recebe', { exact: false }).count()).toBe(0);

  await dialog.getByLabel('Mensagem de avaliação').fill('');
  await dialog
    .getByText('Em branco, o cliente recebe: “Responda com uma nota de 0 a 10', { exact: false })
    .waitFor();
  await snap(admin, 'bot-06-nps-tab');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
});
