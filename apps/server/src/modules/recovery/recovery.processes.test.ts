import { randomInt } from 'node:crypto';
import { PLATFORM_COMPANY_ID } from '@balcao/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createWhatsappConnection } from '../../../test/baileys-harness.js';
import { testDatabase } from '../../../test/database.js';
import { type FakeWhatsappWeb, startFakeWhatsappWeb } from '../../../test/fake-whatsapp/server.js';
import { scanWhenShown, waitForStatus } from '../../../test/fake-whatsapp/session.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { request, type ServerProcess, startServerProcess } from '../../../test/processes.js';
import { waitFor } from '../../../test/wait.js';
import type { Db } from '../../db/client.js';
import { baileysSessions, connections, passwordResets } from '../../db/schema/index.js';

// Two real server processes on one PostgreSQL, both on the fake WhatsApp Web of this test process.
const url = process.env.TEST_DATABASE_URL;
const reason = 'needs TEST_DATABASE_URL: two processes can only share PostgreSQL, never the embedded PGlite';
const PLATFORM_NUMBER = '5511950000077';
const ASKING = 6;

describe.skipIf(!url)(
  `password recovery across two server processes${url ? '' : ` (skipped: ${reason})`}`,
  () => {
    let db: Db;
    let wa: FakeWhatsappWeb;
    let a: ServerProcess;
    let b: ServerProcess;
    let connectionId: number;
    let people: { id: number; wpp: string }[];

    beforeAll(async () => {
      ({ db } = await testDatabase());
      wa = await startFakeWhatsappWeb();
      const app = await createTestApp();
      // The default: the shared database may hold another platform connection a file before left connected.
      const connection = await createWhatsappConnection(app, PLATFORM_COMPANY_ID, { isDefault: true });
      connectionId = connection.id;
      const operator = await createUser(app, PLATFORM_COMPANY_ID, { profile: 'admin' });
      const tenant = await createTenant(app);
      people = [];
      for (let i = 0; i < ASKING; i++) {
        const wpp = `55119${randomInt(10_000_000, 99_999_999)}`;
        people.push({ id: (await createUser(app, tenant.companyId, { wpp })).id, wpp });
      }
      await app.close();
      const env = { FAKE_WHATSAPP_URL: wa.url, TRUST_PROXY: 'true' };
      const entry = 'test/fake-whatsapp/server-process.ts';
      [a, b] = await Promise.all([
        startServerProcess(url as string, { env, entry }),
        startServerProcess(url as string, { env, entry }),
      ]);
      await request(a.base, 'POST', `/whatsappsession/${connectionId}`, { token: operator.token, body: {} });
      await scanWhenShown(wa, PLATFORM_NUMBER, String(a.pid));
      await waitForStatus(db, connectionId, 'CONNECTED');
    }, 150_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await wa?.close();
      // A platform connection left behind would be the one a later test file's recovery picks.
      if (connectionId) {
        await db.delete(baileysSessions).where(eq(baileysSessions.connectionId, connectionId));
        await db.delete(connections).where(eq(connections.id, connectionId));
      }
    });

    test("codes asked of the process without the platform's session are made and sent by the one holding it", async () => {
      // Each from an address of its own: the per-address limit is not what this is about.
      for (const [index, person] of people.entries()) {
        const answer = await fetch(`${b.base}/api/enviar-email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${10 + index}` },
          body: JSON.stringify({ wpp: person.wpp }),
        });
        expect(answer.status).toBe(200);
      }

      const sendsTo = (wpp: string) =>
        wa.records.filter((entry) => entry.kind === 'send' && entry.jid?.startsWith(wpp));
      await waitFor(
        async () => people.map((person) => sendsTo(person.wpp).length),
        (counts) => counts.every((count) => count > 0),
        60_000,
      );
      const codes = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(
          inArray(
            passwordResets.userId,
            people.map((person) => person.id),
          ),
        );

      for (const person of people) {
        expect(sendsTo(person.wpp).map((entry) => entry.label)).toEqual([String(a.pid)]);
        // One code each, made where it was sent: a process that could not send made none.
        expect(codes.filter((code) => code.userId === person.id)).toHaveLength(1);
      }
    }, 90_000);
  },
);
