import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { choose, launchBrowser, openPage, signIn, snap, tokenOf } from './browser';
import { apiAs } from './people';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await signIn(page);
  await page.getByRole('link', { name: 'Filas & Chatbot' }).click();
  await page.waitForURL('**/queues');
  await page.getByText('Nenhuma fila ainda').waitFor();
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const field = (name: string) => dialog().locator(`[name="${name}"]`);
const option = (number: number, depth: number) =>
  dialog().getByRole('group', { name: `Opção ${number}, nível ${depth}` });

/** The queue as the server stored it. */
async function storedVendas() {
  const api = apiAs(page);
  const queues: { id: number; name: string }[] = await api('GET', '/queue');
  const vendas = queues.find((queue) => queue.name === 'Vendas');
  expect(vendas).toBeDefined();
  return api('GET', `/queue/${vendas?.id}`);
}

test('an admin creates a queue with a two-level option tree, fixing a short option name first', async () => {
  await page.getByRole('button', { name: 'Adicionar fila' }).click();
  await field('name').fill('Vendas');
  await dialog().getByRole('radio', { name: '#1976d2' }).click();
  await field('greetingMessage').fill('Olá! Escolha uma opção.');

  await dialog().getByRole('button', { name: 'Adicionar opção' }).click();
  await field('chatbots.0.name').fill('Planos');
  await field('chatbots.0.greetingMessage').fill('Qual plano?');
  await option(1, 1).getByRole('button', { name: 'Adicionar subopção' }).click();
  await field('chatbots.0.options.0.name').fill('Bás');
  await option(1, 1).getByRole('button', { name: 'Adicionar subopção' }).last().click();
  await field('chatbots.0.options.1.name').fill('Completo');
  await dialog().getByRole('button', { name: 'Adicionar opção' }).last().click();
  await field('chatbots.1.name').fill('Falar com humano');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Muito curto!').waitFor();
  await snap(page, 'queues-01-validation');

  await field('chatbots.0.options.0.name').fill('Básico');
  await field('orderQueue').fill('3');
  await field('outOfHoursMessage').fill('Vendas atende das 08:00 às 18:00.');
  await dialog().getByLabel('Rodízio entre os usuários da fila').check();
  await choose(dialog(), 'Tempo de rodízio', '5 minutos');
  await dialog().getByLabel('Fechar o ticket ao ser escolhida').check();
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Fila salva.').waitFor();
  const row = page.getByRole('row').filter({ hasText: 'Vendas' });
  await row.getByText('#1976d2').waitFor();
  await row.getByText('Olá! Escolha uma opção.').waitFor();
  const textOption = (name: string, options: object[] = []) => ({
    name,
    queueType: 'text',
    closeTicket: false,
    options,
  });
  expect(await storedVendas()).toMatchObject({
    name: 'Vendas',
    color: '#1976d2',
    greetingMessage: 'Olá! Escolha uma opção.',
    outOfHoursMessage: 'Vendas atende das 08:00 às 18:00.',
    orderQueue: 3,
    ativarRoteador: true,
    tempoRoteador: 5,
    closeTicket: true,
    chatbots: [
      {
        ...textOption('Planos', [textOption('Básico'), textOption('Completo')]),
        greetingMessage: 'Qual plano?',
      },
      textOption('Falar com humano'),
    ],
  });
  await snap(page, 'queues-02-created');
});

