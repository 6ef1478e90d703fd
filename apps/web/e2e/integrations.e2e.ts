import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap, tokenOf } from './browser';

let browser: Browser;
let page: Page;

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
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const QUEUE_TYPE = 'O que faz';
const field = (name: string) => dialog().locator(`[name="${name}"]`);

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
  await dialog().getByRole('button', { name: 'Salvar' }).click();

  await dialog().waitFor({ state: 'detached' });
  await page.getByText('Integração salva com sucesso!').waitFor();
  await page.getByRole('row').filter({ hasText: 'Typebot Loja' }).waitFor();
  await snap(page, 'integrations-01-created');
});

test('an admin creates a prompt; its key comes back only masked', async () => {
  await page.getByRole('link', { name: 'Prompts' }).click();
  await page.waitForURL('**/prompts');
  await page.getByRole('button', { name: 'Adicionar prompt' }).click();
  await field('name').fill('Assistente da loja');
  await field('apiKey').fill('sk-e2e-secret-key-1234');
  await field('prompt').fill('Você é o assistente da loja. Responda com cordialidade.');
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().getByText('Informe o setor').waitFor();
  await dialog().getByRole('combobox', { name: 'Setor para transferir' }).click();
  await page.getByRole('option', { name: 'Suporte IA' }).click();
  await dialog().getByRole('button', { name: 'Salvar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByRole('row').filter({ hasText: 'Assistente da loja' }).getByText('Suporte IA').waitFor();

  await page.getByRole('button', { name: 'Editar Assistente da loja' }).click();
  expect(await field('apiKey').getAttribute('type')).toBe('password');
  await dialog().getByRole('button', { name: 'Mostrar a chave' }).click();

  expect(await field('apiKey').inputValue()).toBe('••••1234');
  await snap(page, 'integrations-02-prompt-masked');
  await dialog().getByRole('button', { name: 'Cancelar' }).click();
});

test('the queue modal links the integration and the prompt, and shows them when reopened', async () => {
  await page.getByRole('link', { name: 'Filas & Chatbot' }).click();
  await page.waitForURL('**/queues');
  await page.getByRole('button', { name: 'Editar Suporte IA' }).click();

  await dialog().getByRole('combobox', { name: 'Integração' }).fill('Typebot');
  await page.getByRole('option', { name: 'Typebot Loja' }).click();
  await dialog().getByRole('combobox', { name: 'Prompt' }).click();
  await page.getByRole('option', { name: 'Assistente da loja' }).click();
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
  await page.reload();
  await page.getByRole('button', { name: 'Editar Suporte IA' }).click();

  await expect
    .poll(() => dialog().getByRole('combobox', { name: 'Integração' }).first().inputValue())
    .toBe('Typebot Loja');
  await expect
    .poll(() => dialog().getByRole('combobox', { name: 'Prompt' }).inputValue())
    .toBe('Assistente da loja');
  const option = dialog().getByRole('group', { name: 'Opção 1, nível 1' });
  await expect
    .poll(() => option.getByRole('combobox', { name: 'Integração' }).inputValue())
    .toBe('Typebot Loja');
  await snap(page, 'integrations-03-queue-linked');
});
