import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';

const webDist = mkdtempSync(join(tmpdir(), 'balcao-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Balcão</title>');
writeFileSync(join(webDist, 'widget.html'), '<!doctype html><title>Chat</title>');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
const app = await createTestApp({ env: { WEB_DIST: webDist } });
afterAll(() => app.close());

test('a page load of an app route gets the app, while the same path answers the API to API calls', async () => {
  const page = await call(app, 'GET', '/users', { headers: { accept: 'text/html,application/xhtml+xml' } });
  const api = await call(app, 'GET', '/users', { headers: { accept: 'application/json' } });

  expect(page.status).toBe(200);
  expect(page.body).toContain('<title>Balcão</title>');
  expect(page.response.headers['x-frame-options']).toBe('DENY');
  expect(api).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
});

test('built assets are served without a session', async () => {
  const asset = await call(app, 'GET', '/assets/app.js');

  expect(asset.status).toBe(200);
  expect(asset.body).toBe('console.log(1)');
});

test('the website-chat page is its own page', async () => {
  const page = await call(app, 'GET', '/w/ABCDEFGHIJ', { headers: { accept: 'text/html' } });

  expect(page.body).toContain('<title>Chat</title>');
  expect(page.response.headers['x-frame-options']).toBeUndefined();
});
