import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { tickets } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

describe('closing and reopening', () => {
  test('closing is refused when requiredTag is on and the contact has no tag', async () => {
    const tenant = await createTenant(app);
    await call(app, 'PUT', '/settings/requiredTag', {
      token: tenant.admin.token,
      body: { value: 'enabled' },
    });
    const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });

    const { status, body } = await call(app, 'PUT', `/tickets/${ticket.id}`, {
      token: tenant.admin.token,
      body: { status: 'closed' },
    });

    expect(status).toBe(400);
    expect(body.error).toBe('ERR_TAG_REQUIRED');
  });

  test('reopening is refused while the contact has another active ticket on that connection', async () => {
    const tenant = await createTenant(app);
    const first = await createTicket(app, tenant.companyId, { status: 'closed' });
    await app.deps.db.insert(tickets).values({
      companyId: tenant.companyId,
      contactId: first.contactId,
      connectionId: first.connectionId,
      status: 'pending',
    });

    const { status, body } = await call(app, 'PUT', `/tickets/${first.id}`, {
      token: tenant.admin.token,
      body: { status: 'open' },
    });

    expect(status).toBe(409);
    expect(body.error).toBe('ERR_OTHER_OPEN_TICKET');
  });

  test('the database itself refuses a second active ticket for the same contact and connection', async () => {
    const tenant = await createTenant(app);
    const first = await createTicket(app, tenant.companyId);

    const second = app.deps.db.insert(tickets).values({
      companyId: tenant.companyId,
      contactId: first.contactId,
      connectionId: first.connectionId,
      status: 'open',
    });

    await expect(second).rejects.toThrow();
  });
});
