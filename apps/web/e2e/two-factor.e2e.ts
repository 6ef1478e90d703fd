import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { totpCode, totpStep } from '../../server/src/platform/auth/totp';
import { expectNoSeriousAxeViolations } from './axe';
import { launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The next step's code: the one that confirmed enrolment may still be the current step's, and a code is
 * refused for a step already used; the server accepts one step ahead for clocks that drift.
 */
const nextCode = (secret: string) => totpCode(secret, totpStep(new Date()) + 1);

test('an admin turns on two-step verification, requires it of the company, signs out, and signs in again with a code', async () => {
  const company = await signUpCompany('2fa');
  const page = await openPage(browser);
  await signIn(page, company.email, company.password);

  await page.getByRole('button', { name: 'Abrir o menu da conta' }).click();
  await page.getByRole('menuitem', { name: 'Verificação em duas etapas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verificação em duas etapas' });
  await dialog.getByRole('button', { name: 'Ativar' }).click();
  const secret = (await dialog.getByTestId('two-factor-secret').textContent()) ?? '';
  await dialog.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
  await expectNoSeriousAxeViolations(page, 'two-factor enrolment');
  await snap(page, 'two-factor-01-enrol');
  await dialog.getByLabel('Código de verificação').fill(totpCode(secret, totpStep(new Date())));
  await dialog.getByRole('button', { name: 'Confirmar e ativar' }).click();

  const codes = dialog.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  await dialog.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await dialog.getByText('A verificação em duas etapas está ativa na sua conta.').waitFor();
  await dialog.getByRole('button', { name: 'Fechar' }).click();

  // With it on their own account, the admin may require it of every admin of the company.
  await page.goto('/settings');
  const requirement = page.getByRole('tabpanel').locator('[name="requireAdminTwoFactor"]');
  const saved = page.waitForResponse((res) => res.url().endsWith('/settings/requireAdminTwoFactor'));
  await requirement.click();
  expect((await saved).status()).toBe(200);
  const settings: { key: string; value: string }[] = await apiAs(page)('GET', '/settings');
  expect(settings.find(({ key }) => key === 'requireAdminTwoFactor')?.value).toBe('enabled');

  await page.getByRole('button', { name: 'Abrir o menu da conta' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await page.waitForURL('**/login');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByLabel('E-mail').fill(company.email);
  await page.locator('input[name="password"]').fill(company.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
  await expectNoSeriousAxeViolations(page, 'two-factor sign-in step');
  await snap(page, 'two-factor-02-second-step');
  await page.getByLabel('Código de verificação').fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verificar' }).click();

  await page.waitForURL('**/tickets');
});
