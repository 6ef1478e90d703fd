import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { messagingMessage, uniqueId } from '../../../test/fake-graph/fixtures.js';
import { createCloudTenant, createMetaTestApp, createPageTenant } from '../../../test/fake-graph/meta-app.js';
import { contactIdentities, contacts, messages, tickets, webhookRejections } from '../../db/schema/index.js';

const meta = await createMetaTestApp();
const { app } = meta;
afterAll(() => meta.close());

const messagesOf = (companyId: number) =>
  app.deps.db.select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
const rejectionsOf = (companyId: number) =>
  app.deps.db.select().from(webhookRejections).where(eq(webhookRejections.companyId, companyId));
/** Rejections no company could be told of, found by the unique text the test put in them. */
const unroutedRejections = (marker: string) =>
  app.deps.db
    .select()
    .from(webhookRejections)
    .where(
      and(isNull(webhookRejections.companyId), sql`${webhookRejections.raw}::text like ${`%${marker}%`}`),
    );

const seconds = () => String(Math.floor(Date.now() / 1000));

/** One change of the Cloud API webhook for the tenant's number. */
const cloudChange = (phoneNumberId: string, value: object) => ({
  field: 'messages',
  value: {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
    ...value,
  },
});

test('Cloud API: a delivery mixing a message, a username contact, unsupported, system and malformed elements stores each one it can and traces the rest', async () => {
  const tenant = await createCloudTenant(meta);
  const phone = `55119${Date.now().toString().slice(-8)}`;
  const bsuid = `BR.${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const garbage = uniqueId('garbage-');
  const ids = {
    ordinary: uniqueId('wamid.A'),
    username: uniqueId('wamid.B'),
    unsupported: uniqueId('wamid.C'),
    system: uniqueId('wamid.D'),
    malformed: uniqueId('wamid.E'),
  };
  const delivery = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          cloudChange(tenant.phoneNumberId, {
            contacts: [{ profile: { name: 'Ana' }, wa_id: phone }],
            messages: [
              { from: phone, id: ids.ordinary, timestamp: seconds(), type: 'text', text: { body: 'oi' } },
              {
                from: phone,
                id: ids.unsupported,
                timestamp: seconds(),
                type: 'unsupported',
                errors: [{ code: 131051, title: 'Message type unknown', message: 'Message type unknown' }],
              },
              {
                from: phone,
                id: ids.system,
                timestamp: seconds(),
                type: 'system',
                system: {
                  body: 'User A changed number',
                  wa_id: '5511922220000',
                  type: 'user_changed_number',
                },
              },
              { from: phone, id: ids.malformed, timestamp: seconds(), type: 'text', text: 'not an object' },
              { nonsense: garbage },
            ],
          }),
          // The 2026 shape: a user with a username, their phone withheld; the BSUID names them.
          cloudChange(tenant.phoneNumberId, {
            contacts: [{ profile: { name: 'Bia', username: 'bia.souza' }, user_id: bsuid }],
            messages: [
              {
                from_user_id: bsuid,
                id: ids.username,
                timestamp: seconds(),
                type: 'text',
                text: { body: 'sou a Bia' },
              },
            ],
          }),
        ],
      },
      garbage,
    ],
  };

  const response = await meta.webhook(delivery);

  expect(response.status).toBe(200);
  const rows = await messagesOf(tenant.companyId);
  const byId = new Map(rows.map((row) => [row.externalId, row]));
  expect(byId.get(ids.ordinary)).toMatchObject({ body: 'oi', mediaType: null });
  expect(byId.get(ids.username)).toMatchObject({ body: 'sou a Bia' });
  expect(byId.get(ids.unsupported)).toMatchObject({ mediaType: 'unsupportedMessage' });
  expect(byId.get(ids.system)).toMatchObject({ mediaType: 'systemMessage', body: 'User A changed number' });
  expect(byId.get(ids.malformed)).toMatchObject({ mediaType: 'unsupportedMessage', body: 'text' });
  expect(rows).toHaveLength(5);
  const people = await app.deps.db.select().from(contacts).where(eq(contacts.companyId, tenant.companyId));
  expect(people.map((c) => [c.name, c.number]).sort()).toEqual([
    ['Ana', phone],
    ['Bia', null],
  ]);
  const [scoped] = await rejectionsOf(tenant.companyId);
  expect(scoped).toMatchObject({ source: 'whatsapp_business_account', raw: { nonsense: garbage } });
  expect(scoped?.connectionId).toBe(tenant.connection.id);
  expect(await unroutedRejections(garbage)).toHaveLength(1);

  // Meta delivering it again changes nothing: no second message, no second rejection.
  expect((await meta.webhook(delivery)).status).toBe(200);
  expect(await messagesOf(tenant.companyId)).toHaveLength(5);
  expect(await rejectionsOf(tenant.companyId)).toHaveLength(1);

  // Later the same person writes with their phone shown: the contact the BSUID made learns it.
  const biaPhone = `55119${Date.now().toString().slice(-8)}`.replace(/.$/, '7');
  const shown = cloudChange(tenant.phoneNumberId, {
    contacts: [{ profile: { name: 'Bia' }, wa_id: biaPhone, user_id: bsuid }],
    messages: [
      {
        from: biaPhone,
        id: uniqueId('wamid.F'),
        timestamp: seconds(),
        type: 'text',
        text: { body: 'oi de novo' },
      },
    ],
  });
  await meta.webhook({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [shown] }] });
  const [bia] = await app.deps.db
    .select()
    .from(contacts)
    .innerJoin(contactIdentities, eq(contactIdentities.contactId, contacts.id))
    .where(and(eq(contacts.companyId, tenant.companyId), eq(contactIdentities.value, bsuid)));
  expect(bia?.contacts.number).toBe(biaPhone);
  const biaTickets = await app.deps.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, tenant.companyId), eq(tickets.contactId, bia?.contacts.id ?? 0)));
  expect(biaTickets).toHaveLength(1);
  expect(biaTickets[0]?.unreadMessages).toBe(2);
});

test('Messenger: an opt-in beside a message, fallback attachments, unsupported and unfetchable ones and a garbage entry: the message is stored, the rest traced', async () => {
  const tenant = await createPageTenant(meta);
  const psid = `7${Date.now()}`;
  const garbage = uniqueId('garbage-');
  const mids = {
    text: uniqueId('m_'),
    link: uniqueId('m_'),
    bare: uniqueId('m_'),
    unsupported: uniqueId('m_'),
    broken: uniqueId('m_'),
  };
  // A checkbox-plugin opt-in names the person by user_ref, with no sender.
  const optin = {
    recipient: { id: tenant.pageId },
    timestamp: Date.now(),
    optin: { ref: 'promo', user_ref: uniqueId('uref') },
  };
  const delivery = {
    object: 'page',
    entry: [
      {
        id: tenant.pageId,
        time: Date.now(),
        messaging: [
          optin,
          messagingMessage(psid, tenant.pageId, { mid: mids.text, text: 'quero saber do pedido' }),
          messagingMessage(psid, tenant.pageId, {
            mid: mids.link,
            attachments: [
              { type: 'fallback', payload: { title: 'Loja X', url: 'https://lojax.example/p/1' } },
            ],
          }),
          messagingMessage(psid, tenant.pageId, { mid: mids.bare, attachments: [{ type: 'fallback' }] }),
          messagingMessage(psid, tenant.pageId, { mid: mids.unsupported, is_unsupported: true }),
          messagingMessage(psid, tenant.pageId, {
            mid: mids.broken,
            attachments: [{ type: 'image', payload: { url: 'not an address' } }],
          }),
        ],
      },
      { id: tenant.pageId, time: Date.now(), messaging: `messaging-${garbage}` },
      garbage,
    ],
  };

  const response = await meta.webhook(delivery);

  expect(response.status).toBe(200);
  const rows = await messagesOf(tenant.companyId);
  expect(rows.map((row) => [row.externalId, row.body, row.mediaType])).toEqual([
    [mids.text, 'quero saber do pedido', null],
    [mids.link, 'Loja X\nhttps://lojax.example/p/1', null],
    [mids.bare, 'fallback', 'unsupportedMessage'],
    [mids.unsupported, '', 'unsupportedMessage'],
    [mids.broken, 'image', 'unsupportedMessage'],
  ]);
  const scoped = await rejectionsOf(tenant.companyId);
  expect(scoped.map((r) => r.raw)).toEqual(
    expect.arrayContaining([
      optin,
      { id: tenant.pageId, time: expect.any(Number), messaging: `messaging-${garbage}` },
    ]),
  );
  expect(scoped).toHaveLength(2);
  expect(await unroutedRejections(garbage)).toHaveLength(1);
});
