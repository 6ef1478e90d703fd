import { and, asc, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  createBaileysHarness,
  createWhatsappConnection,
  replay,
  waMessage,
} from '../../../test/baileys-harness.js';
import { createTenant } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { contacts, messages } from '../../db/schema/index.js';

const harness = createBaileysHarness();
const app = await createTestApp({ whatsappSockets: harness.factory });
afterAll(() => app.close());

/** A company whose default connection is a WhatsApp session this app holds, open. */
async function connected() {
  const tenant = await createTenant(app);
  const connection = await createWhatsappConnection(app, tenant.companyId, { isDefault: true });
  await app.whatsapp.start({ companyId: tenant.companyId, connectionId: connection.id });
  const socket = harness.latest();
  replay.open(socket);
  await waitFor(
    async () => app.whatsapp.sessionOf(connection.id)?.attempt,
    () => true,
  );
  return { ...tenant, connection, socket };
}

type Company = Awaited<ReturnType<typeof connected>>;

/** A contact an agent typed in on the contacts page, and the ticket the agent opened with it. */
async function typedContact(company: Company, number: string) {
  const contact = await call(app, 'POST', '/contacts', {
    token: company.admin.token,
    body: { name: 'Cliente', number },
  });
  const ticket = await call(app, 'POST', '/tickets', {
    token: company.admin.token,
    body: { contactId: contact.body.id, whatsappId: company.connection.id, status: 'open' },
  });
  return { contactId: contact.body.id as number, ticketId: ticket.body.id as number };
}

const reply = (company: Company, ticketId: number, body: string) =>
  call(app, 'POST', `/messages/${ticketId}`, { token: company.admin.token, body: { body } });

const storedMessage = (id: number) =>
  app.deps.db
    .select()
    .from(messages)
    .where(eq(messages.id, id))
    .then((rows) => rows[0]);

const contactRow = (id: number) =>
  app.deps.db
    .select()
    .from(contacts)
    .where(eq(contacts.id, id))
    .then((rows) => rows[0]);

const companyContacts = (companyId: number) =>
  app.deps.db.select().from(contacts).where(eq(contacts.companyId, companyId)).orderBy(asc(contacts.id));

/** The customer writes from `jid`; answers the stored message. */
async function customerWrites(company: Company, jid: string, id: string) {
  company.socket.ev.emit('messages.upsert', {
    type: 'notify',
    messages: [waMessage({ id, from: jid, message: { conversation: 'oi, sou eu' } })],
  });
  return waitFor(
    async () =>
      (
        await app.deps.db
          .select()
          .from(messages)
          .where(and(eq(messages.connectionId, company.connection.id), eq(messages.externalId, id)))
      )[0],
    (row) => row !== undefined,
  );
}

test('the first send asks WhatsApp for the number, goes to the jid it answers and keeps it for the next sends', async () => {
  const company = await connected();
  harness.accounts.set('5531988887777', '553188887777');
  const { contactId, ticketId } = await typedContact(company, '(31) 98888-7777');

  const first = await reply(company, ticketId, 'Olá!');
  await waitFor(
    () => storedMessage(first.body.id),
    (row) => row?.ack === 1,
  );
  const second = await reply(company, ticketId, 'Tudo bem?');
  await waitFor(
    () => storedMessage(second.body.id),
    (row) => row?.ack === 1,
  );

  expect(company.socket.sent.map((s) => [s.jid, s.content.text])).toEqual([
    ['553188887777@s.whatsapp.net', 'Olá!'],
    ['553188887777@s.whatsapp.net', 'Tudo bem?'],
  ]);
  expect(company.socket.checked).toEqual(['5531988887777']);
  expect(await contactRow(contactId)).toMatchObject({
    number: '5531988887777',
    whatsappJid: '553188887777@s.whatsapp.net',
  });
});

test('the customer answering from the jid WhatsApp gave stays in the same conversation', async () => {
  const company = await connected();
  harness.accounts.set('5531977771111', '553177771111');
  const { contactId, ticketId } = await typedContact(company, '5531977771111');
  const sent = await reply(company, ticketId, 'Seu pedido chegou');
  await waitFor(
    () => storedMessage(sent.body.id),
    (row) => row?.ack === 1,
  );

  const answer = await customerWrites(company, '553177771111@s.whatsapp.net', 'ANSWER1');

  expect(answer).toMatchObject({ ticketId, contactId });
  expect(await companyContacts(company.companyId)).toHaveLength(1);
});

