import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket } from '../../../test/fixtures.js';
import { queues } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

test('a ticket update changes only the fields sent: accepting keeps the queue', async () => {
  const tenant = await createTenant(app);
  const [queue] = await app.deps.db
    .insert(queues)
    .values({ companyId: tenant.companyId, name: 'Vendas', color: '#123456' })
    .returning();
  const ticket = await createTicket(app, tenant.companyId, { queueId: queue?.id });

  const accepted = await call(app, 'PUT', `/tickets/${ticket.id}`, {
    token: tenant.admin.token,
    body: { status: 'open' },
  });

  expect(accepted.status).toBe(200);
  expect(accepted.body).toMatchObject({ status: 'open', userId: tenant.admin.id, queueId: queue?.id });
});
