import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser, setDueDate } from '../../../test/fixtures.js';
import { waitFor } from '../../../test/wait.js';
import { connections, messages, plans, schedules, tickets } from '../../db/schema/index.js';
import { SEND_JOB, sendSchedule, sweepMissedSchedules } from './schedules.sender.js';

const app = await createTestApp();
afterAll(() => app.close());

const HOUR = 60 * 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

async function setup() {
  const tenant = await createTenant(app);
  const ticket = await createTicket(app, tenant.companyId, { status: 'open', userId: tenant.admin.id });
  return { tenant, ticket };
}

async function schedule(
  token: string,
  ticket: { contactId: number; connectionId: number | null },
  sendAt: Date,
  body = 'Lembrete da consulta',
) {
  const response = await call(app, 'POST', '/schedules', {
    token,
    body: {
      body,
      contactId: ticket.contactId,
      connectionId: ticket.connectionId,
      sendAt: sendAt.toISOString(),
    },
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; status: string };
}

async function sentBodies(companyId: number, ticketId: number) {
  const rows = await app.deps.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId)));
  return rows.map((row) => row.body);
}

async function rowOf(id: number) {
  const [row] = await app.deps.db.select().from(schedules).where(eq(schedules.id, id));
  return row;
}

describe('validation', () => {
  test('a short body, no contact and no time are refused with the spec messages', async () => {
    const { tenant } = await setup();
    const { status, body } = await call(app, 'POST', '/schedules', {
      token: tenant.admin.token,
      body: { body: 'Oi' },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { body: 'messageTooShort', contactId: 'required', sendAt: 'required' },
    });
  });

  test('a sent schedule cannot be saved again', async () => {
    const { tenant, ticket } = await setup();
    const created = await schedule(tenant.admin.token, ticket, later(HOUR));
    await sendSchedule(app.deps, { companyId: tenant.companyId, scheduleId: created.id }, later(2 * HOUR));
    const { status, body } = await call(app, 'PUT', `/schedules/${created.id}`, {
      token: tenant.admin.token,
      body: { body: 'Outro lembrete' },
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ error: 'ERR_SCHEDULE_ALREADY_SENT' });
  });
});

describe('tenancy and ownership', () => {
  test("another company's contact, connection and schedule answer 404", async () => {
    const { tenant, ticket } = await setup();
    const other = await setup();
    const mine = await schedule(tenant.admin.token, ticket, later(HOUR));

    const foreignContact = await call(app, 'POST', '/schedules', {
      token: other.tenant.admin.token,
      body: { body: 'Lembrete', contactId: ticket.contactId, sendAt: later(HOUR).toISOString() },
    });
    const foreignConnection = await call(app, 'POST', '/schedules', {
      token: other.tenant.admin.token,
      body: {
        body: 'Lembrete',
        contactId: other.ticket.contactId,
        connectionId: ticket.connectionId,
        sendAt: later(HOUR).toISOString(),
      },
    });
    const read = await call(app, 'GET', `/schedules/${mine.id}`, { token: other.tenant.admin.token });
    const update = await call(app, 'PUT', `/schedules/${mine.id}`, {
      token: other.tenant.admin.token,
      body: { body: 'Sequestrado' },
    });
    const remove = await call(app, 'DELETE', `/schedules/${mine.id}`, { token: other.tenant.admin.token });
    const list = await call(app, 'GET', '/schedules', { token: other.tenant.admin.token });

    expect(foreignContact.body).toMatchObject({ error: 'ERR_NO_CONTACT_FOUND' });
    expect(foreignConnection.body).toMatchObject({ error: 'ERR_NO_WAPP_FOUND' });
    expect([read.status, update.status, remove.status]).toEqual([404, 404, 404]);
    expect(list.body).toMatchObject({ schedules: [], count: 0 });
    expect(await rowOf(mine.id)).toMatchObject({ body: 'Lembrete da consulta' });
  });

  test('a plan without schedules refuses the routes', async () => {
    const tenant = await createTenant(app, { plan: { useSchedules: false } });
    const { status, body } = await call(app, 'GET', '/schedules', { token: tenant.admin.token });
    expect(status).toBe(403);
    expect(body).toMatchObject({ error: 'ERR_PLAN_FEATURE_DISABLED' });
  });

  test('a user sees and changes only their own schedules; an admin sees all', async () => {
    const { tenant, ticket } = await setup();
    const attendant = await createUser(app, tenant.companyId);
    const adminOwn = await schedule(tenant.admin.token, ticket, later(HOUR), 'Do administrador');
    const own = await schedule(attendant.token, ticket, later(HOUR), 'Do atendente');

    const attendantList = await call(app, 'GET', '/schedules', { token: attendant.token });
    const adminList = await call(app, 'GET', '/schedules?searchParam=atendente', {
      token: tenant.admin.token,
    });
    const foreign = await call(app, 'DELETE', `/schedules/${adminOwn.id}`, { token: attendant.token });

    expect(attendantList.body.schedules.map((s: { id: number }) => s.id)).toEqual([own.id]);
    expect(adminList.body.schedules.map((s: { id: number }) => s.id)).toEqual([own.id]);
    expect(foreign.status).toBe(404);
  });
});

