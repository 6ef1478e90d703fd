import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser, type TestUser } from '../../../test/fixtures.js';
import { queues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

const add = (user: TestUser, body: object) => call(app, 'POST', '/ticket-notes', { token: user.token, body });
const list = (user: TestUser, ticketId: number, contactId: number) =>
  call(app, 'GET', `/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`, { token: user.token });
const remove = (user: TestUser, id: number) =>
  call(app, 'DELETE', `/ticket-notes/${id}`, { token: user.token });

async function ticketHeldBy(companyId: number, user: TestUser) {
  return createTicket(app, companyId, { status: 'open', userId: user.id });
}

describe('ticket notes', () => {
  test('a note is added and listed, newest first, with its author', async () => {
    const tenant = await createTenant(app);
    const ana = await createUser(app, tenant.companyId, { name: 'Ana' });
    const ticket = await ticketHeldBy(tenant.companyId, ana);

    const first = await add(ana, {
      note: 'Cliente pediu retorno',
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });
    await add(ana, { note: 'Retornado', ticketId: ticket.id, contactId: ticket.contactId });

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ note: 'Cliente pediu retorno', user: { id: ana.id, name: 'Ana' } });
    const { status, body } = await list(ana, ticket.id, ticket.contactId);
    expect(status).toBe(200);
    expect(body.map((n: { note: string }) => n.note)).toEqual(['Retornado', 'Cliente pediu retorno']);
  });

  test('a note shorter than 2 characters, or blank, is refused', async () => {
    const tenant = await createTenant(app);
    const ticket = await ticketHeldBy(tenant.companyId, tenant.admin);

    for (const note of ['a', '   ', ' a '])
      expect(
        (await add(tenant.admin, { note, ticketId: ticket.id, contactId: ticket.contactId })).status,
      ).toBe(400);
  });

  test('the contact must be the ticket’s, and a ticket the user cannot see answers not found', async () => {
    const tenant = await createTenant(app);
    const ana = await createUser(app, tenant.companyId);
    const [queue] = await app.deps.db
      .insert(queues)
      .values({ companyId: tenant.companyId, name: 'Fila', color: '#123456' })
      .returning();
    const hidden = await createTicket(app, tenant.companyId, { queueId: queue?.id });
    const mine = await ticketHeldBy(tenant.companyId, ana);

    expect((await add(ana, { note: 'oi oi', ticketId: hidden.id, contactId: hidden.contactId })).status).toBe(
      404,
    );
    expect((await list(ana, hidden.id, hidden.contactId)).status).toBe(404);
    expect((await add(ana, { note: 'oi oi', ticketId: mine.id, contactId: hidden.contactId })).status).toBe(
      404,
    );
  });

  test("another company's tickets and notes answer not found", async () => {
    const tenant = await createTenant(app);
    const other = await createTenant(app);
    const ticket = await ticketHeldBy(tenant.companyId, tenant.admin);
    const note = await add(tenant.admin, {
      note: 'segredo',
      ticketId: ticket.id,
      contactId: ticket.contactId,
    });

    expect((await list(other.admin, ticket.id, ticket.contactId)).status).toBe(404);
    expect(
      (await add(other.admin, { note: 'oi oi', ticketId: ticket.id, contactId: ticket.contactId })).status,
    ).toBe(404);
    expect((await remove(other.admin, note.body.id)).status).toBe(404);
    expect((await list(tenant.admin, ticket.id, ticket.contactId)).body).toHaveLength(1);
  });

  test('its author or an admin deletes a note; another attendant is refused', async () => {
    const tenant = await createTenant(app);
    const ana = await createUser(app, tenant.companyId);
    const bia = await createUser(app, tenant.companyId);
    const ticket = await ticketHeldBy(tenant.companyId, ana);
    const byAna = await add(ana, { note: 'da Ana', ticketId: ticket.id, contactId: ticket.contactId });
    const again = await add(ana, { note: 'outra da Ana', ticketId: ticket.id, contactId: ticket.contactId });

    expect((await remove(bia, byAna.body.id)).status).toBe(403);
    expect((await remove(ana, byAna.body.id)).status).toBe(204);
    expect((await remove(tenant.admin, again.body.id)).status).toBe(204);
    expect((await list(ana, ticket.id, ticket.contactId)).body).toEqual([]);
  });
});
