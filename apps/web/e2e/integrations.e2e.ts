import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { choose, launchBrowser, openPage, signIn, signUpCompany, snap, tokenOf } from './browser';
import { apiAs } from './people';
import { PDF, PNG } from './samples';

let browser: Browser;
let page: Page;
let queueId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  const company = await signUpCompany('integracoes');
  await signIn(page, company.email, company.password);
  // The queue the prompt transfers to and the integration is linked from; queues have their own journey.
  const answer = await fetch(`${inject('baseUrl')}/queue`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Suporte IA', color: '#1976d2' }),
  });
  expect(answer.status).toBe(201);
  queueId = (await answer.json()).id;
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const QUEUE_TYPE = 'O que faz';
const field = (name: string) => dialog().locator(`[name="${name}"]`);
const pickFile = (row: number, file: { name: string; mimeType: string; buffer: Buffer }) =>
  dialog()
    .getByRole('group', { name: `Arquivo ${row}` })
    .locator('input[type="file"]')
    .setInputFiles(file);

/** The one record of a list page's kind this company has, as the server stored it. */
async function storedOne(path: string, listKey: string) {
  const api = apiAs(page);
  const list = await api('GET', path);
  expect(list[listKey]).toHaveLength(1);
  return api('GET', `${path}/${list[listKey][0].id}`);
}
const storedIntegration = () => storedOne('/queueIntegration', 'queueIntegrations');
const storedPrompt = () => storedOne('/prompt', 'prompts');
const storedFileList = () => storedOne('/files', 'files');

test('an admin creates a Typebot integration, refused first without its flow name', async () => {
  await page.getByRole('link', { name: 'Integrações' }).click();
  await page.waitForURL('**/queue-integration');
  await page.getByText('Nenhuma integração ainda').waitFor();

  await page.getByRole('button', { name: 'Adicionar integração' }).click();
  await field('name').fill('Typebot Loja');
  await field('urlN8N').fill('https://typebot.example.com');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Obrigatório').waitFor();
  await field('typebotSlug').fill('atendimento-loja');
  await field('typebotExpires').fill('30');
  await field('typebotDelayMessage').fill('500');
  await field('typebotKeywordRestart').fill('#reiniciar');
  await field('typebotKeywordFinish').fill('#sair');
  await field('typebotRestartMessage').fill('Vamos recomeçar.');
  await field('typebotUnknownMessage').fill('Não entendi.');
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Integração salva com sucesso!').waitFor();
  await page.getByRole('row').filter({ hasText: 'Typebot Loja' }).waitFor();
  const stored = {
    type: 'typebot',
    name: 'Typebot Loja',
    urlN8N: 'https://typebot.example.com',
    typebotSlug: 'atendimento-loja',
    typebotExpires: 30,
    typebotDelayMessage: 500,
    typebotKeywordRestart: '#reiniciar',
    typebotKeywordFinish: '#sair',
    typebotRestartMessage: 'Vamos recomeçar.',
    typebotUnknownMessage: 'Não entendi.',
  };
  expect(await storedIntegration()).toMatchObject(stored);
  await snap(page, 'integrations-01-created');

  await page.reload();
  await page.getByRole('button', { name: 'Editar Typebot Loja' }).click();
  expect(await field('typebotKeywordFinish').inputValue()).toBe('#sair');
  await field('typebotSlug').fill('atendimento-loja-v2');
  await field('typebotExpires').fill('45');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  expect(await storedIntegration()).toMatchObject({
    ...stored,
    typebotSlug: 'atendimento-loja-v2',
    typebotExpires: 45,
  });
});

test('an admin creates a prompt; its key comes back only masked', async () => {
  await page.getByRole('link', { name: 'Prompts' }).click();
  await page.waitForURL('**/prompts');
  await page.getByRole('button', { name: 'Adicionar prompt' }).click();
  await field('name').fill('Assistente da loja');
  await field('apiKey').fill('sk-e2e-secret-key-1234');
  await field('prompt').fill('Você é o assistente da loja. Responda com cordialidade.');
  await field('maxTokens').fill('300');
  await field('temperature').fill('0.5');
  await field('maxMessages').fill('6');
  await field('voiceRegion').fill('brazilsouth');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Informe o setor').waitFor();
  await choose(dialog(), 'Setor para transferir', 'Suporte IA');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByRole('row').filter({ hasText: 'Assistente da loja' }).getByText('Suporte IA').waitFor();
  const stored = {
    name: 'Assistente da loja',
    prompt: 'Você é o assistente da loja. Responda com cordialidade.',
    apiKey: '••••1234',
    queueId: queueId,
    maxTokens: 300,
    temperature: 0.5,
    maxMessages: 6,
    voice: 'texto',
    voiceRegion: 'brazilsouth',
  };
  expect(await storedPrompt()).toMatchObject(stored);

  await page.reload();
  await page.getByRole('button', { name: 'Editar Assistente da loja' }).click();
  expect(await field('apiKey').getAttribute('type')).toBe('password');
  await dialog().getByRole('button', { name: 'Mostrar a chave' }).click();

  expect(await field('apiKey').inputValue()).toBe('••••1234');
  await snap(page, 'integrations-02-prompt-masked');
  await field('maxTokens').fill('500');
  await field('prompt').fill('Você é o assistente da loja. Seja breve.');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  expect(await storedPrompt()).toMatchObject({
    ...stored,
    maxTokens: 500,
    prompt: 'Você é o assistente da loja. Seja breve.',
  });
});

