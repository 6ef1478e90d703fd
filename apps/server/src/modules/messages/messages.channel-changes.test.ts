import { channelChangesSentMessages, channels } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
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
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { companySettings, connections, messages } from '../../db/schema/index.js';
import type { OutboundDelivery } from '../../platform/ports/channel-adapter.js';

const meta = await createMetaTestApp();
const { app, fake } = meta;
afterAll(() => meta.close());

const stored = async (id: number) =>
  (await app.deps.db.select().from(messages).where(eq(messages.id, id)))[0];

/** A Meta conversation the admin accepted and answered; the answer reached the channel. */
async function answered(channel: 'whatsappapi' | 'facebook' | 'instagram') {
  if (channel === 'whatsappapi') {
    const tenant = await createCloudTenant(meta);
    const from = `55119${Math.floor(Math.random() * 100_000_000)}`;
    await meta.webhook(cloudMessage(from, cloudText('oi'), { phoneNumberId: tenant.phoneNumberId }).payload);
    return reply(tenant);
  }
  const tenant = await createPageTenant(meta, channel);
  const object = channel === 'instagram' ? 'instagram' : 'page';
  const to = channel === 'instagram' ? tenant.accountId : tenant.pageId;
  await meta.webhook(
    messagingEnvelope(
      object,
      [messagingMessage(`7${Date.now()}`, to, { mid: uniqueId('m_'), text: 'oi' })],
      to,
    ),
  );
  return reply(tenant);
}

async function reply(tenant: { companyId: number; admin: { id: number; token: string } }) {
  const ticket = await acceptTicket(meta, tenant);
  const sent = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Olá, *tudo bem*?' },
  });
  await waitFor(
    () => stored(sent.body.id),
    (row) => (row?.ack ?? 0) >= 1,
  );
  return { tenant, ticket, messageId: sent.body.id as number };
}

describe('channels that cannot change a sent message', () => {
  test.each([
    'whatsappapi',
    'facebook',
    'instagram',
  ] as const)('%s: edit and delete are refused with ERR_CHANNEL_CANNOT_CHANGE_MESSAGE and nothing changes', async (channel) => {
    const { tenant, ticket, messageId } = await answered(channel);
    await fake.settle();
    const callsBefore = fake.calls.length;

    const edit = await call(app, 'POST', `/messages/edit/${messageId}`, {
      token: tenant.admin.token,
      body: { body: 'Olá!' },
    });
    const remove = await call(app, 'DELETE', `/messages/${messageId}`, { token: tenant.admin.token });

    expect(edit).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_CANNOT_CHANGE_MESSAGE' } });
    expect(remove).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_CANNOT_CHANGE_MESSAGE' } });
    expect(await stored(messageId)).toMatchObject({
      body: 'Olá, *tudo bem*?',
      isEdited: false,
      isDeleted: false,
    });
    expect(fake.calls.length).toBe(callsBefore);

    const note = await call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: 'nota', isPrivate: true },
    });
    const noteEdit = await call(app, 'POST', `/messages/edit/${note.body.id}`, {
      token: tenant.admin.token,
      body: { body: 'nota corrigida' },
    });
    expect(noteEdit).toMatchObject({ status: 200, body: { body: 'nota corrigida' } });
  });

  test('what the menu is told (shared) is what the registered channels can do', () => {
    for (const channel of channels) {
      const adapter = app.deps.channels.get(channel);
      expect([channel, Boolean(adapter?.edit && adapter.revoke)]).toEqual([
        channel,
        channelChangesSentMessages(channel),
      ]);
    }
  });
});

describe('the signature survives an edit', () => {
  test('the new text is signed again, and the channel is sent the signed text', async () => {
    const tenant = await createTenant(app);
    await app.deps.db
      .insert(companySettings)
      .values({ companyId: tenant.companyId, key: 'sendSignMessage', value: 'enabled' });
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
    const edits: string[] = [];
    app.deps.channels.set('recording', {
      send: async () => ({ externalId: `rec-${Date.now()}`, ack: 1 }),
      edit: async ({ message }: OutboundDelivery) => {
        edits.push(message.body);
      },
      revoke: async () => undefined,
    });
    await app.deps.db
      .update(connections)
      .set({ channel: 'recording' })
      .where(eq(connections.id, ticket.connectionId as number));
    const sent = await call(app, 'POST', `/messages/${ticket.id}`, {
      token: tenant.admin.token,
      body: { body: 'Oi', signMessage: true },
    });
    const [name] = /^\*(.+):\*\n/.exec(sent.body.body)?.slice(1) ?? [];
    expect(name).toBeTruthy();
    await waitFor(
      () => stored(sent.body.id),
      (row) => row?.externalId !== null,
    );

    const edited = await call(app, 'POST', `/messages/edit/${sent.body.id}`, {
      token: tenant.admin.token,
      body: { body: 'Olá, {{firstName}}' },
    });

    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe(`*${name}:*\nOlá, Customer`);
    expect(edits).toEqual([`*${name}:*\nOlá, Customer`]);
  });
});
