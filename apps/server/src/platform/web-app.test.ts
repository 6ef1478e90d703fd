import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../test/app.js';
import { createTenant } from '../../test/fixtures.js';

const bundle = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const webDist = mkdtempSync(join(tmpdir(), 'balcao-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Balcão</title>');
writeFileSync(join(webDist, 'widget.html'), '<!doctype html><title>Chat</title>');
writeFileSync(join(webDist, 'widget.js'), '(() => {})();');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
writeFileSync(join(webDist, 'assets', 'index-3f9a1c.js'), bundle);
const app = await createTestApp({ env: { WEB_DIST: webDist } });
afterAll(() => app.close());

const html = { accept: 'text/html,application/xhtml+xml' };

test('a page load of an app route gets the app, while the same path answers the API to API calls', async () => {
  const page = await call(app, 'GET', '/users', { headers: html });
  const api = await call(app, 'GET', '/users', { headers: { accept: 'application/json' } });

  expect(page.status).toBe(200);
  expect(page.body).toContain('<title>Balcão</title>');
  expect(api).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } });
});

test('a browser opening the API reference reads the document, not the app', async () => {
  const page = await call(app, 'GET', '/api/docs', { headers: html });

  expect(page.status).toBe(200);
  expect(page.body.openapi).toBe('3.1.0');
});

test('built assets are served without a session', async () => {
  const asset = await call(app, 'GET', '/assets/app.js');

  expect(asset.status).toBe(200);
  expect(asset.body).toBe('console.log(1)');
});

describe('headers', () => {
  test('the app may not be framed and runs only its own scripts', async () => {
    const { response } = await call(app, 'GET', '/tickets', { headers: html });
    const csp = String(response.headers['content-security-policy']);

    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self'");
    // The help videos' player, only from YouTube's cookieless host.
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    expect(csp).not.toContain('https://www.youtube.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test("the built app's page runs only the scripts it names, by a nonce of each answer's own", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'balcao-web-nonce-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><meta property="csp-nonce" nonce="PLACEHOLDER"><script type="module" nonce="PLACEHOLDER" src="/assets/app.js"></script><link rel="modulepreload" nonce="PLACEHOLDER" href="/assets/a.js">',
    );
    writeFileSync(join(dist, 'widget.html'), '<!doctype html><title>Chat</title>');
    const nonced = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      const first = await call(nonced, 'GET', '/tickets', { headers: html });
      const second = await call(nonced, 'GET', '/contacts', { headers: html });
      const nonceOf = (page: typeof first) =>
        /script-src 'nonce-([^']+)'/.exec(String(page.response.headers['content-security-policy']))?.[1];

      for (const page of [first, second]) {
        const nonce = nonceOf(page);
        expect(nonce).toMatch(/^[A-Za-z0-9+/=]{24}$/);
        expect(String(page.response.headers['content-security-policy'])).toContain(
          `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline' 'self'`,
        );
        expect(page.body).not.toContain('PLACEHOLDER');
        expect(page.body.match(new RegExp(`nonce="${nonce?.replace(/[+/]/g, '\\$&')}"`, 'g'))).toHaveLength(
          3,
        );
        expect(page.response.headers['cache-control']).toBe('no-cache');
      }
      expect(nonceOf(first)).not.toBe(nonceOf(second));
    } finally {
      await nonced.close();
    }
  });

  test('the website-chat page may be framed by any site', async () => {
    for (const url of ['/w/ABCDEFGHIJ', '/widget.html']) {
      const page = await call(app, 'GET', url, { headers: html });

      expect(page.body).toContain('<title>Chat</title>');
      expect(page.response.headers['x-frame-options']).toBeUndefined();
      expect(String(page.response.headers['content-security-policy'])).toContain('frame-ancestors *');
      expect(String(page.response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  test('API answers are never stored and never sniffed, public or not', async () => {
    const tenant = await createTenant(app);
    const me = await call(app, 'GET', '/auth/me', { token: tenant.admin.token });
    const refused = await call(app, 'GET', '/users', { headers: { accept: 'application/json' } });

    expect(me.status).toBe(200);
    for (const { response } of [me, refused]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('every answer isolates itself from other origins and turns off legacy browser features', async () => {
    const { response } = await call(app, 'GET', '/health');

    expect(response.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'same-origin',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  test('HSTS only when the public address is https', async () => {
    const secure = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: 'https://balcao.example' } });
    try {
      const { response } = await call(secure, 'GET', '/tickets', { headers: html });

      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('static files', () => {
  test('hashed assets are cached for good and sent compressed', async () => {
    const asset = await app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });

    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(bundle);
    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  test('pages and the embed script are checked again on every load', async () => {
    const page = await call(app, 'GET', '/tickets', { headers: html });
    const chat = await call(app, 'GET', '/w/ABCDEFGHIJ', { headers: html });
    const embed = await call(app, 'GET', '/widget.js');

    expect(page.response.headers['cache-control']).toBe('no-cache');
    expect(chat.response.headers['cache-control']).toBe('no-cache');
    expect(embed.response.headers['cache-control']).toBe('no-cache');
    // Customers' sites load it with a <script> tag.
    expect(embed.response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
