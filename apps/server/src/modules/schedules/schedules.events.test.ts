import { events, type ScheduleEvent } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';
import { messages } from '../../db/schema/index.js';
import { sendSchedule } from './schedules.sender.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

test("a schedule's changes reach its author and the admins, not other attendants", async () => {
  const tenant = await createTenant(app);
  const author = await createUser(app, tenant.companyId);
  const other = await createUser(app, tenant.companyId);
  const ticket = await createTicket(app, tenant.companyId);
  const sockets: Socket[] = [];
  const watch = async (user: { token: string }) => {
    const socket = await live.connect({ token: user.token });
    sockets.push(socket);
    return collect<ScheduleEvent>(socket, events.schedule(tenant.companyId));
  };
  const [authorSaw, adminSaw, otherSaw] = await Promise.all([
    watch(author),
    watch(tenant.admin),
    watch(other),
  ]);

  const created = await call(app, 'POST', '/schedules', {
    token: author.token,
    body: {
      body: 'Lembrete da consulta',
      contactId: ticket.contactId,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  await call(app, 'DELETE', `/schedules/${created.body.id}`, { token: author.token });
  await heard(authorSaw, 2);
  await heard(adminSaw, 2);
  await live.drain(...sockets);

  const expected = [
    { action: 'create', schedule: expect.objectContaining({ id: created.body.id }) },
    { action: 'delete', id: created.body.id },
  ];
  expect(authorSaw).toEqual(expected);
  expect(adminSaw).toEqual(expected);
  expect(otherSaw).toEqual([]);
});

test('a schedule carries its attachment to the conversation when it is sent', async () => {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId);
  const { body: schedule } = await call(app, 'POST', '/schedules', {
    token: tenant.admin.token,
    body: {
      body: 'Segue o catálogo',
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  const boundary = '----sched';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogo.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from('%PDF-1.4\n%%EOF\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  const uploaded = await app.inject({
    method: 'POST',
    url: `/schedules/${schedule.id}/media-upload`,
    payload,
    headers: {
      authorization: `Bearer ${tenant.admin.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  expect(uploaded.json()).toMatchObject({ mediaName: 'catalogo.pdf', mediaType: 'application' });
  await sendSchedule(
    app.deps,
    { companyId: tenant.companyId, scheduleId: schedule.id },
    new Date(Date.now() + 7_200_000),
  );

  const sent = await app.deps.db.select().from(messages).where(eq(messages.kind, 'schedule'));
  const mine = sent.find((m) => m.companyId === tenant.companyId);
  expect(mine).toMatchObject({
    body: 'Segue o catálogo',
    mediaName: 'catalogo.pdf',
    mediaType: 'application',
  });
});
