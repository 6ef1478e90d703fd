import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerWithGate } from './auth/authenticate.js';

/**
 * Serves the built web app from the same origin. The spec's API paths and the app's pages share
 * names (/users is both), so a browser navigation — a GET that asks for HTML — gets the app,
 * and everything else reaches the API.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  // The built files are the same for everyone; the app asks for a session once it runs.
  await registerWithGate(app, 'public', () =>
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      serve: true,
      prefix: '/',
    }),
  );
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return;
    if (request.url.startsWith('/media/') || request.url.startsWith('/socket.io')) return;
    // The website-chat page (/w/{token}) is a small entry of its own, made to live in a frame.
    if (request.url.startsWith('/w/'))
      return reply.header('cache-control', 'no-cache').sendFile('widget.html');
    // The app itself is never framed by another site (clickjacking); the chat page must be.
    return reply
      .header('cache-control', 'no-cache')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'same-origin')
      .sendFile('index.html');
  });
  return true;
}
