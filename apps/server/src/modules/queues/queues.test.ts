import { defaultServiceHours, QUEUE_COLORS } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createTicket, createUser } from '../../../test/fixtures.js';
import { tickets } from '../../db/schema/index.js';

const app = await createTestApp();
afterAll(() => app.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;
const roomyPlan = { plan: { queues: 10 } };

const option = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  greetingMessage: '',
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  options: [],
  ...extra,
});

async function createQueue(tenant: Tenant, body: Record<string, unknown> = {}) {
  const response = await call(app, 'POST', '/queue', {
    token: tenant.admin.token,
    body: { name: `Queue ${Math.random().toString(36).slice(2, 8)}`, color: QUEUE_COLORS[0], ...body },
  });
  expect(response.status).toBe(201);
  return response.body;
}

describe('queues of one company', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(app, roomyPlan);
  });

  test('an admin creates a queue with the default service hours and a two-level option tree', async () => {
    const queue = await createQueue(tenant, {
      name: 'Vendas',
      color: QUEUE_COLORS[1],
      greetingMessage: 'Olá!',
      chatbots: [
        option('Planos', { greetingMessage: 'Qual plano?', options: [option('Básico'), option('Completo')] }),
        option('Falar com humano'),
      ],
    });

    expect(queue).toMatchObject({ companyId: tenant.companyId, name: 'Vendas', greetingMessage: 'Olá!' });
    expect(queue.schedules).toEqual(defaultServiceHours());
    expect(queue.chatbots.map((o: { name: string }) => o.name)).toEqual(['Planos', 'Falar com humano']);
    expect(queue.chatbots[0].options.map((o: { name: string }) => o.name)).toEqual(['Básico', 'Completo']);
    expect(queue.chatbots[0].options[0].parentId).toBe(queue.chatbots[0].id);

    const shown = await call(app, 'GET', `/queue/${queue.id}`, { token: tenant.admin.token });
    expect(shown.body).toEqual({ ...queue, openTickets: 0 });
  });

  test('every user of the company lists the queues, in their order', async () => {
    const own = await createTenant(app, roomyPlan);
    await createQueue(own, { name: 'Second', color: QUEUE_COLORS[2], orderQueue: 2 });
    await createQueue(own, { name: 'First', color: QUEUE_COLORS[3], orderQueue: 1 });
    const attendant = await createUser(app, own.companyId);

    const { status, body } = await call(app, 'GET', '/queue', { token: attendant.token });

    expect(status).toBe(200);
    expect(body.map((q: { name: string }) => q.name)).toEqual(['First', 'Second']);
  });

  test('an attendant may not create, change or delete a queue', async () => {
    const queue = await createQueue(tenant, { color: QUEUE_COLORS[4] });
    const attendant = await createUser(app, tenant.companyId);
    const token = attendant.token;

    const created = await call(app, 'POST', '/queue', {
      token,
      body: { name: 'Mine', color: QUEUE_COLORS[5] },
    });
    const updated = await call(app, 'PUT', `/queue/${queue.id}`, { token, body: { name: 'Renamed' } });
    const deleted = await call(app, 'DELETE', `/queue/${queue.id}`, { token });

    expect([created.status, updated.status, deleted.status]).toEqual([403, 403, 403]);
  });

  test('a colour already used by another queue of the company is refused', async () => {
    await createQueue(tenant, { color: QUEUE_COLORS[6] });

    const { status, body } = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: { name: 'Same colour', color: QUEUE_COLORS[6] },
    });

    expect(status).toBe(409);
    expect(body.error).toBe('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  });

  test('another company may use the same colour and name', async () => {
    const other = await createTenant(app, roomyPlan);
    const mine = await createQueue(tenant, { name: 'Shared name', color: QUEUE_COLORS[7] });

    const theirs = await createQueue(other, { name: 'Shared name', color: QUEUE_COLORS[7] });

    expect(theirs.id).not.toBe(mine.id);
  });

  test('a name already used by another queue of the company is refused, whatever its case', async () => {
    await createQueue(tenant, { name: 'Suporte', color: QUEUE_COLORS[8] });

    const { status, body } = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: { name: 'SUPORTE', color: QUEUE_COLORS[9] },
    });

    expect(status).toBe(409);
    expect(body.error).toBe('ERR_QUEUE_NAME_ALREADY_EXISTS');
  });

  test('a short name and a colour outside 3 to 9 characters are refused with their field messages', async () => {
    const { status, body } = await call(app, 'POST', '/queue', {
      token: tenant.admin.token,
      body: { name: 'A', color: '#1234567890' },
    });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ name: 'tooShort', color: 'tooLong' });
  });

  test('a spec client sends any colour and options with only the fields their type uses', async () => {
    const queue = await createQueue(tenant, {
      color: '#123456',
      chatbots: [
        { name: 'Suporte', options: [] },
        { name: 'Financeiro', queueType: 'text', greetingMessage: 'Oi' },
      ],
    });

    expect(queue.color).toBe('#123456');
    expect(queue.chatbots).toMatchObject([
      { name: 'Suporte', queueType: 'text', greetingMessage: '', closeTicket: false, optQueueId: null },
      { name: 'Financeiro', greetingMessage: 'Oi', optUserId: null, optFileId: null, options: [] },
    ]);
  });

  test('the plan bounds how many queues a company has', async () => {
    const small = await createTenant(app, { plan: { queues: 1 } });
    await createQueue(small);

    const { status, body } = await call(app, 'POST', '/queue', {
      token: small.admin.token,
      body: { name: 'One too many', color: QUEUE_COLORS[1] },
    });

    expect(status).toBe(403);
    expect(body.error).toBe('ERR_PLAN_QUEUE_LIMIT');
  });

  test('an update changes only what is sent', async () => {
    const queue = await createQueue(tenant, { color: QUEUE_COLORS[10], greetingMessage: 'Kept' });

    const { status, body } = await call(app, 'PUT', `/queue/${queue.id}`, {
      token: tenant.admin.token,
      body: { outOfHoursMessage: 'Fechado' },
    });

    expect(status).toBe(200);
    expect(body).toMatchObject({ name: queue.name, greetingMessage: 'Kept', outOfHoursMessage: 'Fechado' });
  });

  test('another company’s queue is not found for any call', async () => {
    const other = await createTenant(app, roomyPlan);
    const theirs = await createQueue(other);
    const token = tenant.admin.token;

    const answers = await Promise.all([
      call(app, 'GET', `/queue/${theirs.id}`, { token }),
      call(app, 'PUT', `/queue/${theirs.id}`, { token, body: { name: 'Taken over' } }),
      call(app, 'DELETE', `/queue/${theirs.id}`, { token }),
    ]);

    expect(answers.map((a) => a.status)).toEqual([404, 404, 404]);
    expect(answers.map((a) => a.body.error)).toEqual([
      'ERR_NO_QUEUE_FOUND',
      'ERR_NO_QUEUE_FOUND',
      'ERR_NO_QUEUE_FOUND',
    ]);
    const still = await call(app, 'GET', `/queue/${theirs.id}`, { token: other.admin.token });
    expect(still.body.name).toBe(theirs.name);
  });

  test('the list holds only the company’s own queues', async () => {
    const other = await createTenant(app, roomyPlan);
    const theirs = await createQueue(other);

    const { body } = await call(app, 'GET', '/queue', { token: tenant.admin.token });

    expect(body.map((q: { id: number }) => q.id)).not.toContain(theirs.id);
  });

  test('only the super user lists another company’s queues', async () => {
    const other = await createTenant(app, roomyPlan);
    const theirs = await createQueue(other);
    const superUser = await createUser(app, tenant.companyId, { profile: 'admin', super: true });

    const refused = await call(app, 'GET', `/queue?companyId=${other.companyId}`, {
      token: tenant.admin.token,
    });
    const listed = await call(app, 'GET', `/queue?companyId=${other.companyId}`, { token: superUser.token });

    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('ERR_NO_COMPANY_FOUND');
    expect(listed.body.map((q: { id: number }) => q.id)).toEqual([theirs.id]);
  });

  test('deleting a queue keeps its tickets, which carry on without a queue', async () => {
    const queue = await createQueue(tenant, { color: QUEUE_COLORS[11] });
    const ticket = await createTicket(app, tenant.companyId, { queueId: queue.id, status: 'open' });
    await createTicket(app, tenant.companyId, { queueId: queue.id, status: 'closed' });

    const shown = await call(app, 'GET', `/queue/${queue.id}`, { token: tenant.admin.token });
    expect(shown.body.openTickets).toBe(1);
    const { status } = await call(app, 'DELETE', `/queue/${queue.id}`, { token: tenant.admin.token });

    expect(status).toBe(204);
    const [after] = await app.deps.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after).toMatchObject({ status: 'open', queueId: null });
    const gone = await call(app, 'GET', `/queue/${queue.id}`, { token: tenant.admin.token });
    expect(gone.status).toBe(404);
  });
});

