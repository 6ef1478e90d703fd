import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { tickets } from '../../src/db/schema/index.js';
import { storeOutbound } from '../../src/modules/messages/messages.outbox.js';
import { call, createTestApp } from '../app.js';
import { createTenant } from '../fixtures.js';
import { type FakeGraphOptions, startFakeGraph } from './fake-graph.js';
import { FAKE_WABA_ID } from './fake-templates.js';
import { startSlowProxy } from './slow-proxy.js';
import { sendWebhook } from './webhook-sender.js';

export const VERIFY_TOKEN = 'verify-me';

/** A Meta-style id (digits) of this length, new to the run. */
export const digits = (length: number) =>
  Array.from({ length }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join('');

/**
 * A listening app pointed at a fresh fake Graph API, which sends its status and echo webhooks back
 * to the app's /webhooks/meta, signed with the shared app secret. With `slowProxy`, the app reaches
 * the fake through a proxy that holds that share of the answers to sends for `delayMs`.
 */
export async function createMetaTestApp(
  options: FakeGraphOptions & {
    env?: Record<string, string>;
    slowProxy?: { share: number; delayMs: number };
  } = {},
) {
  const fake = await startFakeGraph(options);
  const proxy = options.slowProxy ? await startSlowProxy(fake.url, options.slowProxy) : undefined;
  const app = await createTestApp({
    env: {
      GRAPH_API_URL: proxy?.url ?? fake.url,
      GRAPH_API_VERSION: 'v21.0',
      META_APP_ID: fake.appId,
      META_APP_SECRET: fake.appSecret,
      META_VERIFY_TOKEN: VERIFY_TOKEN,
      GRAPH_API_TIMEOUT_MS: '1000',
      ...options.env,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const webhookUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/webhooks/meta`;
  fake.setWebhookUrl(webhookUrl);
  return {
    app,
    fake,
    proxy,
    webhookUrl,
    webhook: (payload: unknown, signature?: string | null) =>
      sendWebhook(webhookUrl, payload, fake.appSecret, { signature }),
    close: async () => {
      await fake.settle();
      await app.close();
      await proxy?.close();
      await fake.close();
    },
  };
}
export type MetaTestApp = Awaited<ReturnType<typeof createMetaTestApp>>;

/** A tenant with a Cloud API connection on a phone number id of its own. */
export async function createCloudTenant(meta: MetaTestApp) {
  const tenant = await createTenant(meta.app);
  const phoneNumberId = digits(15);
  meta.fake.addPhoneNumber(phoneNumberId);
  const { body: connection } = await call(meta.app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: {
      name: 'WhatsApp oficial',
      channel: 'whatsappapi',
      phoneNumberId,
      wabaId: FAKE_WABA_ID,
      accessToken: meta.fake.token,
    },
  });
  return { ...tenant, connection, phoneNumberId };
}

/** A tenant with a Messenger (or Instagram) connection on a page of its own. */
export async function createPageTenant(meta: MetaTestApp, channel: 'facebook' | 'instagram' = 'facebook') {
  const tenant = await createTenant(meta.app);
  const pageId = digits(12);
  const accountId = `1784${pageId}`;
  const pageToken = `PAGE_${pageId}`;
  meta.fake.addPage({
    id: pageId,
    name: 'Página',
    token: pageToken,
    ...(channel === 'instagram' ? { instagram: { id: accountId, username: `loja${pageId}` } } : {}),
  });
  const { body: connection } = await call(meta.app, 'POST', '/whatsapp', {
    token: tenant.admin.token,
    body: {
      name: channel === 'instagram' ? 'Instagram' : 'Página',
      channel,
      facebookPageUserId: pageId,
      ...(channel === 'instagram' ? { instagramAccountId: accountId } : {}),
      accessToken: pageToken,
    },
  });
  return { ...tenant, connection, pageId, accountId, pageToken };
}

/**
 * A Facebook login of its own: its short-lived user token lists a page with a token and an Instagram
 * account, and one page without a token (skipped, as Meta lists pages the user cannot message from).
 */
export function facebookLogin(meta: MetaTestApp) {
  const pageId = digits(12);
  const page = {
    id: pageId,
    name: 'Loja X',
    token: `PAGE_${pageId}`,
    instagram: { id: `1784${pageId}`, username: 'lojax' },
  };
  const facebookUserToken = `USER_${pageId}`;
  meta.fake.addLogin(facebookUserToken, [page, { id: digits(12), name: 'Sem token' }]);
  return { body: { facebookUserId: '10200000000', facebookUserToken }, page };
}

/** The attendant takes the tenant's conversation, so replies may go out on it. */
export async function acceptTicket(meta: MetaTestApp, tenant: { companyId: number; admin: { id: number } }) {
  const [ticket] = await meta.app.deps.db
    .update(tickets)
    .set({ status: 'open', userId: tenant.admin.id })
    .where(eq(tickets.companyId, tenant.companyId))
    .returning();
  if (!ticket) throw new Error('the tenant has no conversation yet');
  return ticket;
}

/** An attendant's attachment, stored and queued by the one outbound path as an upload leaves it. */
export async function sendStoredFile(
  meta: MetaTestApp,
  ticket: typeof tickets.$inferSelect,
  file: { bytes: Buffer; name: string; mediaType: string; caption?: string },
) {
  const mediaPath = `company${ticket.companyId}/messages/${Date.now()}-${file.name}`;
  await meta.app.deps.storage.put(mediaPath, file.bytes);
  return storeOutbound(meta.app.deps, {
    companyId: ticket.companyId,
    ticket,
    body: file.caption ?? '',
    kind: 'chat',
    userId: ticket.userId,
    media: { mediaPath, mediaType: file.mediaType, mediaName: file.name },
  });
}
