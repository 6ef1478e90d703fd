import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { launchBrowser, openPage, snap } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('on a slow network the page shows it is loading before its code arrives, then the app', async () => {
  const page = await openPage(browser);
  // The app's code is held back until the loading state has been seen, as a slow network holds it.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('progressbar').waitFor();
  await snap(page, 'slow-network-01-loading');
  release();

  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
  await page.getByRole('progressbar').waitFor({ state: 'detached' });
});
