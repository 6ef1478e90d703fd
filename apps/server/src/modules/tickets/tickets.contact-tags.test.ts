import { events } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { companyHidingNumbers, MASKED } from '../../../test/hidden-numbers.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

interface TicketEvent {
  action: string;
  ticket?: { id: number; contact: { tags: unknown[] } };
}

/** Tags made and given as a spec client does: `POST /tags`, then `POST /tags/sync` for the contact. */
async function tagContact(token: string, contactId: number, names: string[]) {
  const made = [];
  for (const name of names) {
    const tag = await call(app, 'POST', '/tags', { token, body: { name, color: '#A4CCCC' } });
    expect(tag.status).toBe(201);
    made.push({ id: tag.body.id as number, name, color: '#A4CCCC' });
  }
  const synced = await call(app, 'POST', '/tags/sync', {
    token,
    body: { contactId, tags: made.map(({ id }) => ({ id })) },
  });
  expect(synced.status).toBe(200);
  return made;
}

test("a ticket carries its contact's tags in the list, in its single reads and in its events", async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;
  const ticket = await createTicket(app, tenant.companyId);
  const bare = await createTicket(app, tenant.companyId);
  const [vip, atacado] = await tagContact(token, ticket.contactId, ['VIP', 'Atacado']);
  const expected = [atacado, vip];

  const list = await call(app, 'GET', '/tickets?status=pending', { token });
  const byId = await call(app, 'GET', `/tickets/${ticket.id}`, { token });
  const byUuid = await call(app, 'GET', `/tickets/u/${ticket.uuid}`, { token });
  const rowOf = (id: number) => list.body.tickets.find((t: { id: number }) => t.id === id);

  expect(rowOf(ticket.id).contact.tags).toEqual(expected);
  expect(rowOf(bare.id).contact.tags).toEqual([]);
  expect(byId.body.contact.tags).toEqual(expected);
  expect(byUuid.body.contact.tags).toEqual(expected);

  const socket = await live.connect({ token });
  const heard = collect<TicketEvent>(socket, events.ticket(tenant.companyId));
  await call(app, 'PUT', `/tickets/${ticket.id}`, { token, body: { status: 'open' } });
  await waitFor(
    async () => heard,
    (seen) => seen.some((e) => e.action === 'update'),
    5000,
  );
  expect(heard.find((e) => e.action === 'update')?.ticket?.contact.tags).toEqual(expected);
});

test('a tag of the contact does not become a tag of the ticket, nor the other way round', async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;
  const ticket = await createTicket(app, tenant.companyId);
  const [onContact] = await tagContact(token, ticket.contactId, ['Cliente']);
  const onTicket = await call(app, 'POST', '/tags', { token, body: { name: 'Urgente', color: '#EE0000' } });
  await call(app, 'POST', '/tags/sync', {
    token,
    body: { ticketId: ticket.id, tags: [{ id: onTicket.body.id }] },
  });

  const { body } = await call(app, 'GET', `/tickets/${ticket.id}`, { token });

  expect(body.contact.tags).toEqual([onContact]);
  expect(body.tags).toEqual([{ id: onTicket.body.id, name: 'Urgente', color: '#EE0000' }]);
});

test('where numbers are hidden the list masks the number and still shows the tags', async () => {
  const { tenant, attendant, ticket } = await companyHidingNumbers(app);
  const [tag] = await tagContact(tenant.admin.token, ticket.contactId, ['LGPD']);

  const { body } = await call(app, 'GET', '/tickets?status=open', { token: attendant.token });

  expect(body.tickets[0].contact).toEqual(expect.objectContaining({ number: MASKED, tags: [tag] }));
});

test("lists hear a ticket again when its contact's tags change, or a tag of its contact is renamed", async () => {
  const tenant = await createTenant(app);
  const token = tenant.admin.token;
  const ticket = await createTicket(app, tenant.companyId);
  const socket = await live.connect({ token });
  const heard = collect<TicketEvent>(socket, events.ticket(tenant.companyId));
  const lastTagsHeard = () => heard.filter((e) => e.ticket?.id === ticket.id).at(-1)?.ticket?.contact.tags;

  const [tag] = await tagContact(token, ticket.contactId, ['Revenda']);
  await waitFor(
    async () => lastTagsHeard(),
    (tags) => tags !== undefined,
    5000,
  );
  expect(lastTagsHeard()).toEqual([tag]);

  await call(app, 'PUT', `/tags/${tag?.id}`, { token, body: { name: 'Revendedor' } });
  await waitFor(
    async () => lastTagsHeard(),
    (tags) => JSON.stringify(tags).includes('Revendedor'),
    5000,
  );
  expect(lastTagsHeard()).toEqual([{ ...tag, name: 'Revendedor' }]);
});
