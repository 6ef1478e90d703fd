import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createWhatsappConnection } from '../../../test/baileys-harness.js';
import { testDatabase } from '../../../test/database.js';
import { type FakeWhatsappWeb, startFakeWhatsappWeb } from '../../../test/fake-whatsapp/server.js';
import {
  scanWhenShown,
  settledReplies,
  storedMessage,
  waitForStatus,
} from '../../../test/fake-whatsapp/session.js';
import { createTenant } from '../../../test/fixtures.js';
import { request, type ServerProcess, startServerProcess } from '../../../test/processes.js';
import { waitFor } from '../../../test/wait.js';
import type { Db } from '../../db/client.js';
import { baileysSessions, tickets } from '../../db/schema/index.js';

// Two real server processes on one PostgreSQL, both on the fake WhatsApp Web of this test process;
// the embedded database lives inside one process, so this runs in the suite's PostgreSQL pass.
const url = process.env.TEST_DATABASE_URL;
const reason = 'needs TEST_DATABASE_URL: two processes can only share PostgreSQL, never the embedded PGlite';
// The shortest lease the configuration takes: renewed every second, taken over 3 s after a process stops.
const LEASE_SECONDS = '3';
// A dropped session's first reconnect comes 3.2–4.8 s later: long enough to freeze its process before it.
const RETRY_BASE_MS = 4000;
const NUMBER = '5511950000001';
const CUSTOMER = '5511977776666';

describe.skipIf(!url)(
  `WhatsApp sessions across two server processes${url ? '' : ` (skipped: ${reason})`}`,
  () => {
    let db: Db;
    let wa: FakeWhatsappWeb;
    let a: ServerProcess;
    let b: ServerProcess;
    let conversation: { token: string; connectionId: number; ticketId: number };
    const labelOf = (server: ServerProcess) => String(server.pid);

    beforeAll(async () => {
      ({ db } = await testDatabase());
      wa = await startFakeWhatsappWeb();
      // The fixtures' app is gone before the processes start: it would take sessions over too.
      const app = await createTestApp();
      const tenant = await createTenant(app);
      const connection = await createWhatsappConnection(app, tenant.companyId);
      await app.close();
      const env = {
        FAKE_WHATSAPP_URL: wa.url,
        WHATSAPP_LEASE_SECONDS: LEASE_SECONDS,
        WHATSAPP_RETRY_BASE_MS: String(RETRY_BASE_MS),
      };
      const entry = 'test/fake-whatsapp/server-process.ts';
      [a, b] = await Promise.all([
        startServerProcess(url as string, { env, entry }),
        startServerProcess(url as string, { env, entry }),
      ]);

      // The session is paired on A, and a customer writes to it.
      const token = tenant.admin.token;
      await request(a.base, 'POST', `/whatsappsession/${connection.id}`, { token, body: {} });
      await scanWhenShown(wa, NUMBER, labelOf(a));
      await waitForStatus(db, connection.id, 'CONNECTED');
      const first = await storedMessage(
        db,
        connection.id,
        wa.deliver(NUMBER, { from: CUSTOMER, text: 'oi' }),
      );
      await db
        .update(tickets)
        .set({ status: 'open', userId: tenant.admin.id })
        .where(eq(tickets.id, first.ticketId));
      conversation = { token, connectionId: connection.id, ticketId: first.ticketId };
    }, 150_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await wa?.close();
      // Without its stored session no later test file's app adopts this connection.
      if (conversation)
        await db.delete(baileysSessions).where(eq(baileysSessions.connectionId, conversation.connectionId));
    });

    const reply = async (server: ServerProcess, body: string) => {
      const answer = await request(server.base, 'POST', `/messages/${conversation.ticketId}`, {
        token: conversation.token,
        body: { body },
      });
      expect(answer.status).toBe(201);
      return body;
    };
    const sends = () => wa.records.filter((entry) => entry.kind === 'send' && entry.number === NUMBER);

    test('with the session on A, replies posted to both processes all leave through A, in order, none failed', async () => {
      const posted: string[] = [];
      for (let i = 0; i < 8; i++) posted.push(await reply(i % 2 === 0 ? a : b, `Resposta ${i}`));
      const replies = await settledReplies(db, conversation.ticketId, posted.length);

      expect(replies.map((row) => row.ack > 0)).toEqual(posted.map(() => true));
      expect(sends().map((entry) => entry.text)).toEqual(posted);
      expect(new Set(sends().map((entry) => entry.label))).toEqual(new Set([labelOf(a)]));
    }, 60_000);

    test('A frozen past its lease while waiting to reconnect: B takes over and sends everything, A thawed neither reconnects nor sends', async () => {
      const before = sends().length;
      wa.drop(NUMBER, 428, 'Connection Closed');
      await waitForStatus(db, conversation.connectionId, 'TIMEOUT');
      const dropped = Date.now();
      a.signal('SIGSTOP');
      const frozen = wa.records.length;

      const posted = [await reply(b, 'Enquanto A dorme 1'), await reply(b, 'Enquanto A dorme 2')];
      const takenBy = await waitFor(
        async () => wa.openBy(NUMBER),
        (label) => label === labelOf(b),
      );
      // A thaws with its reconnect timer overdue, as a process paused past it would.
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, dropped + RETRY_BASE_MS * 1.2 + 500 - Date.now())),
      );
      a.signal('SIGCONT');
      posted.push(await reply(a, 'Depois que A acordou 1'), await reply(a, 'Depois que A acordou 2'));
      const replies = await settledReplies(db, conversation.ticketId, before + posted.length);
      const row = await waitForStatus(db, conversation.connectionId, 'CONNECTED');

      expect(takenBy).toBe(labelOf(b));
      expect(wa.records.slice(frozen).filter((entry) => entry.label === labelOf(a))).toEqual([]);
      expect(
        sends()
          .slice(before)
          .map((entry) => entry.text),
      ).toEqual(posted);
      expect(
        new Set(
          sends()
            .slice(before)
            .map((entry) => entry.label),
        ),
      ).toEqual(new Set([labelOf(b)]));
      expect(replies.slice(before).map((message) => message.ack > 0)).toEqual(posted.map(() => true));
      expect(wa.openBy(NUMBER)).toBe(labelOf(b));
      expect(row?.leaseOwner).toContain(`:${b.pid}:`);
    }, 90_000);
  },
);