describe('sending', () => {
  test('a due schedule is sent once even when its job runs twice', async () => {
    const { tenant, ticket } = await setup();
    const created = await schedule(tenant.admin.token, ticket, later(HOUR));
    const job = { companyId: tenant.companyId, scheduleId: created.id };

    await Promise.all([
      sendSchedule(app.deps, job, later(2 * HOUR)),
      sendSchedule(app.deps, job, later(2 * HOUR)),
    ]);
    await sendSchedule(app.deps, job, later(3 * HOUR));

    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual(['Lembrete da consulta']);
    expect(await rowOf(created.id)).toMatchObject({ status: 'ENVIADA', ticketId: ticket.id });
  });

  test('a schedule is not sent before its time', async () => {
    const { tenant, ticket } = await setup();
    const created = await schedule(tenant.admin.token, ticket, later(HOUR));
    await sendSchedule(app.deps, { companyId: tenant.companyId, scheduleId: created.id }, later(HOUR / 2));
    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual([]);
  });

  test('a schedule moved later is not sent at the old time, and is at the new one', async () => {
    const { tenant, ticket } = await setup();
    const created = await schedule(tenant.admin.token, ticket, later(HOUR));
    const job = { companyId: tenant.companyId, scheduleId: created.id };
    const moved = await call(app, 'PUT', `/schedules/${created.id}`, {
      token: tenant.admin.token,
      body: { sendAt: later(3 * HOUR).toISOString() },
    });
    expect(moved.status).toBe(200);

    await sendSchedule(app.deps, job, later(2 * HOUR));
    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual([]);
    await sendSchedule(app.deps, job, later(4 * HOUR));
    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual(['Lembrete da consulta']);
  });

  test('a deleted schedule is not sent', async () => {
    const { tenant, ticket } = await setup();
    const created = await schedule(tenant.admin.token, ticket, later(HOUR));
    const removed = await call(app, 'DELETE', `/schedules/${created.id}`, { token: tenant.admin.token });
    expect(removed.status).toBe(204);

    await sendSchedule(app.deps, { companyId: tenant.companyId, scheduleId: created.id }, later(2 * HOUR));
    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual([]);
  });

  test('a contact without an active ticket gets a new one, held by whoever scheduled', async () => {
    const { tenant, ticket } = await setup();
    await app.deps.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, ticket.id));
    const created = await schedule(tenant.admin.token, ticket, later(HOUR));

    await sendSchedule(app.deps, { companyId: tenant.companyId, scheduleId: created.id }, later(2 * HOUR));

    const row = await rowOf(created.id);
    expect(row?.ticketId).not.toBe(ticket.id);
    const [fresh] = await app.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, row?.ticketId ?? 0));
    expect(fresh).toMatchObject({ status: 'open', userId: tenant.admin.id, contactId: ticket.contactId });
    expect(await sentBodies(tenant.companyId, fresh?.id ?? 0)).toEqual(['Lembrete da consulta']);
  });

  test("without a connection of its own, a schedule goes through the company's default one", async () => {
    const { tenant, ticket } = await setup();
    await app.deps.db
      .update(connections)
      .set({ isDefault: true })
      .where(eq(connections.id, ticket.connectionId ?? 0));
    const created = await schedule(tenant.admin.token, { ...ticket, connectionId: null }, later(HOUR));

    await sendSchedule(app.deps, { companyId: tenant.companyId, scheduleId: created.id }, later(2 * HOUR));

    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual(['Lembrete da consulta']);
  });

  test('a failed attempt keeps the schedule pending with its reason, for the retry', async () => {
    const { tenant, ticket } = await setup();
    const created = await schedule(tenant.admin.token, { ...ticket, connectionId: null }, later(HOUR));

    await expect(
      sendSchedule(app.deps, { companyId: tenant.companyId, scheduleId: created.id }, later(2 * HOUR)),
    ).rejects.toThrow('ERR_NO_DEF_WAPP_FOUND');
    expect(await rowOf(created.id)).toMatchObject({ status: 'PENDENTE', error: 'ERR_NO_DEF_WAPP_FOUND' });
  });

  test('saving queues a job at the schedule time, and the job sends it', { timeout: 40_000 }, async () => {
    const { tenant, ticket } = await setup();
    const sendAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    const created = await schedule(tenant.admin.token, ticket, sendAt);

    const jobs = await app.deps.database.executeSql(
      "select start_after from pgboss.job where name = $1 and data->>'scheduleId' = $2",
      [SEND_JOB, String(created.id)],
    );
    const row = await waitFor(
      () => rowOf(created.id),
      (found) => found?.ticketId === ticket.id,
    );

    const startAfter = (jobs.rows as { start_after: string | Date }[]).map((job) =>
      new Date(job.start_after).getTime(),
    );
    expect(startAfter).toEqual([sendAt.getTime()]);
    expect(row).toMatchObject({ status: 'ENVIADA' });
    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual(['Lembrete da consulta']);
  });

  test('a schedule missed without a job is sent once by the sweep', { timeout: 40_000 }, async () => {
    const { tenant, ticket } = await setup();
    const [missed] = await app.deps.db
      .insert(schedules)
      .values({
        companyId: tenant.companyId,
        body: 'Perdido no desligamento',
        contactId: ticket.contactId,
        connectionId: ticket.connectionId,
        userId: tenant.admin.id,
        sendAt: new Date(Date.now() - HOUR),
      })
      .returning();

    await sweepMissedSchedules(app.deps);
    await waitFor(
      () => rowOf(missed?.id ?? 0),
      // The ticket is noted once the message is stored.
      (row) => row?.ticketId === ticket.id,
    );
    await sweepMissedSchedules(app.deps);

    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual(['Perdido no desligamento']);
  });
});

describe('the plan and the subscription hold for the job too', () => {
  test.each([
    ['the plan lost schedules', { useSchedules: false }, undefined, 'ERR_PLAN_FEATURE_DISABLED'],
    ['the company is past its due date', { useSchedules: true }, '2020-01-01', 'ERR_SUBSCRIPTION_EXPIRED'],
  ])('a schedule due after %s fails with the reason and sends nothing', async (_, plan, dueDate, reason) => {
    const { tenant, ticket } = await setup();
    const created = await schedule(tenant.admin.token, ticket, later(HOUR));
    await app.deps.db.update(plans).set(plan).where(eq(plans.id, tenant.planId));
    if (dueDate) await setDueDate(app, tenant.companyId, dueDate);

    await sendSchedule(app.deps, { companyId: tenant.companyId, scheduleId: created.id }, later(2 * HOUR));

    expect(await rowOf(created.id)).toMatchObject({ status: 'ERRO', error: reason });
    expect(await sentBodies(tenant.companyId, ticket.id)).toEqual([]);
  });
});
