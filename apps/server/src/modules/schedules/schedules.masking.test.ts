import { events, type ScheduleEvent } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { companyHidingNumbers, MASKED, NUMBER } from '../../../test/hidden-numbers.js';
import { collect, listenForSockets } from '../../../test/sockets.js';
import { waitFor } from '../../../test/wait.js';
import { schedules } from '../../db/schema/index.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

test('a schedule for a contact whose name is its number shows the user profile that name masked, everywhere', async () => {
  const { tenant, attendant, ticket } = await companyHidingNumbers(app);
  const watch = async (token: string) =>
    collect<ScheduleEvent>(await live.connect({ token }), events.schedule(tenant.companyId));
  const [authorSaw, adminSaw] = await Promise.all([watch(attendant.token), watch(tenant.admin.token)]);

  const created = await call(app, 'POST', '/schedules', {
    token: attendant.token,
    body: {
      body: 'Lembrete',
      contactId: ticket.contactId,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  const listed = await call(app, 'GET', '/schedules', { token: attendant.token });
  const shown = await call(app, 'GET', `/schedules/${created.body.id}`, { token: attendant.token });
  const asAdmin = await call(app, 'GET', `/schedules/${created.body.id}`, { token: tenant.admin.token });
  await waitFor(
    async () => authorSaw.length + adminSaw.length,
    (n) => n >= 2,
    5000,
  );

  expect(created).toMatchObject({ status: 201, body: { contact: { name: MASKED } } });
  expect(listed.body.schedules).toMatchObject([{ contact: { name: MASKED } }]);
  expect(shown.body.contact.name).toBe(MASKED);
  expect(asAdmin.body.contact.name).toBe(NUMBER);
  expect(authorSaw).toMatchObject([{ action: 'create', schedule: { contact: { name: MASKED } } }]);
  expect(adminSaw).toMatchObject([{ action: 'create', schedule: { contact: { name: NUMBER } } }]);
  await app.deps.db.delete(schedules).where(eq(schedules.id, created.body.id));
});

test('the user profile finds no schedule by the number its contact is named with; admins do', async () => {
  const { tenant, attendant, ticket } = await companyHidingNumbers(app);
  await app.deps.db.insert(schedules).values({
    companyId: tenant.companyId,
    body: 'Lembrete',
    contactId: ticket.contactId,
    userId: attendant.id,
    sendAt: new Date(Date.now() + 3_600_000),
  });
  const search = (token: string) =>
    call(app, 'GET', `/schedules?${new URLSearchParams({ searchParam: NUMBER.slice(2, 9) })}`, { token });

  expect((await search(attendant.token)).body.schedules).toEqual([]);
  expect((await search(tenant.admin.token)).body.count).toBe(1);
});
