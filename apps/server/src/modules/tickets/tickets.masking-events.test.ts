import { events } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  CARD_MASKED,
  CARD_NUMBER,
  companyHidingNumbers,
  expectNoWholeNumber,
  MASKED,
  NUMBER,
} from '../../../test/hidden-numbers.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

interface TicketEvent {
  action: string;
  ticket?: { id: number; contact: { name: string; number: string } };
}
interface MessageEvent {
  action: string;
  message: { id: number; body: string; quotedMsg: { body: string } | null };
  ticket: { contact: { name: string; number: string } };
}

test('ticket and message events reach the user profile with numbers masked, managers with them whole', async () => {
  const { tenant, attendant, supervisor, ticket, cardId } = await companyHidingNumbers(app);
  const listen = async (token: string) => {
    const socket = await live.connect({ token });
    return {
      tickets: collect<TicketEvent>(socket, events.ticket(tenant.companyId)),
      messages: collect<MessageEvent>(socket, events.appMessage(tenant.companyId)),
    };
  };
  const user = await listen(attendant.token);
  const manager = await listen(supervisor.token);

  // A card (a message and a ticket update), then a reply quoting one.
  await call(app, 'POST', `/messages/${ticket.id}`, {
    token: tenant.admin.token,
    body: { body: 'Pedro', vCard: { name: 'Pedro', number: CARD_NUMBER } },
  });
  await call(app, 'POST', `/messages/${ticket.id}`, {
    token: attendant.token,
    body: { body: 'Anotado', quotedMsgId: cardId },
  });
  // The outbox's updates of each message (its send failing here: the contact has no visitor) come too;
  // every event is checked for numbers, the two creations for their content.
  const created = (seen: { messages: MessageEvent[] }) => seen.messages.filter((m) => m.action === 'create');
  await waitFor(
    async () => [user, manager],
    (all) => all.every((seen) => created(seen).length === 2 && seen.tickets.length === 2),
    5000,
  );

  expectNoWholeNumber([user.tickets, user.messages]);
  expect(user.tickets[0]?.ticket?.contact).toEqual(expect.objectContaining({ name: MASKED, number: MASKED }));
  expect(created(user)[0]?.ticket.contact).toEqual(expect.objectContaining({ name: MASKED, number: MASKED }));
  expect(created(user)[0]?.message.body).toContain(`waid=${CARD_MASKED}`);
  expect(created(user)[1]?.message.quotedMsg?.body).toContain(CARD_MASKED);

  expect(manager.tickets[0]?.ticket?.contact).toEqual(expect.objectContaining({ number: NUMBER }));
  expect(created(manager)[0]?.ticket.contact).toEqual(expect.objectContaining({ number: NUMBER }));
  expect(created(manager)[0]?.message.body).toContain(`waid=${CARD_NUMBER}`);
  expect(created(manager)[1]?.message.quotedMsg?.body).toContain(CARD_NUMBER);
});

test('with lgpdHideNumber off the user profile hears the whole number', async () => {
  const { tenant, attendant, ticket } = await companyHidingNumbers(app);
  await call(app, 'PUT', '/settings/lgpdHideNumber', {
    token: tenant.admin.token,
    body: { value: 'disabled' },
  });
  const socket = await live.connect({ token: attendant.token });
  const heard = collect<TicketEvent>(socket, events.ticket(tenant.companyId));

  await call(app, 'PUT', `/tickets/${ticket.id}`, { token: attendant.token, body: { status: 'pending' } });
  await waitFor(
    async () => heard,
    (seen) => seen.length > 0,
    5000,
  );

  expect(heard[0]?.ticket?.contact).toEqual(expect.objectContaining({ number: NUMBER }));
});
