import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerWithGate } from './auth/authenticate.js';
import { allowFramingByAnySite, allowNoncedScripts } from './headers.js';

/** Vite names every file under /assets/ by its content hash, so it never changes under its name. */
function cacheByName(reply: FastifyReply, path: string) {
  const hashed = path.includes('/assets/');
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The embed script is loaded by customers' sites.
  if (path.endsWith('/widget.js')) reply.header('cross-origin-resource-policy', 'cross-origin');
}

/**
 * index.html as built, read again when a new build replaces it. Vite marks its script and preload tags
 * and a `<meta property="csp-nonce">` (read by its preload helper) with one placeholder nonce
 * (vite.config.ts), which each answer replaces with a fresh one.
 */
function appPageReader(webDist: string) {
  const file = join(webDist, 'index.html');
  let read: { mtimeMs: number; html: string; placeholder: string | undefined } | undefined;
  return () => {
    const { mtimeMs } = statSync(file);
    if (read?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8');
      read = { mtimeMs, html, placeholder: /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1] };
    }
    return read;
  };
}

function sendAppPage(reply: FastifyReply, page: ReturnType<ReturnType<typeof appPageReader>>) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  if (!page.placeholder) return reply.send(page.html);
  const nonce = randomBytes(18).toString('base64');
  allowNoncedScripts(reply, nonce);
  return reply.send(page.html.replaceAll(page.placeholder, nonce));
}

const isChatPage = (url: string) => url.startsWith('/w/') || url.split('?')[0] === '/widget.html';

/**
 * Serves the built web app from the same origin. The spec's API paths and the app's pages share
 * names (/users is both), so a browser navigation — a GET that asks for HTML — gets the app,
 * and everything else reaches the API.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  const appPage = appPageReader(webDist);
  // The built files are the same for everyone; the app asks for a session once it runs.
  await registerWithGate(app, 'public', () =>
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      serve: true,
      prefix: '/',
      cacheControl: false,
      setHeaders: cacheByName,
    }),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return;
    // /api/ holds no page: a browser opening the API reference reads the document itself.
    if (['/media/', '/socket.io', '/api/'].some((prefix) => request.url.startsWith(prefix))) return;
    // The website-chat page (/w/{token}) is a small entry of its own, made to live in a frame; the app
    // itself is never framed by another site (clickjacking, refused by the global headers).
    if (isChatPage(request.url)) {
      allowFramingByAnySite(reply);
      return reply.sendFile('widget.html');
    }
    return sendAppPage(reply, appPage());
  });
  return true;
}

/**
 * Which build of the app this server serves: the hashed entry script named in index.html, which
 * changes exactly when the app does. Open pages compare it with their own to offer a reload.
 */
export function webBuildId(webDist: string): string | null {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return null;
  return /<script[^>]+src="([^"]*\/assets\/[^"]+\.js)"/.exec(readFileSync(index, 'utf8'))?.[1] ?? null;
}
