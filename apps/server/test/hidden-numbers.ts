import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { companySettings, contacts, messages } from '../src/db/schema/index.js';
import { call } from './app.js';
import { createQueue, createTenant, createTicket, createUser } from './fixtures.js';

/** The customer's number, and what lgpdHideNumber leaves of it. */
export const NUMBER = '5511987654321';
export const MASKED = '5511*******21';
/** A number shared as a contact card, and its mask. */
export const CARD_NUMBER = '5521998765432';
export const CARD_MASKED = '5521*******32';

/** What no answer to a profile that may not see numbers may carry: the middle digits of either number. */
export function expectNoWholeNumber(payload: unknown) {
  const text = JSON.stringify(payload);
  expect(text).not.toContain('98765');
  expect(text).not.toContain('99876');
}

/** A card as Baileys stores one from WhatsApp: its vCards in JSON, the number formatted. */
const baileysCard = JSON.stringify([
  {
    displayName: 'Pedro',
    vcard: `BEGIN:VCARD\nVERSION:3.0\nFN:Pedro\nTEL;type=CELL;waid=${CARD_NUMBER}:+55 21 99876-5432\nEND:VCARD`,
  },
]);

/**
 * A company with lgpdHideNumber on: an attendant (profile user, every queue), a supervisor, and an
 * open ticket of the attendant's (the supervisor too sees every queue) whose contact has no name but its number (as channels store it),
 * with a contact card the admin sent, one that came from WhatsApp, and the attendant's reply quoting
 * the first.
 */
export async function companyHidingNumbers(app: FastifyInstance) {
  const tenant = await createTenant(app);
  const { companyId } = tenant;
  await app.deps.db.insert(companySettings).values({ companyId, key: 'lgpdHideNumber', value: 'enabled' });
  const attendant = await createUser(app, companyId, { profile: 'user', allTicket: 'enable' });
  const supervisor = await createUser(app, companyId, { profile: 'supervisor', allTicket: 'enable' });
  const queue = await createQueue(app, companyId, [attendant]);
  const ticket = await createTicket(app, companyId, {
    status: 'open',
    userId: attendant.id,
    queueId: queue.id,
  });
  await app.deps.db
    .update(contacts)
    .set({ name: NUMBER, number: NUMBER })
    .where(eq(contacts.id, ticket.contactId));
  const card = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Pedro', vCard: { name: 'Pedro', number: CARD_NUMBER } },
  });
  expect(card.status).toBe(201);
  await app.deps.db.insert(messages).values({
    companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    body: baileysCard,
    mediaType: 'contactMessage',
  });
  const reply = await call(app, 'POST', `/messages/${ticket.id}`, {
    token: attendant.token,
    body: { body: 'Recebido', quotedMsgId: card.body.id },
  });
  expect(reply.status).toBe(201);
  return { tenant, attendant, supervisor, queue, ticket, cardId: card.body.id as number, reply };
}
