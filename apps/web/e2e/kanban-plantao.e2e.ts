import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { choose, launchBrowser, signUpCompany, snap } from './browser';
import { apiAs, signedIn, visitorWrites } from './people';

let browser: Browser;
let admin: Page;
let bia: Page;
let widgetToken: string;
let laneId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  // Its own company (the sign-up plan has the Kanban): its lanes and records are this journey's alone.
  const company = await signUpCompany('kanban');
  admin = await signedIn(browser, company.email, company.password);
  const api = apiAs(admin);
  const connection = await api('POST', '/whatsapp', { name: 'Site', channel: 'webchat', isDefault: false });
  widgetToken = connection.token;
  laneId = (await api('POST', '/tags', { name: 'Em andamento', color: '#1e88e5', kanban: 1 })).id;
  const email = `bia-${Date.now()}@kanban.test`;
  await api('POST', '/users', { name: 'Bia Lima', email, password: 'Kanban-pass-1', queueIds: [] });
  bia = await signedIn(browser, email, 'Kanban-pass-1');
});

afterAll(async () => {
  await browser?.close();
});

const laneOf = (page: Page, name: string) => page.getByRole('region', { name });
const toastOf = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const dialog = () => admin.getByRole('dialog');

test("a card moved with the keyboard changes lanes on a colleague's board too, the server has it there, and the colleague drags it back with the mouse", async () => {
  const customer = await visitorWrites(browser, widgetToken, 'Rita Alves', 'Quero acompanhar meu pedido');
  for (const page of [admin, bia]) {
    await page.getByRole('link', { name: 'Kanban' }).click();
    await page.waitForURL('**/Kanban');
    await laneOf(page, 'Em aberto').getByText('Rita Alves').waitFor();
  }
  await laneOf(admin, 'Em aberto').getByText('Quero acompanhar meu pedido').waitFor();
  await snap(admin, 'kanban-01-board');

  const handle = laneOf(admin, 'Em aberto').getByRole('button', { name: /^Mover o ticket #/ });
  // Each key waits for the board to say what it did, as a screen-reader user would: dnd-kit starts
  // listening for the arrows only after the pick-up has rendered, so keys sent at once were lost.
  const announced = (text: string) => admin.getByRole('status').filter({ hasText: text }).waitFor();
  await handle.focus();
  await admin.keyboard.press('Space');
  await announced('sobre a coluna Em aberto.');
  await admin.keyboard.press('ArrowRight');
  await announced('sobre a coluna Em andamento.');
  await admin.keyboard.press('Space');

  await toastOf(admin, 'Ticket Tag Adicionado com Sucesso!').waitFor();
  await laneOf(bia, 'Em andamento').getByText('Rita Alves').waitFor();
  expect(await laneOf(bia, 'Em aberto').getByText('Rita Alves').count()).toBe(0);
  const { tickets } = await apiAs(admin)('GET', `/ticket/kanban?tagId=${laneId}`);
  expect(tickets.map((t: { contact: { name: string } }) => t.contact.name)).toEqual(['Rita Alves']);
  const stored = await apiAs(admin)('GET', `/tickets/${tickets[0].id}`);
  expect(stored.tags.map((tag: { name: string }) => tag.name)).toEqual(['Em andamento']);
  await snap(bia, 'kanban-02-moved-live');

  // Bia drags it back with the mouse, in steps as a hand moves (the board starts a drag after 6 px).
  const grip = laneOf(bia, 'Em andamento').getByRole('button', { name: /^Mover o ticket #/ });
  const from = await grip.boundingBox();
  const to = await laneOf(bia, 'Em aberto').boundingBox();
  if (!from || !to) throw new Error('the card or the lane is not on the screen');
  await bia.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await bia.mouse.down();
  await bia.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
  await bia.mouse.up();
  await toastOf(bia, 'Ticket Tag Removido!').waitFor();
  await laneOf(admin, 'Em aberto').getByText('Rita Alves').waitFor();
  expect((await apiAs(bia)('GET', `/tickets/${tickets[0].id}`)).tags).toEqual([]);
  // On a phone the lanes scroll sideways, each card whole.
  await bia.setViewportSize({ width: 360, height: 740 });
  await laneOf(bia, 'Em aberto').getByRole('link', { name: 'Abrir' }).waitFor();
  await snap(bia, 'kanban-03-phone');

  await laneOf(bia, 'Em aberto').getByRole('link', { name: 'Abrir' }).click();
  await bia.waitForURL(`**/tickets/${tickets[0].uuid}`);
  await customer.close();
});

test('a plantão record is saved after the spec messages, and the to-do list keeps its items after a reload', async () => {
  await admin.getByRole('link', { name: 'Plantão' }).click();
  await admin.waitForURL('**/plantao');
  await admin.getByRole('button', { name: 'Adicionar plantão' }).click();
  await dialog().getByLabel('Intervalo entre notificações (minutos)').fill('');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Informe o usuário').waitFor();
  await dialog().getByText('Informe o telefone').waitFor();
  await dialog().getByText('Informe o intervalo entre notificações').waitFor();
  await dialog()
    .getByText('Pelo menos um dia da semana deve ter o horário de início e fim preenchido')
    .waitFor();

  await choose(dialog(), 'Usuário', 'Bia Lima');
  await dialog().getByLabel('Telefone').fill('+55 11 97777-6666');
  await dialog().getByLabel('Intervalo entre notificações (minutos)').fill('5');
  const monday = dialog().getByRole('group', { name: 'Segunda-feira' });
  await choose(monday, 'Início', '08:00');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await monday.getByText('Informe o fim do plantão').waitFor();
  await snap(admin, 'plantao-01-validation');
  await choose(monday, 'Fim', '18:00');
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  await toastOf(admin, 'Operação realizada com sucesso!').waitFor();
  await admin.getByRole('row').filter({ hasText: 'Bia Lima' }).waitFor();
  const { plantoes } = await apiAs(admin)('GET', '/plantao');
  expect(plantoes).toHaveLength(1);
  expect(plantoes[0]).toMatchObject({ phone: '5511977776666', interval: 5, user: { name: 'Bia Lima' } });
  expect(plantoes[0].days[0]).toMatchObject({ weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' });

  await admin.getByRole('link', { name: 'Tarefas' }).click();
  await admin.waitForURL('**/todolist');
  for (const text of ['Ligar para a Rita', 'Revisar as colunas']) {
    await admin.getByLabel('Nova tarefa').fill(text);
    await admin.getByRole('button', { name: 'Adicionar' }).click();
    await admin.getByText(text).waitFor();
  }
  await admin.getByRole('checkbox', { name: 'Concluída: "Ligar para a Rita"' }).check();
  await admin.getByRole('button', { name: 'Editar "Revisar as colunas"' }).click();
  await admin.getByLabel('Editar tarefa').fill('Revisar as colunas do Kanban');
  await admin.getByRole('button', { name: 'Salvar' }).click();

  await admin.reload();
  await admin.getByText('Revisar as colunas do Kanban').waitFor();
  expect(await admin.getByRole('checkbox', { name: 'Concluída: "Ligar para a Rita"' }).isChecked()).toBe(
    true,
  );
  await snap(admin, 'todo-01-after-reload');
});
