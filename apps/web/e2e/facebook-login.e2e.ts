import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchBrowser, openPage, signIn, signUpCompany, snap } from './browser';
import { apiAs } from './people';

let browser: Browser;
let page: Page;

// Ids of this run: the fake Graph API is shared by every journey, and a page belongs to one company.
const run = String(Date.now()).slice(-9);
const PAGE_ID = `3${run}`;
const ACCOUNT_ID = `1784${run}`;
const USER_TOKEN = `USER_E2E_${run}`;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser);
  const company = await signUpCompany('facebook');
  await signIn(page, company.email, company.password);
  // The Facebook account of this browser manages two pages; only the first has an Instagram account.
  await fetch(`${inject('fakeGraphUrl')}/_fake/logins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userToken: USER_TOKEN,
      pages: [
        {
          id: PAGE_ID,
          name: 'Doceria Aurora',
          token: `PAGE_E2E_${run}`,
          instagram: { id: ACCOUNT_ID, username: 'doceria.aurora' },
        },
        { id: `4${run}`, name: 'Aurora Eventos', token: `PAGE_E2E_EVENTS_${run}` },
      ],
    }),
  });
});

afterAll(async () => {
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
/** Who is signed in to Facebook in this browser, as the fake SDK reads it (apps/server/test/fake-graph/fake-sdk.ts). */
const facebookAccount = (login: 'cancel' | { accessToken: string; userID: string }) =>
  page.evaluate(
    (value) => localStorage.setItem('fakeFacebookLogin', value),
    login === 'cancel' ? login : JSON.stringify(login),
  );

test('an admin connects a page and its Instagram account with "Continuar com o Facebook", choosing before anything is created', async () => {
  await page.getByRole('link', { name: 'Conexões' }).click();
  await page.waitForURL('**/connections');
  await page.getByRole('button', { name: 'Nova conexão' }).click();
  // The plan's room is told before any form opens.
  await page.getByText('0 de 3 conexões do plano em uso.').waitFor();
  await page.getByRole('menuitem').filter({ hasText: 'Facebook e Instagram (login do Facebook)' }).click();
  await dialog().getByText('O plano tem espaço para mais 3 conexões.').waitFor();

  // The person closes Facebook's popup: the dialog says so and nothing happens.
  await facebookAccount('cancel');
  await dialog().getByRole('button', { name: 'Continuar com o Facebook' }).click();
  await dialog().getByText('O login do Facebook foi cancelado ou não foi autorizado.').waitFor();
  await snap(page, 'facebook-01-cancelled');

  await facebookAccount({ accessToken: USER_TOKEN, userID: '10200000000' });
  await dialog().getByRole('button', { name: 'Continuar com o Facebook' }).click();
  const doceria = dialog().getByRole('group', { name: 'Doceria Aurora' });
  await doceria.getByRole('checkbox', { name: 'Instagram @doceria.aurora' }).waitFor();
  const events = dialog().getByRole('group', { name: 'Aurora Eventos' });
  expect(await events.getByRole('checkbox').count()).toBe(1);
  await snap(page, 'facebook-02-pages');
  // Listing the pages created nothing.
  expect(await apiAs(page)('GET', '/whatsapp')).toEqual([]);
  // The SDK was started with the configured app id and asked for the pages' and Instagram's permissions.
  const asked = await page.evaluate(() => (window as unknown as { fakeFacebook: FakeSdkLog }).fakeFacebook);
  expect(asked.init).toMatchObject({ appId: expect.stringMatching(/^\d+$/) });
  expect(asked.logins.at(-1)?.scope.split(',')).toEqual(
    expect.arrayContaining(['pages_messaging', 'pages_manage_metadata', 'instagram_manage_messages']),
  );

  await doceria.getByRole('checkbox', { name: 'Messenger' }).check();
  await doceria.getByRole('checkbox', { name: 'Instagram @doceria.aurora' }).check();
  await dialog().getByRole('button', { name: 'Conectar' }).click();
  await dialog().waitFor({ state: 'detached' });
  await page.getByText('2 conexões salvas.').waitFor();
  await page.getByRole('row').filter({ hasText: 'doceria.aurora' }).waitFor();

  const stored: Record<string, unknown>[] = await apiAs(page)('GET', '/whatsapp');
  expect(stored.map(({ channel, name, status }) => ({ channel, name, status }))).toEqual(
    expect.arrayContaining([
      { channel: 'facebook', name: 'Doceria Aurora', status: 'CONNECTED' },
      { channel: 'instagram', name: 'doceria.aurora', status: 'CONNECTED' },
    ]),
  );
  expect(stored).toHaveLength(2);
  const instagram = stored.find((connection) => connection.channel === 'instagram');
  expect(await apiAs(page)('GET', `/whatsapp/${instagram?.id}`)).toMatchObject({
    facebookPageUserId: PAGE_ID,
    instagramAccountId: ACCOUNT_ID,
    hasAccessToken: true,
  });

  await page.getByRole('button', { name: 'Nova conexão' }).click();
  await page.getByText('2 de 3 conexões do plano em uso.').waitFor();
  await snap(page, 'facebook-03-connected');
  await page.keyboard.press('Escape');
});

interface FakeSdkLog {
  init: { appId: string } | null;
  logins: { scope: string }[];
}