test('an admin makes a file list with two files, then renames one, replaces the other and drops a row', async () => {
  await page.getByRole('link', { name: 'Lista de arquivos' }).click();
  await page.waitForURL('**/files');
  await page.getByRole('button', { name: 'Adicionar lista' }).click();
  await field('name').fill('Catálogo');
  await field('message').fill('Escolha o arquivo:');
  await dialog().getByRole('button', { name: 'Adicionar arquivo' }).click();
  await field('options.0.name').fill('Tabela de preços');
  await pickFile(1, { name: 'precos.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog().getByRole('button', { name: 'Adicionar arquivo' }).click();
  await field('options.1.name').fill('Foto da loja');
  await pickFile(2, { name: 'loja.png', mimeType: 'image/png', buffer: PNG });
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Lista salva com sucesso!').waitFor();

  expect(await storedFileList()).toMatchObject({
    name: 'Catálogo',
    message: 'Escolha o arquivo:',
    options: [
      { name: 'Tabela de preços', mediaName: 'precos.pdf', mediaType: 'document' },
      { name: 'Foto da loja', mediaName: 'loja.png', mediaType: 'image' },
    ],
  });

  await page.reload();
  await page.getByRole('button', { name: 'Editar Catálogo' }).click();
  await dialog().getByRole('group', { name: 'Arquivo 1' }).getByText('precos.pdf').waitFor();
  await field('options.1.name').fill('Fachada');
  await pickFile(2, { name: 'fachada.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog().getByRole('button', { name: 'Remover arquivo 1' }).click();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });

  expect((await storedFileList()).options).toMatchObject([
    { name: 'Fachada', mediaName: 'fachada.pdf', mediaType: 'document' },
  ]);
  await snap(page, 'integrations-03-file-list');
});

test('the queue modal links the integration, the prompt and the file list, stores them and shows them when reopened', async () => {
  await page.getByRole('link', { name: 'Filas & Chatbot' }).click();
  await page.waitForURL('**/queues');
  await page.getByRole('button', { name: 'Editar Suporte IA' }).click();

  await dialog().getByRole('combobox', { name: 'Integração' }).fill('Typebot');
  await page.getByRole('option', { name: 'Typebot Loja' }).click();
  await dialog().getByRole('combobox', { name: 'Prompt' }).click();
  await page.getByRole('option', { name: 'Assistente da loja' }).click();
  await dialog().getByRole('combobox', { name: 'Lista de arquivos' }).fill('Cat');
  await page.getByRole('option', { name: 'Catálogo' }).click();
  await dialog().getByRole('button', { name: 'Adicionar opção' }).click();
  await field('chatbots.0.name').fill('Falar com o robô');
  await dialog().getByRole('combobox', { name: QUEUE_TYPE }).click();
  await page.getByRole('option', { name: 'Iniciar uma integração' }).click();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Obrigatório').waitFor();
  await dialog()
    .getByRole('group', { name: 'Opção 1, nível 1' })
    .getByRole('combobox', { name: 'Integração' })
    .click();
  await page.getByRole('option', { name: 'Typebot Loja' }).click();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  const [integration, prompt, fileList] = [
    await storedIntegration(),
    await storedPrompt(),
    await storedFileList(),
  ];
  expect(await apiAs(page)('GET', `/queue/${queueId}`)).toMatchObject({
    integrationId: integration.id,
    promptId: prompt.id,
    fileListId: fileList.id,
    chatbots: [{ name: 'Falar com o robô', queueType: 'integration', optIntegrationId: integration.id }],
  });
  await page.reload();
  await page.getByRole('button', { name: 'Editar Suporte IA' }).click();

  await expect
    .poll(() => dialog().getByRole('combobox', { name: 'Integração' }).first().inputValue())
    .toBe('Typebot Loja');
  await expect
    .poll(() => dialog().getByRole('combobox', { name: 'Prompt' }).inputValue())
    .toBe('Assistente da loja');
  await expect
    .poll(() => dialog().getByRole('combobox', { name: 'Lista de arquivos' }).inputValue())
    .toBe('Catálogo');
  const option = dialog().getByRole('group', { name: 'Opção 1, nível 1' });
  await expect
    .poll(() => option.getByRole('combobox', { name: 'Integração' }).inputValue())
    .toBe('Typebot Loja');
  await snap(page, 'integrations-03-queue-linked');
});