describe('service hours', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(app, roomyPlan);
  });

  const hours = (monday: Record<string, string>) =>
    defaultServiceHours().map((day) => (day.weekdayEn === 'monday' ? { ...day, ...monday } : day));

  let nextColor = 30;
  async function putHours(monday: Record<string, string>) {
    const queue = await createQueue(tenant, { color: QUEUE_COLORS[nextColor++] });
    return call(app, 'PUT', `/queue/${queue.id}`, {
      token: tenant.admin.token,
      body: { schedules: hours(monday) },
    });
  }

  test('a day with one shift, or none, is stored as sent', async () => {
    const queue = await createQueue(tenant, { color: QUEUE_COLORS[20] });
    const schedules = hours({ startTimeB: '', endTimeB: '' }).map((day) =>
      day.weekdayEn === 'sunday'
        ? { ...day, startTimeA: '', endTimeA: '', startTimeB: '', endTimeB: '' }
        : day,
    );

    const { status, body } = await call(app, 'PUT', `/queue/${queue.id}`, {
      token: tenant.admin.token,
      body: { schedules },
    });

    expect(status).toBe(200);
    expect(body.schedules).toEqual(schedules);
  });

  test('a shift that ends before it starts is refused', async () => {
    const { status, body } = await putHours({ startTimeA: '12:00', endTimeA: '08:00' });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ 'schedules.0.endTimeA': 'endBeforeStart' });
  });

  test('a second shift that starts before the first ends is refused', async () => {
    const { status, body } = await putHours({ endTimeA: '14:00', startTimeB: '13:00' });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ 'schedules.0.startTimeB': 'shiftsOverlap' });
  });

  test('a shift with only one end is refused', async () => {
    const { status, body } = await putHours({ startTimeB: '13:00', endTimeB: '' });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ 'schedules.0.endTimeB': 'required' });
  });

  test('a time that is not HH:MM is refused', async () => {
    const { status, body } = await putHours({ startTimeA: '8h' });

    expect(status).toBe(400);
    expect(body.fields).toEqual({ 'schedules.0.startTimeA': 'invalidTime' });
  });

  test('a week without all seven days in order is refused', async () => {
    const queue = await createQueue(tenant, { color: QUEUE_COLORS[21] });

    const { status } = await call(app, 'PUT', `/queue/${queue.id}`, {
      token: tenant.admin.token,
      body: { schedules: defaultServiceHours().reverse() },
    });

    expect(status).toBe(400);
  });
});