test('a number WhatsApp says has no account fails the message at once with that reason, sending nothing', async () => {
  const company = await connected();
  harness.accounts.set('5531987654321', null);
  const { contactId, ticketId } = await typedContact(company, '5531987654321');

  const response = await reply(company, ticketId, 'Alguém aí?');
  const failed = await waitFor(
    () => storedMessage(response.body.id),
    (row) => row?.ack === -1,
  );

  expect(response.status).toBe(201);
  expect(failed).toMatchObject({ ack: -1, failedReason: 'ERR_WAPP_INVALID_CONTACT' });
  expect(company.socket.sent).toEqual([]);
  expect((await contactRow(contactId))?.whatsappJid).toBeNull();
});

test('a message from the jid without the 9th digit lands on the contact typed with it, in its ticket', async () => {
  const company = await connected();
  const { contactId, ticketId } = await typedContact(company, '5531966665555');

  const message = await customerWrites(company, '553166665555@s.whatsapp.net', 'TWIN1');
  const later = await customerWrites(company, '553166665555@s.whatsapp.net', 'TWIN2');

  expect(message).toMatchObject({ ticketId, contactId });
  expect(later).toMatchObject({ ticketId, contactId });
  expect(await companyContacts(company.companyId)).toHaveLength(1);
  expect((await contactRow(contactId))?.whatsappJid).toBe('553166665555@s.whatsapp.net');
});

test('and the reverse: a message from the jid with the 9th digit finds the contact stored without it', async () => {
  const company = await connected();
  const [stored] = await app.deps.db
    .insert(contacts)
    .values({ companyId: company.companyId, name: 'Antigo', number: '552187776666', channel: 'whatsapp' })
    .returning();

  const message = await customerWrites(company, '5521987776666@s.whatsapp.net', 'TWIN3');

  expect(message?.contactId).toBe(stored?.id);
  expect(await companyContacts(company.companyId)).toHaveLength(1);
});

test('a send through the external API to the number with the 9th digit continues the conversation of its twin', async () => {
  const company = await connected();
  const started = await customerWrites(company, '553199994444@s.whatsapp.net', 'STARTED');

  const api = await call(app, 'POST', '/api/messages/send', {
    token: company.connection.token ?? '',
    body: { number: '5531999994444', body: 'Seguimos por aqui' },
  });

  expect(api.status).toBe(200);
  expect(api.body).toMatchObject({ contactId: started?.contactId, ticketId: started?.ticketId });
  expect(await companyContacts(company.companyId)).toHaveLength(1);
});

test('numbers that are not Brazilian mobiles have no second form: their messages make contacts of their own', async () => {
  const company = await connected();
  const values = (number: string) => ({
    companyId: company.companyId,
    name: number,
    number,
    channel: 'whatsapp',
  });
  // Argentina (54) and a Belo Horizonte landline (3xxx) look like a mobile with a 9th digit, and are not.
  await app.deps.db.insert(contacts).values([values('5431988887777'), values('5531933334444')]);

  await customerWrites(company, '543188887777@s.whatsapp.net', 'ABROAD');
  await customerWrites(company, '553133334444@s.whatsapp.net', 'LANDLINE');

  expect((await companyContacts(company.companyId)).map((c) => c.number)).toEqual([
    '5431988887777',
    '5531933334444',
    '543188887777',
    '553133334444',
  ]);
});

test('the profile of a typed number keeps the jid WhatsApp answers; a number without WhatsApp is refused', async () => {
  const company = await connected();
  harness.accounts.set('5531988886666', '553188886666');
  harness.accounts.set('5531988885555', null);

  const found = await call(app, 'GET', '/contacts/profile/5531988886666', { token: company.admin.token });
  const refused = await call(app, 'GET', '/contacts/profile/5531988885555', { token: company.admin.token });

  expect(found.status).toBe(200);
  expect(await contactRow(found.body.contactId)).toMatchObject({
    number: '5531988886666',
    whatsappJid: '553188886666@s.whatsapp.net',
  });
  expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
  expect(company.socket.checked).toEqual(['5531988886666', '5531988885555']);
});
