import { startFakeGraph } from './fake-graph.js';
import { FAKE_WABA_ID } from './fake-templates.js';
import { IG_ACCOUNT_ID, PAGE_ID } from './fixtures.js';

/**
 * `npm run dev:fake-meta`: the fake Graph API for manual trials, sending its status and echo
 * webhooks to a running Balcão. See the README ("Trying the Meta channels without Meta").
 */
const port = Number(process.env.FAKE_META_PORT ?? 9010);
const appUrl = process.env.BALCAO_URL ?? 'http://127.0.0.1:8080';
const fake = await startFakeGraph({
  port,
  token: process.env.FAKE_META_TOKEN ?? 'CLOUD_TOKEN',
  pageToken: process.env.FAKE_META_PAGE_TOKEN ?? 'PAGE_TOKEN',
  appId: process.env.META_APP_ID || undefined,
  appSecret: process.env.META_APP_SECRET ?? 'app-secret',
  webhookUrl: `${appUrl}/webhooks/meta`,
  faultRate: Number(process.env.FAKE_META_FAULT_RATE ?? 0),
});
process.stdout.write(
  [
    `Fake Graph API on ${fake.url}, webhooks to ${appUrl}/webhooks/meta`,
    `Start Balcão with GRAPH_API_URL=${fake.url} META_APP_ID=${fake.appId} META_APP_SECRET=${fake.appSecret} META_VERIFY_TOKEN=<any> FACEBOOK_SDK_URL=${fake.url}/sdk.js`,
    `Cloud API token ${fake.token} (phone number id 106540352242922, WABA id ${FAKE_WABA_ID} for templates), page token ${fake.pageToken} (page ${PAGE_ID}, Instagram account ${IG_ACCOUNT_ID})`,
    `A customer writes: curl -X POST ${fake.url}/_fake/inbound -H 'content-type: application/json' -d '{"channel":"whatsappapi","to":"106540352242922","from":"5511988887777","text":"Olá"}'`,
    '',
  ].join('\n'),
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
