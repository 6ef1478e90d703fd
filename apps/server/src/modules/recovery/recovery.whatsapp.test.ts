import { randomInt } from 'node:crypto';
import { PLATFORM_COMPANY_ID } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  forgetStoredSessions,
  holdSessionElsewhere,
  replay,
} from '../../../test/baileys-harness.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections, passwordResets } from '../../db/schema/index.js';

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

test("while another process holds the platform's session the code is left to it, and sent here once the session is here", async () => {
  const connection = await createWhatsappConnection(app, PLATFORM_COMPANY_ID, {
    isDefault: true,
    status: 'CONNECTED',
  });
  platformConnections.push(connection.id);
  const holdElsewhere = (until: string) => holdSessionElsewhere(app, connection.id, until);
  await holdElsewhere('1 minute');
  const number = `55119${randomInt(10_000_000, 99_999_999)}`;
  const tenant = await createTenant(app);
  const user = await createUser(app, tenant.companyId, { wpp: number });
  const codes = () => app.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));

  await app.inject({ method: 'POST', url: '/api/enviar-email', payload: { wpp: number } });
  await new Promise((resolve) => setTimeout(resolve, 2500));
  // Left to the holder before a code is even made: this process could not have sent it.
  const codesWhileElsewhere = (await codes()).length;
  // The other process is gone: this one takes the session, and the code passed on is sent here.
  await holdElsewhere('-1 second');
  await app.whatsapp.start({ companyId: PLATFORM_COMPANY_ID, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  const sent = await waitFor(
    async () => socket.sent.filter((entry) => entry.jid === `${number}@s.whatsapp.net`),
    (all) => all.length > 0,
    15_000,
  );

  expect(codesWhileElsewhere).toBe(0);
  expect(sent).toHaveLength(1);
  expect(await codes()).toHaveLength(1);
});
