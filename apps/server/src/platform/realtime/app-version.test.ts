import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_VERSION_EVENT } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createTenant } from '../../../test/fixtures.js';
import { listenForSockets } from '../../../test/sockets.js';

const webDist = mkdtempSync(join(tmpdir(), 'balcao-web-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><script type="module" crossorigin src="/assets/index-Bq3xY7.js"></script>',
);
const app = await createTestApp({ env: { WEB_DIST: webDist } });
const live = await listenForSockets(app);
afterAll(() => live.close());

test('every app socket learns which web build the server serves as it connects', async () => {
  const tenant = await createTenant(app);
  let announced: unknown;

  await live.connect({ token: tenant.admin.token }, '', (socket) =>
    socket.on(APP_VERSION_EVENT, (payload: unknown) => {
      announced = payload;
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));

  expect(announced).toEqual({ build: '/assets/index-Bq3xY7.js' });
});
