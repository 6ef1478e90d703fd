// Lighthouse's mobile preset (simulated throttling, cold cache) on /login, /tickets and /contacts, as a
// signed-in admin of a seeded company, against the production build on an embedded database of its own.
// Each page runs RUNS times in a fresh Chromium profile; the median run (by score) is printed.
// Usage: npm run lighthouse [-- --runs 5 --pages /tickets,/contacts --save reports/]
import { execSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const repoRoot = resolve(import.meta.dirname, '../../..');
const serverEntry = join(repoRoot, 'apps/server/dist/main.js');
const webIndex = join(repoRoot, 'apps/web/dist/index.html');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const ADMIN_PASSWORD = 'Lighthouse-Admin-1';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/login,/tickets,/contacts' },
    // Keeps each run's whole report (JSON, for Lighthouse's viewer) in this folder.
    save: { type: 'string' },
  },
});
const runs = Number(options.runs);
const pages = options.pages.split(',');

/** The newest modification time under a folder, skipping dependencies and build output. */
function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist' || name === 'test-results') continue;
    latest = Math.max(latest, newest(join(path, name)));
  }
  return latest;
}

/** Builds when a build is missing or older than the sources it comes from. */
function buildIfNeeded() {
  const built = [serverEntry, webIndex].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0));
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages/shared/src'].map(
    (path) => newest(join(repoRoot, path)),
  );
  if (Math.min(...built) > Math.max(...sources)) return;
  console.log('Building (the build is missing or older than the sources)…');
  execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

async function waitFor(check, what, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error(`${what}: exited`);
    if (await check().catch(() => false)) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`${what}: not ready within 120 s`);
}

async function startServer(dataDir) {
  const port = await freePort();
  const { DATABASE_URL: _embedded, ...env } = process.env;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL: '2h',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(async () => (await fetch(`${base}/health`)).ok, 'the server', server);
  } catch (error) {
    // Not left running (and holding its folder) when it was too slow to start.
    server.kill('SIGTERM');
    throw error;
  }
  return { server, base };
}

async function call(base, token, method, path, body) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return answer.status === 204 ? null : answer.json();
}

/** A trial company whose admin has 30 contacts, 20 open tickets and a few messages in each. */
async function seedCompany(base) {
  const [plan] = await call(base, null, 'GET', '/plans/listPublic');
  const email = `lighthouse-${Date.now()}@balcao.test`;
  await call(base, null, 'POST', '/auth/signup', {
    companyName: 'Loja Farol',
    name: 'Admin Farol',
    email,
    phone: '11999990000',
    password: ADMIN_PASSWORD,
    planId: plan.id,
    termo: true,
  });
  const { token } = await call(base, null, 'POST', '/auth/login', { email, password: ADMIN_PASSWORD });
  const connection = await call(base, token, 'POST', '/whatsapp', {
    name: 'Site',
    channel: 'webchat',
    isDefault: false,
  });
  for (let i = 1; i <= 30; i++) {
    const contact = await call(base, token, 'POST', '/contacts', {
      name: `Cliente ${String(i).padStart(2, '0')} da Silva`,
      number: `551198765${String(4000 + i)}`,
      email: `cliente${i}@exemplo.com.br`,
    });
    if (i > 20) continue;
    const ticket = await call(base, token, 'POST', '/tickets', {
      contactId: contact.id,
      whatsappId: connection.id,
      status: 'open',
    });
    for (const body of [
      'Olá! Em que podemos ajudar?',
      `Seu pedido ${1000 + i} sai hoje pela transportadora.`,
    ]) {
      await call(base, token, 'POST', `/messages/${ticket.id}`, { body });
    }
  }
  return email;
}

/** A Chromium of its own (fresh profile, so nothing is cached), reachable on a DevTools port. */
async function startBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'balcao-lighthouse-profile-'));
  const port = await freePort();
  const child = spawn(
    chromiumPath,
    [...chromiumFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/json/version`)).ok, 'Chromium', child);
  return {
    port,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The page's storage as a returning visitor's: the language chosen and, on signed-in pages, the session's
 * token. Lighthouse's reset clears caches, service workers and file systems, not local storage.
 */
async function prepareStorage(port, base, storage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/health`);
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(storage));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function measure(base, path, email) {
  const browser = await startBrowser();
  try {
    const storage = { language: 'pt-BR' };
    if (path !== '/login') {
      const { token } = await call(base, null, 'POST', '/auth/login', { email, password: ADMIN_PASSWORD });
      storage.token = token;
    }
    await prepareStorage(browser.port, base, storage);
    const result = await lighthouse(`${base}${path}`, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const { lhr } = result;
    if (options.save) {
      mkdirSync(options.save, { recursive: true });
      const name = `${path.replaceAll('/', '') || 'root'}-${Date.now()}.json`;
      writeFileSync(join(options.save, name), result.report);
    }
    if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
    const scripts = lhr.audits['network-requests'].details.items.filter(
      (item) => item.resourceType === 'Script',
    );
    return {
      score: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      jsKiB: scripts.reduce((sum, item) => sum + item.transferSize, 0) / 1024,
      jsFiles: scripts.length,
      finalUrl: lhr.finalDisplayedUrl,
      // Lighthouse's measure of this machine's speed at the time (a desktop's is 1000 or more): simulated
      // throttling multiplies the processor time it observes, so a busy machine reads slow pages.
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await browser.stop();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'balcao-lighthouse-'));
  const { server, base } = await startServer(dataDir).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  try {
    const email = await seedCompany(base);
    const rows = [];
    for (const path of pages) {
      const measured = [];
      for (let run = 1; run <= runs; run++) {
        const figures = await measure(base, path, email);
        if (!new URL(figures.finalUrl).pathname.startsWith(path)) {
          throw new Error(`${path} ended on ${figures.finalUrl}: the page was not measured`);
        }
        console.log(
          `${path} run ${run}: score ${figures.score}, LCP ${(figures.lcp / 1000).toFixed(2)} s, ` +
            `TBT ${Math.round(figures.tbt)} ms, JS ${figures.jsKiB.toFixed(0)} KiB in ${figures.jsFiles} files ` +
            `(machine benchmark ${Math.round(figures.benchmarkIndex)})`,
        );
        measured.push(figures);
      }
      const pick = (key) => median(measured.map((figures) => figures[key]));
      rows.push({
        page: path,
        score: pick('score'),
        'LCP (s)': (pick('lcp') / 1000).toFixed(2),
        'TBT (ms)': Math.round(pick('tbt')),
        'FCP (s)': (pick('fcp') / 1000).toFixed(2),
        'JS transferred (KiB)': Math.round(pick('jsKiB')),
        'JS files': pick('jsFiles'),
        'machine benchmark': Math.round(pick('benchmarkIndex')),
      });
    }
    console.log(
      `\nLighthouse ${JSON.parse(readFileSync(join(repoRoot, 'node_modules/lighthouse/package.json'))).version}, mobile preset, simulated throttling, cold cache; median of ${runs} runs each:`,
    );
    console.table(rows);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
