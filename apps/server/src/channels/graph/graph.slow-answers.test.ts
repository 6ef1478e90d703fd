import { eq, inArray } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call } from '../../../test/app.js';
import {
  cloudMessage,
  cloudText,
  messagingEnvelope,
  messagingMessage,
  uniqueId,
} from '../../../test/fake-graph/fixtures.js';
import {
  acceptTicket,
  createCloudTenant,
  createMetaTestApp,
  createPageTenant,
} from '../../../test/fake-graph/meta-app.js';
import { waitFor } from '../../../test/wait.js';
import { messages, tickets } from '../../db/schema/index.js';

// Meta takes every send, but a proxy holds 40% of the answers for 3 s, past the app's 1 s timeout;
// the statuses (and Messenger's echoes) come 2.5 s after each send: later than a retry a second
// after the timeout would leave, so only a send that waits for them is not doubled.
const meta = await createMetaTestApp({
  seed: 3,
  statusDelayMs: 2_500,
  slowProxy: { share: 0.4, delayMs: 3_000 },
  env: { DELIVERY_RETRY_BASE_SECONDS: '1' },
});
const { app, fake } = meta;
afterAll(() => meta.close());

type Accepted = { accepted?: string; body: unknown };
const textOf = (call: Accepted) => {
  const body = call.body as { text?: { body: string }; message?: { text?: string } | string };
  if (body.text) return body.text.body;
  const message = typeof body.message === 'string' ? JSON.parse(body.message) : body.message;
  return (message as { text?: string } | undefined)?.text;
};

/** Each reply taken by Meta exactly once, stored with the id Meta gave it, never sent a second time. */
async function expectEachOnce(ids: number[]) {
  const settled = await waitFor(
    () => app.deps.db.select().from(messages).where(inArray(messages.id, ids)),
    (rows) => rows.every((row) => row.ack > 0 && row.sendState === 'sent'),
    60_000,
  );
  await fake.settle();
  const accepted = fake.accepted();
  for (const row of settled) {
    const sends = accepted.filter((c) => textOf(c) === row.body);
    expect(sends).toHaveLength(1);
    expect(row).toMatchObject({ sendState: 'sent', sendAttempts: 1, externalId: sends[0]?.accepted });
  }
  expect(settled).toHaveLength(ids.length);
}

test('Cloud API replies whose answers come after the timeout are settled by their statuses: each reaches the customer once, in order', {
  timeout: 120_000,
}, async () => {
  const tenant = await createCloudTenant(meta);
  const customers = Array.from({ length: 8 }, (_, i) => `55119700000${String(i).padStart(2, '0')}`);
  for (const from of customers) {
    const built = cloudMessage(from, cloudText('oi'), { phoneNumberId: tenant.phoneNumberId });
    expect((await meta.webhook(built.payload)).status).toBe(200);
  }
  const open = await app.deps.db
    .update(tickets)
    .set({ status: 'open', userId: tenant.admin.id })
    .where(eq(tickets.companyId, tenant.companyId))
    .returning();

  const ids: number[] = [];
  const written = new Map<string, string[]>();
  for (let round = 1; round <= 4; round++)
    for (const ticket of open) {
      const body = `resposta ${round} de ${ticket.id}`;
      const { body: reply } = await call(app, 'POST', `/messages/${ticket.id}`, {
        token: tenant.admin.token,
        body: { body },
      });
      ids.push(reply.id);
      written.set(String(ticket.contactId), [...(written.get(String(ticket.contactId)) ?? []), body]);
    }
  await expectEachOnce(ids);

  expect(meta.proxy?.delayed()).toBeGreaterThan(3);
  // Per customer, Meta took the replies in the order they were written.
  const rows = await app.deps.db.select().from(messages).where(inArray(messages.id, ids));
  const contactOf = new Map(rows.map((row) => [row.body, String(row.contactId)]));
  const taken = new Map<string, string[]>();
  for (const sent of fake.accepted()) {
    const text = textOf(sent) ?? '';
    const contact = contactOf.get(text);
    if (contact) taken.set(contact, [...(taken.get(contact) ?? []), text]);
  }
  expect(taken).toEqual(written);
});

test('Messenger replies whose answers come after the timeout are settled by their echoes (our id in `metadata`): each sent once', {
  timeout: 120_000,
}, async () => {
  const tenant = await createPageTenant(meta);
  const psid = `9${Date.now()}`;
  const inbound = messagingMessage(psid, tenant.pageId, { mid: uniqueId('m_'), text: 'oi' });
  expect((await meta.webhook(messagingEnvelope('page', [inbound], tenant.pageId))).status).toBe(200);
  const ticket = await acceptTicket(meta, tenant);

  const ids: number[] = [];
  for (let i = 1; i <= 8; i++) {
    const { body: reply } = await call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: `mensagem ${i} da página` },
    });
    ids.push(reply.id);
  }

  await expectEachOnce(ids);
});
