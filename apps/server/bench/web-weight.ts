import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

type Manifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
>;

export interface WebWeight {
  page: string;
  gzipBytes: number;
  files: number;
  note: string;
}

/**
 * The chunks each page loads on first visit beside index.html's entry, by the source that imports
 * them: the entry only starts the first calls and imports the app's start (src/boot), which a page
 * needs as much as its own chunks. A source that is no chunk of its own was bundled into the entry,
 * already counted. The first paint also waits for the strings of one language (the default one's is
 * weighed).
 */
const FIRST_LANGUAGE = 'src/locales/pt-BR';
const APP_START = 'src/boot';
const FRAME = 'src/app/layout/app-layout';
const PAGES = [
  { page: '/login', sources: [APP_START, FIRST_LANGUAGE, 'src/modules/auth/login.page'] },
  { page: '/tickets', sources: [APP_START, FIRST_LANGUAGE, FRAME, 'src/modules/tickets/tickets.page'] },
  { page: '/contacts', sources: [APP_START, FIRST_LANGUAGE, FRAME, 'src/modules/contacts/contacts.page'] },
];

const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));
const vite = fileURLToPath(new URL('../../../node_modules/.bin/vite', import.meta.url));

/**
 * Builds the web app for production into a scratch folder with Vite's manifest (so the app's own
 * config is left alone) and weighs each page's first-load JavaScript, gzipped.
 */
export function measureWebWeight(): WebWeight[] {
  const outDir = mkdtempSync(join(tmpdir(), 'balcao-web-'));
  try {
    execFileSync(vite, ['build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: webRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const manifestPath = join(outDir, '.vite/manifest.json');
    if (!existsSync(manifestPath)) throw new Error('vite wrote no manifest');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const gzipped = (file: string) => gzipSync(readFileSync(join(outDir, file))).length;
    const withStaticImports = (key: string, into: Set<string>) => {
      if (into.has(key)) return;
      into.add(key);
      for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, into);
    };
    const entry = new Set<string>();
    withStaticImports('index.html', entry);
    return PAGES.map(({ page, sources }) => {
      const chunks = new Set(entry);
      const found = sources.map((source) =>
        Object.keys(manifest).find((key) => key.startsWith(`${source}.`)),
      );
      for (const key of found) if (key) withStaticImports(key, chunks);
      const files = [...chunks].map((key) => manifest[key]?.file).filter((file) => file?.endsWith('.js'));
      const inEntry = sources.filter((_, i) => !found[i]);
      return {
        page,
        gzipBytes: files.reduce((sum, file) => sum + gzipped(file as string), 0),
        files: files.length,
        note: inEntry.length
          ? `entry + lazy chunks; in the entry: ${inEntry.join(', ')}`
          : 'entry + lazy chunks',
      };
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
