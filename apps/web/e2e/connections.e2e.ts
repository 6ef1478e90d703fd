import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { choose, launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected } from './browser';
import { apiAs } from './people';

let browser: Browser;
let page: Page;
let queueId: number;
let integrationId: number;
let promptId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // Its own company: a plan holds three connections, and every kind of connection is made here.
  const company = await signUpCompany('conexoes');
  await signIn(page, company.email, company.password);
  const api = apiAs(page);
  queueId = (await api('POST', '/queue', { name: 'Atendimento', color: '#1976d2' })).id;
  // What the integrations tab links a connection to; their own forms have the integrations journey.
  integrationId = (
    await api('POST', '/queueIntegration', {
      type: 'typebot',
      name: 'Typebot Vendas',
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'vendas',
    })
  ).id;
  promptId = (
    await api('POST', '/prompt', {
      name: 'Assistente',
      prompt: 'Você atende a loja.',
      apiKey: 'sk-e2e-connections-5678',
      queueId,
    })
  ).id;
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const field = (name: string) => dialog().locator(`[name="${name}"]`);
const rowOf = (p: Page, name: string) => p.getByRole('row').filter({ hasText: name });
const tab = (name: string) => dialog().getByRole('tab', { name }).click();
/** The new-connection menu's item whose whole text is `text` (others start with the same words). */
const newConnection = (text: string) =>
  page
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .click();

/** The company's one connection of `channel`, as the server stored it. */
async function stored(channel: string) {
  const api = apiAs(page);
  const all: { id: number; channel: string }[] = await api('GET', '/whatsapp');
  const found = all.filter((connection) => connection.channel === channel);
  expect(found).toHaveLength(1);
  return api('GET', `/whatsapp/${found[0]?.id}`);
}

/** A day `days` before today as a date input takes it, and as the API answers it. */
function daysAgo(days: number) {
  const day = new Date(Date.now() - days * 24 * 3600_000).toISOString().slice(0, 10);
  return { day, instant: `${day}T00:00:00.000Z` };
}

