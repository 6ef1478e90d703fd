import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  CARD_MASKED,
  CARD_NUMBER,
  companyHidingNumbers,
  expectNoWholeNumber,
  MASKED,
  NUMBER,
} from '../../../test/hidden-numbers.js';
import { sendMedia } from '../../../test/multipart.js';
import { contacts, messages } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const company = await companyHidingNumbers(app);
const { attendant, supervisor, ticket, tenant, cardId } = company;
const maskedContact = { name: MASKED, number: MASKED };
const wholeContact = { name: NUMBER, number: NUMBER };

describe('lgpdHideNumber: the user profile reads tickets with the number masked', () => {
  test('GET /tickets', async () => {
    const list = await call(app, 'GET', '/tickets', { token: attendant.token });
    const managers = await call(app, 'GET', '/tickets', { token: supervisor.token });

    expect(list.body.tickets).toMatchObject([{ id: ticket.id, contact: maskedContact }]);
    expectNoWholeNumber(list.body);
    expect(managers.body.tickets).toMatchObject([{ id: ticket.id, contact: wholeContact }]);
  });

  test('GET /tickets/:id and /tickets/u/:uuid', async () => {
    const byId = await call(app, 'GET', `/tickets/${ticket.id}`, { token: attendant.token });
    const byUuid = await call(app, 'GET', `/tickets/u/${ticket.uuid}`, { token: attendant.token });
    const asAdmin = await call(app, 'GET', `/tickets/${ticket.id}`, { token: tenant.admin.token });

    expect(byId.body.contact).toMatchObject(maskedContact);
    expect(byUuid.body.contact).toMatchObject(maskedContact);
    expect(asAdmin.body.contact).toMatchObject(wholeContact);
  });

  test('PUT /tickets/:id answers the changed ticket masked, and the unchanged one too', async () => {
    const same = await call(app, 'PUT', `/tickets/${ticket.id}`, {
      token: attendant.token,
      body: { status: 'open', userId: attendant.id },
    });
    const changed = await call(app, 'PUT', `/tickets/${ticket.id}`, {
      token: attendant.token,
      body: { status: 'pending', userId: null },
    });
    await call(app, 'PUT', `/tickets/${ticket.id}`, { token: attendant.token, body: { status: 'open' } });

    expect(same).toMatchObject({ status: 200, body: { contact: maskedContact } });
    expect(changed).toMatchObject({ status: 200, body: { status: 'pending', contact: maskedContact } });
  });

  test('POST /tickets answers the opened ticket masked', async () => {
    const [other] = await app.deps.db
      .insert(contacts)
      .values({ companyId: tenant.companyId, name: '5511912345678', number: '5511912345678' })
      .returning();
    if (!other) throw new Error('contact not created');

    const opened = await call(app, 'POST', '/tickets', {
      token: attendant.token,
      body: { contactId: other.id, whatsappId: ticket.connectionId, queueId: company.queue.id },
    });

    expect(opened).toMatchObject({
      status: 201,
      body: { contact: { name: '5511*******78', number: '5511*******78' } },
    });
  });
});

describe('lgpdHideNumber: the user profile reads conversations with numbers masked', () => {
  test('GET /messages/:ticketId masks the ticket, contact cards and quoted cards', async () => {
    const page = await call(app, 'GET', `/messages/${ticket.id}`, { token: attendant.token });
    const asSupervisor = await call(app, 'GET', `/messages/${ticket.id}`, { token: supervisor.token });

    expect(page.status).toBe(200);
    expectNoWholeNumber(page.body);
    expect(page.body.ticket.contact).toMatchObject(maskedContact);
    const [card, fromWhatsapp, reply] = page.body.messages;
    expect(card.body).toContain(`waid=${CARD_MASKED}:+${CARD_MASKED}`);
    expect(card.body).toContain('FN:Pedro');
    expect(JSON.parse(fromWhatsapp.body)[0].vcard).toContain(`+${CARD_MASKED}`);
    expect(reply.quotedMsg).toMatchObject({ id: cardId, mediaType: 'contactMessage' });
    expect(reply.quotedMsg.body).toContain(CARD_MASKED);
    expect(JSON.stringify(asSupervisor.body)).toContain(CARD_NUMBER);
    expect(asSupervisor.body.ticket.contact).toMatchObject(wholeContact);
  });

  test('a reply quoting a card is answered with the card masked', () => {
    expect(company.reply.body.quotedMsg.body).toContain(CARD_MASKED);
    expectNoWholeNumber(company.reply.body);
  });

  test('an attachment quoting a card is answered with the card masked', async () => {
    const sent = await sendMedia(app, ticket.id, attendant.token, {
      filename: 'foto.png',
      type: 'image/png',
      bytes: PNG,
      fields: { quotedMsgId: String(cardId) },
    });

    expect(sent.statusCode).toBe(201);
    expect(sent.json().quotedMsg.body).toContain(CARD_MASKED);
  });

  test('editing and deleting a reply that quotes a card answer it masked', async () => {
    const edited = await call(app, 'POST', `/messages/edit/${company.reply.body.id}`, {
      token: attendant.token,
      body: { body: 'Recebido, obrigado' },
    });
    const deleted = await call(app, 'DELETE', `/messages/${company.reply.body.id}`, {
      token: attendant.token,
    });

    expect(edited.body.quotedMsg.body).toContain(CARD_MASKED);
    expect(deleted.body.quotedMsg.body).toContain(CARD_MASKED);
    expectNoWholeNumber([edited.body, deleted.body]);
  });

  test('reacting to a card answers the card masked', async () => {
    const reacted = await call(app, 'POST', `/messages/${cardId}/react`, {
      token: attendant.token,
      body: { emoji: '👍' },
    });

    expect(reacted.status).toBe(200);
    expect(reacted.body.body).toContain(CARD_MASKED);
    expectNoWholeNumber(reacted.body);
  });
});

describe('lgpdHideNumber: search by number is off for the user profile', () => {
  const search = (token: string, searchParam: string) =>
    call(app, 'GET', `/tickets?${new URLSearchParams({ searchParam })}`, { token });

  test('the whole number, part of it, or a card’s number finds no ticket; managers still find it', async () => {
    for (const typed of [NUMBER, '98765432', CARD_NUMBER]) {
      expect((await search(attendant.token, typed)).body.tickets).toEqual([]);
      expect((await search(supervisor.token, typed)).body.tickets).toMatchObject([{ id: ticket.id }]);
    }
  });

  test('a name or a word of the conversation still finds the ticket', async () => {
    await app.deps.db.update(contacts).set({ name: 'Maria Clara' }).where(eq(contacts.id, ticket.contactId));
    const byName = await search(attendant.token, 'Clara');
    await app.deps.db.update(contacts).set({ name: NUMBER }).where(eq(contacts.id, ticket.contactId));
    await app.deps.db.insert(messages).values({
      companyId: tenant.companyId,
      ticketId: ticket.id,
      body: 'Quero um orçamento',
    });
    const byWord = await search(attendant.token, 'orçamento');

    expect(byName.body.tickets).toMatchObject([{ id: ticket.id }]);
    expect(byWord.body.tickets).toMatchObject([{ id: ticket.id }]);
  });
});
