import type { TicketzImport } from '@balcao/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTicketzDatabase } from '../../server/test/ticketz/scratch';
import { ticketzSeed } from '../../server/test/ticketz/seed';
import { choose, launchBrowser, openPage, signIn, snap } from './browser';
import { apiAs, signedIn } from './people';

// The super user moves a company in from Ticketz on the companies screen, on a phone-sized screen. The
// Ticketz database is a scratch one on the local PostgreSQL (the importer's fixture), whose host the
// e2e server allows (IMPORT_DATABASE_HOSTS in global-setup).
const tag = `e2e${Date.now().toString(36)}`;
/** Ticketz's bcrypt hash of the users' password, 123456 (as its seeders store it). */
const PASSWORD_HASH = '$2b$08$eGGgNXs.eR43ITJzh1XXOePJAzvAQneGE6puIjCWfb89qTo4KQbBy';
let source: Awaited<ReturnType<typeof createTicketzDatabase>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  source = await createTicketzDatabase(ticketzSeed(tag, PASSWORD_HASH));
  browser = await launchBrowser();
  page = await openPage(browser, { width: 360, height: 740 });
  await signIn(page);
});

afterAll(async () => {
  await browser?.close();
  await source?.drop();
});

const dialog = () => page.getByRole('dialog');

test('the super user imports a Ticketz company from the companies screen, and its admin signs in to it', {
  timeout: 180_000,
}, async () => {
  await page.goto('/companies');
  await page.getByRole('button', { name: 'Importar do Ticketz', exact: true }).click();

  const address = dialog().getByLabel('Endereço do banco do Ticketz');
  await address.fill(source.url.replace('/ticketz_scratch', '/nao_existe_scratch'));
  await dialog().getByRole('button', { name: 'Conectar' }).click();
  await dialog().getByText('Não foi possível conectar ao banco').waitFor();

  await address.fill(source.url);
  await dialog().getByRole('button', { name: 'Conectar' }).click();
  await choose(dialog(), 'Empresa do Ticketz', `#1 · Empresa ${tag}`);
  await snap(page, 'ticketz-import-company');
  await dialog().getByRole('button', { name: 'Importar', exact: true }).click();

  await dialog().getByText('Importação concluída').waitFor({ timeout: 60_000 });
  const report = dialog().getByRole('table', { name: 'Relatório da importação' });
  await report.getByRole('row').filter({ hasText: 'Messages' }).first().waitFor();
  await snap(page, 'ticketz-import-report');

  // Read back from the server: the import ended well, and the company it made holds the Ticketz name.
  const api = apiAs(page);
  const { imports } = (await api('GET', '/ticketz-imports')) as { imports: TicketzImport[] };
  const done = imports.find((row) => row.source === source.url && row.sourceCompanyId === 1);
  expect(done).toMatchObject({ status: 'done', error: null });
  expect(done?.tables.Users?.imported).toBe(4);
  const company = await api('GET', `/companies/${done?.targetCompanyId}`);
  expect(company.name).toBe(`Empresa ${tag}`);

  // The Ticketz admin signs in with the old password and finds the company's contacts.
  const admin = await signedIn(browser, `admin-${tag}@ticketz.test`, '123456');
  await admin.goto('/contacts');
  await admin.getByRole('searchbox', { name: 'Pesquisar contatos' }).fill('Cliente 077');
  await admin.getByText('Cliente 077', { exact: true }).first().waitFor();
  await admin.context().close();
});
