import { randomInt } from 'node:crypto';
import { PLATFORM_COMPANY_ID } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  forgetStoredSessions,
  replay,
} from '../../../test/baileys-harness.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections } from '../../db/schema/index.js';

const harness = createBaileysHarness();
const app = await createTestApp({ whatsappSockets: harness.factory });
const platformConnections: number[] = [];

afterAll(async () => {
  // The database outlives this file: a platform connection left "connected" would be picked by the next.
  await forgetStoredSessions(app.deps.db);
  for (const id of platformConnections) await app.deps.db.delete(connections).where(eq(connections.id, id));
  await app.close();
});

test("the code goes out through the platform company's WhatsApp session, to the profile's number", async () => {
  const connection = await createWhatsappConnection(app, PLATFORM_COMPANY_ID);
  platformConnections.push(connection.id);
  await app.whatsapp.start({ companyId: PLATFORM_COMPANY_ID, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  await waitFor(
    async () =>
      (await app.deps.db.select().from(connections).where(eq(connections.id, connection.id)))[0]?.status,
    (status) => status === 'CONNECTED',
  );
  const number = `55119${randomInt(10_000_000, 99_999_999)}`;
  const tenant = await createTenant(app);
  await createUser(app, tenant.companyId, { wpp: number });

  await app.inject({ method: 'POST', url: '/api/enviar-email', payload: { wpp: number } });
  const message = await waitFor(
    async () => socket.sent.find((sent) => sent.jid === `${number}@s.whatsapp.net`),
    (sent) => sent !== undefined,
    10_000,
  );
  const text = (message?.content as { text?: string } | undefined)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  expect(text).toContain(`Seu código de verificação é: ${code}`);

  const checked = await app.inject({
    method: 'POST',
    url: `/api/verificar-code/${number}`,
    payload: { code },
  });
  expect(checked.statusCode).toBe(200);
});
