import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, inject, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './axe';
import { launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const phone = { width: 360, height: 740 };

/** The code of the latest e-mail the server sent to `email`, read from the local SMTP sink. */
async function codeMailedTo(email: string, count = 1): Promise<string> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const mails = (await (await fetch(`${inject('fakeSmtpUrl')}/mails`)).json()) as {
      to: string[];
      text: string;
    }[];
    const mine = mails.filter((mail) => mail.to.includes(email));
    const code = mine.length >= count ? /\b(\d{6})\b/.exec(mine.at(-1)?.text ?? '')?.[1] : undefined;
    if (code) return code;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`no code was mailed to ${email}`);
}

async function askCodeByEmail(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await page.waitForURL('**/recovery-password');
  await page.getByRole('button', { name: 'E-mail' }).click();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByText('Código de verificação enviado com sucesso!').waitFor();
}

test('a user who forgot the password gets a code by e-mail and signs in with the new password', async () => {
  const company = await signUpCompany('recovery');
  const page = await openPage(browser, phone);
  await askCodeByEmail(page, company.email);
  await expectNoSeriousAxeViolations(page, 'recovery code step');
  await snap(page, 'recovery-01-code');
  const code = await codeMailedTo(company.email);

  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
  const newPassword = 'Recovered-Pass2';
  await page.locator('input[name="newPassword"]').fill(newPassword);
  await expectNoSeriousAxeViolations(page, 'recovery new password step');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('alert').getByText('Senha atualizada com sucesso!').first().waitFor();
  await page.waitForURL('**/login');

  // The server kept it: the old password no longer opens the account, the new one does.
  await page.getByLabel('E-mail').fill(company.email);
  await page.locator('input[name="password"]').fill(company.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByText('Erro de autenticação. Por favor, tente novamente.').waitFor();
  await signIn(page, company.email, newPassword);
  await page.context().close();
});

test('a wrong code twice sends the user back to the login page', async () => {
  const company = await signUpCompany('recovery-wrong');
  const page = await openPage(browser);
  await askCodeByEmail(page, company.email);
  const code = await codeMailedTo(company.email);
  const wrong = code === '000000' ? '111111' : '000000';

  const codeInput = page.getByLabel('Código de verificação');
  await codeInput.fill(wrong);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByText('Código de verificação incorreto. Tente novamente.').waitFor();
  await codeInput.fill(wrong);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByText('Tentativas excedidas. Redirecionando...').waitFor();
  await page.waitForURL('**/login', { timeout: 10_000 });
  await page.context().close();
});
