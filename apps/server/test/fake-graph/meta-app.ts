import type { AddressInfo } from 'node:net';
import { call, createTestApp } from '../app.js';
import { createTenant } from '../fixtures.js';
import { type FakeGraphOptions, startFakeGraph } from './fake-graph.js';
import { sendWebhook } from './webhook-sender.js';

export const VERIFY_TOKEN = 'verify-me';

const digits = (length: number) =>
  Array.from({ length }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  ).join('');

/**
 * A listening app pointed at a fresh fake Graph API, which sends its status and echo webhooks back
 * to the app's /webhooks/meta, signed with the shared app secret.
 */
export async function createMetaTestApp(options: FakeGraphOptions & { env?: Record<string, string> } = {}) {
  const fake = await startFakeGraph(options);
  const app = await createTestApp({
    env: {
      GRAPH_API_URL: fake.url,
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
    webhookUrl,
    webhook: (payload: unknown, signature?: string | null) =>
      sendWebhook(webhookUrl, payload, fake.appSecret, { signature }),
    close: async () => {
      await fake.settle();
      await app.close();
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
      wabaId: '102290129340398',
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
  meta.fake.addPage(channel === 'instagram' ? accountId : pageId, pageToken);
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
