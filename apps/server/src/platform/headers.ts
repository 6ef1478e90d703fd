import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The app and the chat page load only their own files. MUI and emotion inject <style> elements, hence
 * 'unsafe-inline' for styles only; 'self' covers the same-origin ws/wss socket in current browsers.
 */
const ownFiles: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Security headers on every answer: nosniff, CSP, no framing, and HSTS only when served over https. */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string | undefined) {
  const https = publicUrl?.startsWith('https://') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...ownFiles,
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    hsts: https ? { maxAge: 180 * 86_400 } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
}

/** The website-chat page lives in a frame on any customer's site. */
export function allowFramingByAnySite(reply: FastifyReply) {
  reply.raw.removeHeader('x-frame-options');
  reply.helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...ownFiles, 'frame-ancestors': ['*'] } },
    frameguard: false,
  });
}

/** Answers carrying a session's data must not stay in any cache (shared proxies, the browser's disk). */
export function neverStoreAnswers(api: FastifyInstance) {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
