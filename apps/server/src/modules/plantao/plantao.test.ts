import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';

const app = await createTestApp();
afterAll(() => app.close());

const week = (days: Record<string, [string, string]>) =>
  Object.entries(days).map(([weekdayEn, [startTime, endTime]]) => ({ weekdayEn, startTime, endTime }));

describe('on-duty records', () => {
  test('an admin creates, reads, lists, updates and deletes a record; the week comes back whole', async () => {
    const { companyId, admin } = await createTenant(app);
    const nurse = await createUser(app, companyId, { name: 'Enfermeira' });

    const created = await call(app, 'POST', '/plantao', {
      token: admin.token,
      body: { userId: nurse.id, phone: '+55 (11) 98888-7777', days: week({ monday: ['22:00', '06:00'] }) },
    });
    const id = created.body.id as number;
    const read = await call(app, 'GET', `/plantao/${id}`, { token: admin.token });
    const updated = await call(app, 'PUT', `/plantao/${id}`, {
      token: admin.token,
      body: { ...read.body, interval: 5, days: week({ friday: ['08:00', '12:00'] }) },
    });
    const list = await call(app, 'GET', '/plantao', { token: admin.token });
    const removed = await call(app, 'DELETE', `/plantao/${id}`, { token: admin.token });
    const gone = await call(app, 'GET', `/plantao/${id}`, { token: admin.token });

    expect(created.status).toBe(201);
    expect(read.body).toMatchObject({
      userId: nurse.id,
      phone: '5511988887777',
      interval: 1,
      user: { name: 'Enfermeira' },
    });
    expect(read.body.days).toHaveLength(7);
    expect(read.body.days[0]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTime: '22:00',
      endTime: '06:00',
    });
    expect(read.body.days[1]).toMatchObject({ weekdayEn: 'tuesday', startTime: '', endTime: '' });
    expect(updated.status).toBe(200);
    expect(updated.body.interval).toBe(5);
    expect(updated.body.days.filter((d: { startTime: string }) => d.startTime)).toEqual([
      { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '12:00' },
    ]);
    expect(list.body).toMatchObject({ count: 1, hasMore: false });
    expect(list.body.plantoes[0].interval).toBe(5);
    expect(removed.status).toBe(204);
    expect([gone.status, gone.body.error]).toEqual([404, 'ERR_NO_PLANTAO_FOUND']);
  });

  test("every rule of spec 001 §5 is the server's too, each on its field", async () => {
    const { admin } = await createTenant(app);

    const empty = await call(app, 'POST', '/plantao', { token: admin.token, body: { interval: null } });
    const halfDays = await call(app, 'POST', '/plantao', {
      token: admin.token,
      body: {
        userId: admin.id,
        phone: '5511988887777',
        days: week({ monday: ['08:00', ''], tuesday: ['', '18:00'] }),
      },
    });
    const noDay = await call(app, 'POST', '/plantao', {
      token: admin.token,
      body: { userId: admin.id, phone: '5511988887777', days: week({ monday: ['', ''] }) },
    });
    const badTime = await call(app, 'POST', '/plantao', {
      token: admin.token,
      body: { userId: admin.id, phone: '5511988887777', days: week({ monday: ['8h', '25:00'] }) },
    });

    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
    expect(empty.body.fields).toMatchObject({
      userId: 'plantaoUser',
      phone: 'plantaoPhone',
      interval: 'plantaoInterval',
    });
    expect(halfDays.body.fields).toEqual({
      'days.0.endTime': 'plantaoEnd',
      'days.1.startTime': 'plantaoStart',
      days: 'plantaoOneDay',
    });
    expect(noDay.body.fields).toEqual({ days: 'plantaoOneDay' });
    expect(badTime.body.fields).toMatchObject({
      'days.0.startTime': 'invalidTime',
      'days.0.endTime': 'invalidTime',
    });
    expect((await call(app, 'GET', '/plantao', { token: admin.token })).body.count).toBe(0);
  });

  test("another company's record or user is not found, and nothing changes", async () => {
    const mine = await createTenant(app);
    const theirs = await createTenant(app);
    const body = {
      userId: theirs.admin.id,
      phone: '5511977776666',
      days: week({ sunday: ['00:00', '23:59'] }),
    };
    const theirRecord = (await call(app, 'POST', '/plantao', { token: theirs.admin.token, body })).body;

    const show = await call(app, 'GET', `/plantao/${theirRecord.id}`, { token: mine.admin.token });
    const put = await call(app, 'PUT', `/plantao/${theirRecord.id}`, {
      token: mine.admin.token,
      body: { ...body, userId: mine.admin.id },
    });
    const del = await call(app, 'DELETE', `/plantao/${theirRecord.id}`, { token: mine.admin.token });
    const foreignUser = await call(app, 'POST', '/plantao', { token: mine.admin.token, body });
    const list = await call(app, 'GET', '/plantao', { token: mine.admin.token });

    expect([show.status, put.status, del.status]).toEqual([404, 404, 404]);
    expect(put.body.error).toBe('ERR_NO_PLANTAO_FOUND');
    expect([foreignUser.status, foreignUser.body.error]).toEqual([404, 'ERR_NO_USER_FOUND']);
    expect(list.body.count).toBe(0);
    const still = await call(app, 'GET', `/plantao/${theirRecord.id}`, { token: theirs.admin.token });
    expect(still.body).toMatchObject({ userId: theirs.admin.id, phone: '5511977776666' });
  });

  test('an attendant or a supervisor may not read or change the records', async () => {
    const { companyId, admin } = await createTenant(app);
    const attendant = await createUser(app, companyId, { profile: 'user' });
    const supervisor = await createUser(app, companyId, { profile: 'supervisor' });
    const body = { userId: attendant.id, phone: '5511977776666', days: week({ sunday: ['08:00', '12:00'] }) };
    const record = (await call(app, 'POST', '/plantao', { token: admin.token, body })).body;

    const list = await call(app, 'GET', '/plantao', { token: attendant.token });
    const create = await call(app, 'POST', '/plantao', { token: supervisor.token, body });
    const del = await call(app, 'DELETE', `/plantao/${record.id}`, { token: attendant.token });

    expect([list.status, create.status, del.status]).toEqual([403, 403, 403]);
    expect(list.body.error).toBe('ERR_NO_PERMISSION');
  });
});