test('an admin creates a website chat connection and reads its embed snippet', async () => {
  await page.getByRole('link', { name: 'Conexões' }).click();
  await page.waitForURL('**/connections');
  await page.getByRole('heading', { name: 'Conexões' }).waitFor();
  await snap(page, 'connections-01-page');

  await page.getByRole('button', { name: 'Nova conexão' }).click();
  expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
    'WhatsApp',
    'WhatsApp API oficial',
    'Facebook',
    'Instagram',
    'Chat do site',
    'Facebook e Instagram (login do Facebook)',
  ]);
  await page.getByRole('menuitem', { name: 'Chat do site' }).click();
  await dialog().getByLabel('Nome').fill('S');
  await dialog().getByRole('tab', { name: 'Mensagens' }).click();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  // The error is on the other tab: the dialog goes back to it.
  await dialog().getByText('Muito curto!').waitFor();
  await snap(page, 'connections-02-validation');

  await dialog().getByLabel('Nome').fill('Site da Loja');
  await choose(dialog(), 'Filas', 'Atendimento', true);
  await tab('Integrações');
  await dialog().getByRole('combobox', { name: 'Integração' }).fill('Typebot');
  await page.getByRole('option', { name: 'Typebot Vendas' }).click();
  await dialog().getByRole('combobox', { name: 'Prompt' }).click();
  await page.getByRole('option', { name: 'Assistente' }).click();
  await field('wavoip').fill('wavoip-device-token-1234');
  await snap(page, 'connections-02b-integrations-tab');
  await tab('Mensagens');
  await dialog().getByLabel('Mensagem de saudação').fill('Olá! Como podemos ajudar?');
  await dialog().getByLabel('Mensagem de conclusão').fill('Obrigado pelo contato!');
  await field('outOfHoursMessage').fill('Voltamos amanhã às 8h.');
  await snap(page, 'connections-03-messages-tab');
  await tab('Chatbot');
  await dialog().getByLabel('Tentativas do chatbot').fill('2');
  await dialog().getByLabel('Tempo limite do chatbot').fill('10');
  await choose(dialog(), 'Mover para uma fila após', '15 minutos');
  await dialog().getByLabel('Fila de destino').selectOption({ label: 'Atendimento' });
  await dialog().getByLabel('Encerrar tickets inativos após').fill('60');
  await choose(dialog(), 'Inativo desde', 'a última mensagem do atendente');
  await field('expiresInactiveMessage').fill('Encerramos por falta de resposta.');
  await dialog().getByLabel('Perguntar se o cliente ainda está aí após').fill('5');
  await field('inactiveMessage').fill('Ainda está aí?');
  await dialog().getByLabel('Abrir novo ticket após').fill('30');
  await tab('NPS');
  await field('ratingMessage').fill('Dê uma nota de 0 a 10.');
  await dialog().getByLabel('Tentativas de avaliação').fill('1');
  await dialog().getByLabel('Encerrar avaliações sem resposta após').fill('20');
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Conexão salva com sucesso!').waitFor();
  const row = rowOf(page, 'Site da Loja');
  await row.getByText('Conectado').filter({ visible: true }).waitFor();
  expect(await stored('webchat')).toMatchObject({
    name: 'Site da Loja',
    queueIds: [queueId],
    integrationId,
    promptId,
    wavoip: '••••1234',
    greetingMessage: 'Olá! Como podemos ajudar?',
    complationMessage: 'Obrigado pelo contato!',
    outOfHoursMessage: 'Voltamos amanhã às 8h.',
    maxUseBotQueues: 2,
    timeUseBotQueues: 10,
    timeSendQueue: 15,
    sendIdQueue: queueId,
    expiresTicket: 60,
    whenExpiresTicket: '1',
    expiresInactiveMessage: 'Encerramos por falta de resposta.',
    timeInactiveMessage: 5,
    inactiveMessage: 'Ainda está aí?',
    timeCreateNewTicket: 30,
    ratingMessage: 'Dê uma nota de 0 a 10.',
    maxUseBotQueuesNps: 1,
    expiresTicketNps: 20,
  });
  await snap(page, 'connections-04-created');

  await row.getByRole('button', { name: 'Incorporar Site da Loja no site' }).click();
  const snippet = await dialog().getByLabel('Código de incorporação').inputValue();
  const origin = new URL(page.url()).origin;
  const token = /data-token="([A-Z0-9]{30})"/.exec(snippet)?.[1];
  expect(snippet).toBe(`<script src="${origin}/widget.js" data-token="${token}" async></script>`);
  await dialog().getByRole('button', { name: 'Copiar código' }).click();
  await page.getByText('Código copiado!').waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  await snap(page, 'connections-05-embed');

  const [chatPage] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog().getByRole('link', { name: 'Abrir a página do chat' }).click(),
  ]);
  await chatPage.waitForURL(`**/w/${token}`);
  await chatPage.getByRole('heading', { name: 'Site da Loja' }).waitFor();
  await chatPage.getByText('Olá! Como podemos ajudar?').waitFor();
  await snap(chatPage, 'connections-06-widget-page');
  await chatPage.close();
  await dialog().getByRole('button', { name: 'Fechar' }).click();
});

