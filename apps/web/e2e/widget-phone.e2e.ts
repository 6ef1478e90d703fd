import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

let browser: Browser;
let widgetToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // A company of its own: the platform company's plan is full of the other journeys' connections.
  const company = await signUpCompany('celular');
  const admin = await openPage(browser);
  await signIn(admin, company.email, company.password);
  const connection = await apiAs(admin)('POST', '/whatsapp', {
    name: 'Loja no celular',
    channel: 'webchat',
    isDefault: false,
  });
  widgetToken = connection.token;
});

afterAll(async () => {
  await browser?.close();
});

test("on a phone the chat's empty message box shows its hint on one line, not cut in half", async () => {
  const visitor = await openPage(browser, { width: 360, height: 640 });
  await visitor.goto(`/w/${widgetToken}`);
  await visitor.getByLabel('Seu nome').fill('Rita Celular');
  await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
  const box = visitor.getByRole('textbox', { name: 'Escreva sua mensagem…' });
  await box.waitFor();

  const { shown, needed } = await box.evaluate((el) => ({ shown: el.clientHeight, needed: el.scrollHeight }));
  expect(needed).toBeLessThanOrEqual(shown);
  await snap(visitor, 'widget-phone-01-empty-composer');
});
