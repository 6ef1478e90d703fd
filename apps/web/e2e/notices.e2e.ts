import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { choose, launchBrowser, signUpCompany, snap } from './browser';
import { apiAs, signedIn } from './people';

// Issue 23, item 4: the super user's announcements reach another company's users live, and the help
// videos open and close from the keyboard.
let browser: Browser;
let root: Page;
let company: { email: string; password: string };

/** A 1×1 PNG: enough for the server's byte check and for an <img>. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const VIDEO_ID = 'dQw4w9WgXcQ';

/** No test reaches YouTube: its player and thumbnails are answered with nothing. */
async function offline(page: Page) {
  await page.context().route(/youtube|ytimg/, (route) => route.abort());
}

beforeAll(async () => {
  browser = await launchBrowser();
  company = await signUpCompany('notices');
  root = await signedIn(browser, inject('adminEmail'), inject('adminPassword'));
  await offline(root);
});

afterAll(async () => {
  await browser?.close();
});

const dialog = (page: Page) => page.getByRole('dialog');

test("the super user's announcement reaches another company's user live, who reads it", async () => {
  const agent = await signedIn(browser, company.email, company.password);
  // Whatever was announced before this test is read first, so the count starts at zero.
  const bell = agent.getByRole('button', { name: /informativos? não lidos?|Nenhum informativo não lido/ });
  await bell.click();
  await agent.keyboard.press('Escape');
  await agent.getByRole('button', { name: 'Nenhum informativo não lido' }).waitFor();

  await root.goto('/announcements');
  await root.getByRole('heading', { name: 'Informativos', level: 1 }).waitFor();
  await root.getByRole('button', { name: 'Adicionar' }).click();
  await dialog(root).getByRole('button', { name: 'Salvar' }).click();
  await dialog(root).getByText('Obrigatório').first().waitFor();
  await dialog(root).getByLabel('Título').fill('Manutenção programada');
  await dialog(root).getByLabel('Texto').fill('Domingo, das 22h às 23h, o sistema ficará fora do ar.');
  await choose(dialog(root), 'Prioridade', 'Alta');
  await dialog(root)
    .locator('input[type="file"]')
    .setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: PNG });
  await dialog(root).locator('img[alt="aviso.png"]').waitFor();
  await snap(root, 'announcements-01-filled');
  await dialog(root).getByRole('button', { name: 'Salvar' }).click();
  await dialog(root).waitFor({ state: 'detached' });
  await root.getByText('Informativo salvo com sucesso!').waitFor();
  await root.getByRole('row').filter({ hasText: 'Manutenção programada' }).getByText('Alta').waitFor();

  const { records } = await apiAs(root)(
    'GET',
    '/announcements?searchParam=Manuten%C3%A7%C3%A3o%20programada',
  );
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    title: 'Manutenção programada',
    text: 'Domingo, das 22h às 23h, o sistema ficará fora do ar.',
    priority: 1,
    status: true,
    mediaName: 'aviso.png',
  });

  await agent.getByRole('button', { name: '1 informativo não lido' }).click();
  const popover = agent.getByRole('region', { name: 'Informativos' });
  await popover.getByRole('heading', { name: 'Manutenção programada' }).waitFor();
  await popover.getByText('Novo').waitFor();
  await popover.locator('img[alt="aviso.png"]').waitFor();
  await snap(agent, 'announcements-02-popover');
  await agent.keyboard.press('Escape');
  await agent.getByRole('button', { name: 'Nenhum informativo não lido' }).waitFor();
  const feed = await apiAs(agent)('GET', '/announcements/feed');
  expect(feed.unread).toBe(0);
  await agent.context().close();
}, 90_000);

test('a company admin is refused the announcements page and sent home', async () => {
  const agent = await signedIn(browser, company.email, company.password);

  await agent.goto('/announcements');

  await agent
    .getByText('Esta empresa não possui permissão para acessar essa página!', { exact: false })
    .waitFor();
  await agent.waitForURL((url) => url.pathname !== '/announcements');
  await agent.context().close();
});

test('a help video the super user adds opens and closes from the keyboard', async () => {
  await root.goto('/helps');
  await root.getByRole('button', { name: 'Adicionar' }).click();
  await dialog(root).getByLabel('Título').fill('Como transferir um atendimento');
  await dialog(root).getByLabel('Vídeo').fill('https://example.com/video');
  await dialog(root).getByRole('button', { name: 'Salvar' }).click();
  await dialog(root).getByText('Informe o código de um vídeo do YouTube ou o link dele.').waitFor();
  await dialog(root).getByLabel('Vídeo').fill(`https://www.youtube.com/watch?v=${VIDEO_ID}&t=5s`);
  await dialog(root).getByLabel('Descrição').fill('Passo a passo da transferência entre filas.');
  await dialog(root).getByRole('button', { name: 'Salvar' }).click();
  await dialog(root).waitFor({ state: 'detached' });
  await root.getByText('Vídeo de ajuda salvo com sucesso!').waitFor();
  const stored = await apiAs(root)('GET', '/helps?searchParam=transferir');
  expect(stored.records).toEqual([
    expect.objectContaining({
      title: 'Como transferir um atendimento',
      video: VIDEO_ID,
      description: 'Passo a passo da transferência entre filas.',
    }),
  ]);

  const agent = await signedIn(browser, company.email, company.password);
  await offline(agent);
  await agent.goto('/helps');
  const card = agent.getByRole('button', { name: 'Assistir: Como transferir um atendimento' });
  await card.waitFor();
  await card.focus();
  await agent.keyboard.press('Enter');
  const player = dialog(agent);
  await player.getByRole('heading', { name: 'Como transferir um atendimento' }).waitFor();
  expect(await player.locator('iframe').getAttribute('src')).toContain(
    `https://www.youtube-nocookie.com/embed/${VIDEO_ID}`,
  );
  await snap(agent, 'helps-01-player');
  await agent.keyboard.press('Escape');
  await player.waitFor({ state: 'detached' });
  // Focus goes back to the card that opened the player.
  expect(await card.evaluate((element) => element === document.activeElement)).toBe(true);
  await agent.context().close();
}, 90_000);
