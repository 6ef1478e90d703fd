import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap, socketConnected, tokenOf } from './browser';
import { apiAs, signedIn } from './people';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  await signIn(page);
});

afterAll(async () => {
  // The platform company is every journey's: what these tests changed goes back, or a journey run after
  // them could not close a ticket without a tag.
  const headers = { Authorization: `Bearer ${await tokenOf(page)}` };
  for (const [key, value] of [
    ['requiredTag', 'disabled'],
    ['sendQueuePosition', 'disabled'],
    ['scheduleType', 'disabled'],
  ])
    await page.request.put(`/settings/${key}`, { headers, data: { value } });
  await browser?.close();
});

const requiredTag = () => page.getByRole('switch', { name: 'Tag obrigatória ao fechar' });
const privacyLink = () => page.getByRole('textbox', { name: 'Link da política de privacidade' });

test('an admin turns a setting on from the menu, and it is still on after a reload', async () => {
  await page.getByRole('link', { name: 'Configurações', exact: true }).click();
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

/**
 * A value the control can take other than the one it shows, as the API spells it, and the action
 * that sets it; null when the control offers no other value.
 */
async function changeOf(control: Locator): Promise<{ value: string; apply: () => Promise<void> } | null> {
  const kind = await control.evaluate(
    (element) => `${element.tagName}:${(element as HTMLInputElement).type}`,
  );
  if (kind === 'INPUT:checkbox') {
    const value = (await control.isChecked()) ? 'disabled' : 'enabled';
    return { value, apply: () => control.click() };
  }
  if (kind === 'SELECT:select-one') {
    const current = await control.inputValue();
    const values = await control
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    const other = values.find((value) => value !== current);
    if (other === undefined) return null;
    return { value: other, apply: async () => void (await control.selectOption(other)) };
  }
  const name = (await control.getAttribute('name')) ?? '';
  const value = name === 'lgpdLink' ? 'https://example.test/lgpd' : `Texto salvo em ${name}`;
  return { value, apply: () => control.fill(value).then(() => control.press('Tab')) };
}

async function shownValue(control: Locator): Promise<string> {
  const isCheckbox = (await control.getAttribute('type')) === 'checkbox';
  if (!isCheckbox) return control.inputValue();
  return (await control.isChecked()) ? 'enabled' : 'disabled';
}

test('every option a company admin sees is stored as changed, and shown so after a reload', async () => {
  const company = await signUpCompany('opcoes');
  const admin = await signedIn(browser, company.email, company.password);
  await admin.goto('/settings');
  const controls = admin.getByRole('tabpanel').locator('input[name], select[name], textarea[name]');
  await controls.first().waitFor();
  const keys = await controls.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('name')),
  );

  const changed: Record<string, string> = {};
  // Requiring two-step verification of admins takes an admin who has it (two-factor.e2e.ts turns it on).
  const requireTwoFactor = admin.getByRole('tabpanel').locator('[name="requireAdminTwoFactor"]');
  const refused = admin.waitForResponse((res) => res.url().endsWith('/settings/requireAdminTwoFactor'));
  await requireTwoFactor.click();
  expect((await refused).status()).toBe(409);
  await admin
    .getByRole('alert')
    .filter({ hasText: 'A verificação em duas etapas não está ativa na sua conta.' })
    .waitFor();
  expect(await requireTwoFactor.isChecked()).toBe(false);
  for (const key of keys.filter((name) => name !== 'requireAdminTwoFactor')) {
    const change = await changeOf(admin.getByRole('tabpanel').locator(`[name="${key}"]`));
    if (!change) continue;
    const saved = admin.waitForResponse(
      (res) => res.url().endsWith(`/settings/${key}`) && res.request().method() === 'PUT',
    );
    await change.apply();
    expect((await saved).ok()).toBe(true);
    changed[key as string] = change.value;
  }

  // Every control was changed; chatBotType, whose one value changes nothing, is not offered.
  expect(keys.filter((key) => !(key && key in changed))).toEqual(['requireAdminTwoFactor']);
  expect(keys).not.toContain('chatBotType');
  expect(keys.length).toBeGreaterThan(15);
  const stored: { key: string; value: string }[] = await apiAs(admin)('GET', '/settings');
  expect(Object.fromEntries(stored.map(({ key, value }) => [key, value]))).toMatchObject(changed);
  await admin.reload();
  await controls.first().waitFor();
  for (const [key, value] of Object.entries(changed))
    expect(await shownValue(admin.getByRole('tabpanel').locator(`[name="${key}"]`))).toBe(value);
  await admin.context().close();
});

test("the super admin's platform option is stored as switched", async () => {
  const api = apiAs(page);
  const userCreation = async () =>
    ((await api('GET', '/settings')) as { key: string; value: string }[]).find(
      ({ key }) => key === 'userCreation',
    )?.value;
  await page.goto('/settings');
  const toggle = page.locator('[name="userCreation"]');
  const flip = async () => {
    const saved = page.waitForResponse((res) => res.url().endsWith('/settings/userCreation'));
    await toggle.click();
    expect((await saved).ok()).toBe(true);
  };

  await flip();
  expect(await userCreation()).toBe('disabled');
  // Other journeys sign companies up: sign-up goes back on.
  await flip();
  expect(await userCreation()).toBe('enabled');
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

  await attendant.getByRole('link', { name: 'Contatos', exact: true }).waitFor();
  expect(await attendant.getByRole('link', { name: 'Configurações', exact: true }).count()).toBe(0);
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