test('another session follows an edit and a delete live, without reloading', async () => {
  const other = await openPage(browser, { width: 360, height: 740 });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await other.addInitScript((value) => localStorage.setItem('token', value ?? ''), token);
  const joined = socketConnected(other);
  await other.goto('/connections');
  await joined;
  await rowOf(other, 'Site da Loja').waitFor();
  await snap(other, 'connections-07-narrow');

  await rowOf(page, 'Site da Loja').getByRole('button', { name: 'Editar Site da Loja' }).click();
  await dialog().getByLabel('Nome').fill('Chat do Site');
  await tab('Chatbot');
  await dialog().getByLabel('Abrir novo ticket após').fill('45');
  await snap(page, 'connections-08-editing');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await rowOf(other, 'Chat do Site').waitFor();
  expect(await stored('webchat')).toMatchObject({
    name: 'Chat do Site',
    timeCreateNewTicket: 45,
    wavoip: '••••1234',
    ratingMessage: 'Dê uma nota de 0 a 10.',
  });

  await rowOf(page, 'Chat do Site').getByRole('button', { name: 'Excluir Chat do Site' }).click();
  await dialog().getByText('Deseja realmente excluir esta conexão?', { exact: false }).waitFor();
  await snap(page, 'connections-09-confirm-delete');
  await dialog().getByRole('button', { name: 'Excluir' }).click();
  await page.getByText('Conexão excluída com sucesso!').waitFor();
  await snap(page, 'connections-09b-deleted');
  await rowOf(page, 'Chat do Site').waitFor({ state: 'detached' });
  await rowOf(other, 'Chat do Site').waitFor({ state: 'detached' });
  await snap(other, 'connections-10-deleted-live');
});

test('an admin adds a WhatsApp connection with its number, groups, history import and hours, then edits it', async () => {
  await apiAs(page)('PUT', '/settings/scheduleType', { value: 'connection' });
  await page.goto('/connections');
  const old = daysAgo(30);
  const recent = daysAgo(7);
  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await newConnection('WhatsApp');
  await dialog().getByLabel('Nome').fill('Celular da Loja');
  await field('number').fill('5511999990000');
  await choose(dialog(), 'Filas', 'Atendimento', true);
  await dialog().getByLabel('Receber mensagens de grupos').check();
  await dialog().getByLabel('Tratar grupos como tickets').check();
  await dialog().getByLabel('Importar mensagens a partir de').fill(old.day);
  await dialog().getByLabel('Importar mensagens até').fill(recent.day);
  await dialog().getByLabel('Importar também mensagens de grupos').check();
  await dialog().getByLabel('Encerrar tickets importados').check();
  await tab('Horários');
  await field('schedules.5.startTimeA').fill('09:00');
  await field('schedules.5.endTimeA').fill('13:00');
  await field('schedules.5.startTimeB').fill('');
  await field('schedules.5.endTimeB').fill('');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  const saturday = {
    weekdayEn: 'saturday',
    startTimeA: '09:00',
    endTimeA: '13:00',
    startTimeB: '',
    endTimeB: '',
  };
  expect(await stored('whatsapp')).toMatchObject({
    name: 'Celular da Loja',
    number: '5511999990000',
    queueIds: [queueId],
    allowGroup: true,
    groupAsTicket: 'enabled',
    importOldMessages: old.instant,
    importRecentMessages: recent.instant,
    importOldMessagesGroups: true,
    closedTicketsPostImported: true,
  });
  expect((await stored('whatsapp')).schedules[5]).toMatchObject(saturday);

  await page.reload();
  await page.getByRole('button', { name: 'Editar Celular da Loja' }).click();
  expect(await field('number').inputValue()).toBe('5511999990000');
  await field('number').fill('5511988880000');
  await dialog().getByLabel('Tratar grupos como tickets').uncheck();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  const edited = await stored('whatsapp');
  expect(edited).toMatchObject({ number: '5511988880000', groupAsTicket: 'disabled', allowGroup: true });
  expect(edited.schedules[5]).toMatchObject(saturday);
  // The plan holds three connections: this one makes room for the Meta ones.
  await apiAs(page)('DELETE', `/whatsapp/${edited.id}`);
  await apiAs(page)('PUT', '/settings/scheduleType', { value: 'disabled' });
});

