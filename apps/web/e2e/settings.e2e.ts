import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, snap, socketConnected, tokenOf } from './browser';

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

const requiredTag = () => page.getByRole('switch', { name: 'Tag obrigatória ao fechar' });
const privacyLink = () => page.getByRole('textbox', { name: 'Link da política de privacidade' });

test('an admin turns a setting on from the menu, and it is still on after a reload', async () => {
  await page.getByRole('link', { name: 'Configurações' }).click();
  await page.waitForURL('**/settings');
  await page.getByRole('tab', { name: 'Opções' }).waitFor();
  expect(await requiredTag().isChecked()).toBe(false);
  await snap(page, 'settings-01-page');

  // The keyboard alone: focus the switch and press space.
  await requiredTag().focus();
  await page.keyboard.press('Space');
  await page.getByText('Operação atualizada com sucesso.').first().waitFor();
  await snap(page, 'settings-02-saved');

  await page.reload();
  await requiredTag().waitFor();
  expect(await requiredTag().isChecked()).toBe(true);
});

test('a link the contract refuses is not saved; a good one is', async () => {
  await privacyLink().fill('www.example.test');
  await privacyLink().press('Enter');
  await page.getByText('Valor inválido').waitFor();
  await snap(page, 'settings-03-invalid-link');

  await privacyLink().fill('https://example.test/privacidade');
  await privacyLink().press('Tab');
  await page.getByText('Operação atualizada com sucesso.').first().waitFor();

  await page.reload();
  await privacyLink().waitFor();
  expect(await privacyLink().inputValue()).toBe('https://example.test/privacidade');
});

test('an attendant has no settings entry, and typing the address leads home', async () => {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const created = await page.request.post('/users', {
    headers,
    data: { name: 'Bruno Atendente', email: 'bruno@balcao.test', password: 'Bruno-pass' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const attendant = await openPage(browser);
  await signIn(attendant, 'bruno@balcao.test', 'Bruno-pass');

  await attendant.getByRole('link', { name: 'Contatos' }).waitFor();
  expect(await attendant.getByRole('link', { name: 'Configurações' }).count()).toBe(0);
  await snap(attendant, 'settings-04-attendant-menu');

  await attendant.goto('/settings');
  await attendant.waitForURL('**/tickets');
  expect(await attendant.getByRole('tab', { name: 'Opções' }).count()).toBe(0);
});

test("another admin's change shows without a reload", async () => {
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  const created = await page.request.post('/users', {
    headers,
    data: { name: 'Helena Admin', email: 'helena@balcao.test', password: 'Helena-pass', profile: 'admin' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const other = await openPage(browser);
  await signIn(other, 'helena@balcao.test', 'Helena-pass');
  // Going to the page by address loads the app anew, with a new socket: wait for that one.
  const joined = socketConnected(other);
  await other.goto('/settings');
  await joined;
  const otherSwitch = other.getByRole('switch', { name: 'Posição na fila' });
  await otherSwitch.waitFor();
  expect(await otherSwitch.isChecked()).toBe(false);

  const saved = await page.request.put('/settings/sendQueuePosition', {
    headers,
    data: { value: 'enabled' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await other.waitForFunction(
    () => document.querySelector<HTMLInputElement>('input[name="sendQueuePosition"]')?.checked === true,
  );
});

test('the page fits a 360 px phone', async () => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Horário de atendimento' }).selectOption('queue');
  await page.getByText('Operação atualizada com sucesso.').first().waitFor();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'settings-05-phone');
});
