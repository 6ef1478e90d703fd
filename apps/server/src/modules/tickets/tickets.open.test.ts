import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { queues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

/** A closed ticket gives a contact and a connection of the company with nothing active between them. */
async function contactAndConnection(companyId: number) {
  const { contactId, connectionId } = await createTicket(app, companyId, { status: 'closed' });
  return { contactId, whatsappId: connectionId as number };
}

describe('opening a ticket for a contact', () => {
  test('an agent opens it as theirs', async () => {
    const tenant = await createTenant(app);
    const target = await contactAndConnection(tenant.companyId);

    const { status, body } = await call(app, 'POST', '/tickets', { token: tenant.admin.token, body: target });

    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'open',
      contactId: target.contactId,
      whatsappId: target.whatsappId,
    });
    expect(body.user.id).toBe(tenant.admin.id);
  });

  test('pending leaves it waiting in its queue, unassigned', async () => {
    const tenant = await createTenant(app);
    const [queue] = await app.deps.db
      .insert(queues)
      .values({ companyId: tenant.companyId, name: 'Sales', color: '#111111' })
      .returning();
    const attendant = await createUser(app, tenant.companyId);

    const { status, body } = await call(app, 'POST', '/tickets', {
      token: attendant.token,
      body: { ...(await contactAndConnection(tenant.companyId)), queueId: queue?.id, status: 'pending' },
    });

    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'pending', queueId: queue?.id, userId: null });
  });

  test('an attendant must choose a queue', async () => {
    const tenant = await createTenant(app);
    const attendant = await createUser(app, tenant.companyId);

    const { status, body } = await call(app, 'POST', '/tickets', {
      token: attendant.token,
      body: await contactAndConnection(tenant.companyId),
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ queueId: 'required' });
  });

  test('refused with who holds it when the contact has an active ticket on that connection', async () => {
    const tenant = await createTenant(app);
    const active = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const { status, body } = await call(app, 'POST', '/tickets', {
      token: tenant.admin.token,
      body: { contactId: active.contactId, whatsappId: active.connectionId },
    });

    expect(status).toBe(409);
    expect(body.error).toBe('ERR_OTHER_OPEN_TICKET');
    expect(body.details).toMatchObject({ ticketId: active.id, userId: tenant.admin.id });
  });

  test("another company's contact, connection or queue is not found", async () => {
    const mine = await createTenant(app);
    const theirs = await createTenant(app);
    const own = await contactAndConnection(mine.companyId);
    const other = await contactAndConnection(theirs.companyId);
    const [queue] = await app.deps.db
      .insert(queues)
      .values({ companyId: theirs.companyId, name: 'Theirs', color: '#222222' })
      .returning();
    const open = (body: object) => call(app, 'POST', '/tickets', { token: mine.admin.token, body });

    expect((await open({ ...own, contactId: other.contactId })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await open({ ...own, whatsappId: other.whatsappId })).body.error).toBe('ERR_NO_WAPP_FOUND');
    expect((await open({ ...own, queueId: queue?.id })).status).toBe(400);
  });
});
