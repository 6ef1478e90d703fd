import { createServer, type Socket } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { cloudMessage, cloudText } from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp, type MetaTestApp } from '../../../test/fake-graph/meta-app.js';
import { request, type ServerProcess, startServerProcess } from '../../../test/processes.js';
import { waitFor } from '../../../test/wait.js';
import { messages, tickets } from '../../db/schema/index.js';

// A process killed mid-batch: only PostgreSQL is shared between processes.
const url = process.env.TEST_DATABASE_URL;
const reason = 'needs TEST_DATABASE_URL: two processes can only share PostgreSQL, never the embedded PGlite';
const LEASE_SECONDS = 3;
const UNKNOWN_WAIT_SECONDS = 1;

describe.skipIf(!url)(`a process killed mid-batch${url ? '' : ` (skipped: ${reason})`}`, () => {
  let meta: MetaTestApp | undefined;
  let doomed: ServerProcess | undefined;
  // Where the doomed process's Graph requests go: taken, never answered, never passed on to Meta.
  const held: Socket[] = [];
  const blackHole = createServer((socket) => held.push(socket));

  afterAll(async () => {
    await doomed?.stop('SIGKILL');
    await meta?.close();
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  test('its claimed sends are sent by another process soon after its lease runs out, each once', {
    timeout: 240_000,
  }, async () => {
    const delivery = {
      DELIVERY_LEASE_SECONDS: String(LEASE_SECONDS),
      DELIVERY_UNKNOWN_WAIT_SECONDS: String(UNKNOWN_WAIT_SECONDS),
    };
    // The survivor: this test's own server, on the same PostgreSQL, reaching the fake Graph API.
    meta = await createMetaTestApp({ env: delivery });
    const { app, fake } = meta;
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const { port } = blackHole.address() as { port: number };
    doomed = await startServerProcess(url as string, {
      env: { ...delivery, GRAPH_API_URL: `http://127.0.0.1:${port}`, GRAPH_API_TIMEOUT_MS: '600000' },
    });

    const tenant = await createCloudTenant(meta);
    const customers = Array.from({ length: 6 }, (_, i) => `55119600000${i}`);
    for (const from of customers) {
      const built = cloudMessage(from, cloudText('oi'), { phoneNumberId: tenant.phoneNumberId });
      expect((await meta.webhook(built.payload)).status).toBe(200);
    }
    const open = await app.deps.db
      .update(tickets)
      .set({ status: 'open', userId: tenant.admin.id })
      .where(eq(tickets.companyId, tenant.companyId))
      .returning();

    // Posted to the doomed process, which claims each at once and sends it into the black hole.
    const ids: number[] = [];
    for (const ticket of open) {
      const reply = await request(doomed.base, 'POST', `/messages/${ticket.id}`, {
        token: tenant.admin.token,
        body: { body: `resposta para ${ticket.id}` },
      });
      expect(reply.status).toBe(201);
      ids.push(reply.body.id);
    }
    const claimed = await waitFor(
      () =>
        app.deps.db
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              inArray(messages.id, ids),
              eq(messages.sendState, 'sending'),
              like(messages.sendLeaseOwner, `%:${doomed?.pid}:%`),
            ),
          ),
      (rows) => rows.length > 0,
    );
    expect(claimed.length).toBeGreaterThan(0);

    await doomed.stop('SIGKILL');
    const killedAt = Date.now();
    // The old job system held such a batch for its 15-minute expiry; the lease (then the wait for a
    // status that never comes, since the request reached no one) is all it waits now.
    const bound = (LEASE_SECONDS + UNKNOWN_WAIT_SECONDS) * 1000 + 15_000;
    const settled = await waitFor(
      () => app.deps.db.select().from(messages).where(inArray(messages.id, ids)),
      (rows) => rows.every((row) => row.sendState === 'sent'),
      bound,
    );
    const settledAfter = Date.now() - killedAt;
    await fake.settle();

    expect(settled.map((row) => row.sendState)).toEqual(ids.map(() => 'sent'));
    expect(settledAfter).toBeLessThan(bound);
    const accepted = fake.accepted();
    for (const row of settled) {
      const sends = accepted.filter((c) => (c.body as { text?: { body: string } }).text?.body === row.body);
      expect(sends).toHaveLength(1);
      expect(row.externalId).toBe(sends[0]?.accepted);
    }
  });
});