test('an admin adds a Facebook page and its Instagram account by their ids, then by a Facebook login', async () => {
  await page.goto('/connections');
  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await newConnection('Facebook');
  await dialog().getByLabel('Nome').fill('Página da Loja');
  await field('facebookPageUserId').fill('1234567890');
  await field('accessToken').fill('PAGE_TOKEN');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  expect(await stored('facebook')).toMatchObject({
    name: 'Página da Loja',
    facebookPageUserId: '1234567890',
    hasAccessToken: true,
  });

  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await newConnection('Instagram');
  await dialog().getByLabel('Nome').fill('Instagram da Loja');
  await field('facebookPageUserId').fill('1234567890');
  await field('instagramAccountId').fill('17841400000000000');
  await field('accessToken').fill('PAGE_TOKEN');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  expect(await stored('instagram')).toMatchObject({
    name: 'Instagram da Loja',
    facebookPageUserId: '1234567890',
    instagramAccountId: '17841400000000000',
    hasAccessToken: true,
  });

  // The login finds the same page and account: choosing both renews them, none is added.
  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await newConnection('Facebook e Instagram \\(login do Facebook\\)');
  await dialog().getByRole('button', { name: 'Continuar com o Facebook' }).click();
  const loja = dialog().getByRole('group', { name: 'Loja X' });
  await loja.getByRole('checkbox', { name: /Messenger/ }).check();
  await loja.getByRole('checkbox', { name: /Instagram @lojax/ }).check();
  await dialog().getByRole('button', { name: 'Conectar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByText('2 conexões salvas.').waitFor();
  expect(await stored('facebook')).toMatchObject({ facebookPageUserId: '1234567890', status: 'CONNECTED' });
  expect(await stored('instagram')).toMatchObject({
    instagramAccountId: '17841400000000000',
    status: 'CONNECTED',
  });
  await snap(page, 'connections-11-meta');
});

test('in the users page the admin takes the page as their own connection, and it is stored', async () => {
  await page.getByRole('link', { name: 'Usuários' }).click();
  await page.getByRole('button', { name: 'Editar Admin conexoes' }).click();
  await choose(dialog(), 'Conexão padrão', 'Página da Loja');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  const facebook = await stored('facebook');
  const { users } = await apiAs(page)('GET', '/users');
  expect(users).toMatchObject([{ name: 'Admin conexoes', whatsappId: facebook.id }]);
});

test('a Messenger customer gets plain text with the signature on its own line, and the sent message is neither edited nor deleted', async () => {
  await apiAs(page)('PUT', '/settings/sendSignMessage', { value: 'enabled' });
  const psid = `7${Date.now()}`;
  const fake = (path: string, init?: RequestInit) => fetch(`${inject('fakeGraphUrl')}${path}`, init);
  await fake('/_fake/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channel: 'facebook', to: '1234567890', from: psid, text: 'Meu pedido já saiu?' }),
  });

  await page.getByRole('link', { name: 'Atendimentos' }).click();
  await page.waitForURL('**/tickets');
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Meu pedido já saiu?' })
    .getByRole('button', { name: 'Aceitar' })
    .click();
  await page.waitForURL('**/tickets/*');
  const composer = page.getByRole('textbox', { name: 'Digite uma mensagem' });
  await composer.fill('Saiu *hoje*, _Peter_! Código ~antigo~ A-12.');
  await composer.press('Enter');
  const sent = page.getByRole('listitem').filter({ hasText: 'Saiu hoje, Peter! Código antigo A-12.' });
  await sent.getByRole('img', { name: /Entregue|Lida/ }).waitFor();

  const calls = (await (await fake('/_fake/calls')).json()) as {
    body: { recipient?: { id: string }; message?: { text?: string } };
  }[];
  const texts = calls.filter((c) => c.body.recipient?.id === psid).map((c) => c.body.message?.text);
  expect(texts).toEqual(['Admin conexoes:\nSaiu hoje, Peter! Código antigo A-12.']);

  await sent.getByRole('button', { name: 'Opções da mensagem' }).click();
  expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Responder', 'Encaminhar']);
  await snap(page, 'connections-12-messenger-menu');
  await page.keyboard.press('Escape');
});
