import type { FastifyInstance, FastifyReply } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * The app and the chat page load only their own files. MUI and emotion inject <style> elements, hence
 * 'unsafe-inline' for styles only; 'self' covers the same-origin ws/wss socket in current browsers.
 * The help videos (spec 001 §2) are the one outside content: YouTube's thumbnails, and its player
 * framed from the cookieless host only.
 */
const helpVideos = { thumbnails: 'https://i.ytimg.com', player: 'https://www.youtube-nocookie.com' };
const ownFiles: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', helpVideos.thumbnails],
  'frame-src': ["'self'", helpVideos.player],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const policy = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

/** The rest of what helmet sends by default: isolation, no sniffing, no legacy cross-domain features. */
const alwaysSent = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * With a Meta app configured, the connections page runs the Facebook SDK: its script, the frames and
 * calls it makes to facebook.com, and its login popup, which answers the page through `window.opener`
 * (cut by `same-origin`; `same-origin-allow-popups` keeps it for the windows the page itself opens).
 */
function facebookSdkAllowance(sdkUrl: string | undefined) {
  if (!sdkUrl) return { directives: ownFiles, opener: {} };
  const sdk = new URL(sdkUrl).origin;
  const facebook = 'https://*.facebook.com';
  return {
    directives: {
      ...ownFiles,
      'script-src': [...(ownFiles['script-src'] ?? []), sdk],
      'frame-src': [...(ownFiles['frame-src'] ?? []), sdk, facebook],
      'connect-src': [...(ownFiles['connect-src'] ?? []), sdk, facebook],
    },
    opener: { 'cross-origin-opener-policy': 'same-origin-allow-popups' },
  };
}

/**
 * Security headers on every answer: nosniff, CSP, no framing, and HSTS only when served over https.
 * They depend on the configuration alone, so they are written out once here: helmet worked them out
 * again on every request (parsing the policy included), a fiftieth of a ticket list's server time.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string | undefined,
  facebookSdkUrl?: string,
) {
  const https = publicUrl?.startsWith('https://') ?? false;
  const upgrade: Directives = https ? { 'upgrade-insecure-requests': [] } : {};
  const sdk = facebookSdkAllowance(facebookSdkUrl);
  const headers: Record<string, string> = {
    'content-security-policy': policy({ ...sdk.directives, 'frame-ancestors': ["'none'"], ...upgrade }),
    ...alwaysSent,
    ...sdk.opener,
    ...(https ? { 'strict-transport-security': `max-age=${180 * 86_400}; includeSubDomains` } : {}),
    'x-frame-options': 'DENY',
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The app's page runs the scripts its own HTML names, by this answer's nonce, and what they load
 * ('strict-dynamic'), rather than whatever the origin serves: a host allowlist ('self') can be bypassed
 * through any script file on the origin, a nonce cannot be guessed. 'unsafe-inline' and the hosts stay for
 * browsers older than nonces (CSP 1), which ignore the rest; browsers that know nonces ignore them.
 */
export function allowNoncedScripts(reply: FastifyReply, nonce: string) {
  const directives = String(reply.getHeader('content-security-policy') ?? '').split(';');
  const scripts = directives.findIndex((directive) => directive.startsWith('script-src '));
  if (scripts < 0) return;
  const hosts = directives[scripts]?.slice('script-src '.length);
  directives[scripts] = `script-src 'nonce-${nonce}' 'strict-dynamic' 'unsafe-inline' ${hosts}`;
  reply.header('content-security-policy', directives.join(';'));
}

const framedByAnySite = policy({ ...ownFiles, 'frame-ancestors': ['*'] });

/** The website-chat page lives in a frame on any customer's site. */
export function allowFramingByAnySite(reply: FastifyReply) {
  reply.removeHeader('x-frame-options');
  reply.header('content-security-policy', framedByAnySite);
}

/** Answers carrying a session's data must not stay in any cache (shared proxies, the browser's disk). */
export function neverStoreAnswers(api: FastifyInstance) {
  api.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