test('after a reload the queue shows the stored tree, and an option edited there is stored', async () => {
  await page.reload();
  await page.getByRole('button', { name: 'Editar Vendas' }).click();

  expect(await field('chatbots.0.name').inputValue()).toBe('Planos');
  expect(await field('chatbots.0.greetingMessage').inputValue()).toBe('Qual plano?');
  expect(await field('chatbots.0.options.0.name').inputValue()).toBe('Básico');
  expect(await field('chatbots.0.options.1.name').inputValue()).toBe('Completo');
  expect(await field('chatbots.1.name').inputValue()).toBe('Falar com humano');
  expect(await dialog().getByRole('radio', { name: '#1976d2' }).getAttribute('aria-checked')).toBe('true');
  await snap(page, 'queues-03-reopened');

  const human = option(2, 1);
  await choose(human, 'O que faz', 'Passar para um atendente');
  await choose(human, 'Fila', 'Vendas');
  await choose(human, 'Atendente', 'Admin');
  await human.getByLabel('Fechar o ticket').check();
  await field('chatbots.1.greetingMessage').fill('Um atendente já vem.');
  await dialog().getByRole('button', { name: 'Mover para baixo' }).first().click();
  await choose(dialog(), 'Tempo de rodízio', 'Desligado');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  const stored = await storedVendas();
  expect(stored).toMatchObject({ tempoRoteador: 0, ativarRoteador: true });
  expect(stored.chatbots.map((c: { name: string }) => c.name)).toEqual(['Falar com humano', 'Planos']);
  expect(stored.chatbots[0]).toMatchObject({
    greetingMessage: 'Um atendente já vem.',
    queueType: 'attendent',
    optQueueId: stored.id,
    optUserId: expect.any(Number),
    closeTicket: true,
  });
  expect(stored.chatbots[1].options.map((c: { name: string }) => c.name)).toEqual(['Básico', 'Completo']);
});

test('with per-queue hours, the modal has a service-hours tab that refuses a shift ending before it starts', async () => {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const res = await page.request.put('/settings/scheduleType', { headers, data: { value: 'queue' } });
  expect(res.ok(), await res.text()).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Editar Vendas' }).click();
  await dialog().getByRole('tab', { name: 'Horários de atendimento' }).click();
  expect(await field('schedules.0.startTimeA').inputValue()).toBe('08:00');

  await field('schedules.0.endTimeA').fill('07:00');
  await dialog().getByRole('tab', { name: 'Dados da fila' }).click();
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().getByText('O fim deve ser depois do início.').waitFor();
  await snap(page, 'queues-04-hours-refused');
  await field('schedules.0.endTimeA').fill('11:30');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Fila salva.').waitFor();
  expect((await storedVendas()).schedules[0]).toMatchObject({
    weekdayEn: 'monday',
    startTimeA: '08:00',
    endTimeA: '11:30',
  });
  // The journeys share one server: the setting goes back to its default.
  await page.request.put('/settings/scheduleType', { headers, data: { value: 'disabled' } });
});

test('an admin puts a user in the queue from the user modal', async () => {
  await page.getByRole('link', { name: 'Usuários' }).click();
  await page.waitForURL('**/users');
  await page
    .getByRole('button', { name: /^Editar Admin/ })
    .first()
    .click();
  await dialog().getByRole('combobox', { name: 'Filas' }).click();
  await page.getByRole('option', { name: 'Vendas' }).click();
  await page.keyboard.press('Escape');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  await page
    .getByRole('button', { name: /^Editar Admin/ })
    .first()
    .click();
  await dialog().getByText('Vendas').waitFor();
  const { users } = await apiAs(page)('GET', '/users?searchParam=admin%40balcao.test');
  expect(users[0].queues.map((queue: { name: string }) => queue.name)).toEqual(['Vendas']);
  await snap(page, 'queues-05-user-queues');
  await dialog().getByRole('button', { name: 'Cancelar' }).click();
});

test('deleting the queue says what happens to its tickets first', async () => {
  await page.getByRole('link', { name: 'Filas & Chatbot' }).click();
  await page.getByRole('button', { name: 'Excluir Vendas' }).click();
  await dialog().getByText('Nenhum ticket aberto ou aguardando está nesta fila.', { exact: false }).waitFor();
  await snap(page, 'queues-06-confirm-delete');

  await dialog().getByRole('button', { name: 'Excluir' }).click();

  await page.getByText('Fila excluída.').waitFor();
  await page.getByText('Nenhuma fila ainda').waitFor();
});
