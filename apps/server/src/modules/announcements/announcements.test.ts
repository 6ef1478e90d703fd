import { events } from '@balcao/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

/** A super user in a company of their own, so their admin list holds only what the test made. */
async function createSuper() {
  const tenant = await createTenant(app);
  return createUser(app, tenant.companyId, { profile: 'admin', super: true });
}

const create = (token: string, body: object) => call(app, 'POST', '/announcements', { token, body });
const feed = (token: string) => call(app, 'GET', '/announcements/feed', { token });

describe('announcements managed by the super user', () => {
  test('created with the defaults of spec 001 §9, read back, changed and deleted', async () => {
    const admin = await createSuper();

    const created = await create(admin.token, { title: 'Manutenção', text: 'Domingo às 22h' });
    const id = created.body.id;
    const changed = await call(app, 'PUT', `/announcements/${id}`, {
      token: admin.token,
      body: { ...created.body, priority: 1, status: false },
    });
    const shown = await call(app, 'GET', `/announcements/${id}`, { token: admin.token });
    const removed = await call(app, 'DELETE', `/announcements/${id}`, { token: admin.token });
    const gone = await call(app, 'GET', `/announcements/${id}`, { token: admin.token });

    expect(created).toMatchObject({ status: 201, body: { priority: 3, status: true, mediaPath: null } });
    expect(changed.status).toBe(200);
    expect(shown.body).toMatchObject({
      title: 'Manutenção',
      text: 'Domingo às 22h',
      priority: 1,
      status: false,
    });
    expect(removed.status).toBe(204);
    expect(gone).toMatchObject({ status: 404, body: { error: 'ERR_NO_ANNOUNCEMENT_FOUND' } });
  });

  test('title and text are required, the priority is 1 to 3', async () => {
    const admin = await createSuper();

    const untitled = await create(admin.token, { title: ' ', text: 'x' });
    const textless = await create(admin.token, { title: 'x' });
    const urgent = await create(admin.token, { title: 'x', text: 'x', priority: 0 });

    expect(untitled).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: { title: 'required' } },
    });
    expect(textless).toMatchObject({ status: 400, body: { fields: { text: 'required' } } });
    expect(urgent).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
  });

  test('the list pages and searches the title and text', async () => {
    const admin = await createSuper();
    for (const title of ['Novidade A', 'Novidade B', 'Feriado'])
      await create(admin.token, { title, text: 'x' });

    const all = await call(app, 'GET', '/announcements', { token: admin.token });
    const found = await call(app, 'GET', '/announcements?searchParam=novidade', { token: admin.token });

    expect(all.body).toMatchObject({ count: 3, hasMore: false });
    expect(found.body.records.map((r: { title: string }) => r.title).sort()).toEqual([
      'Novidade A',
      'Novidade B',
    ]);
  });

  test('only a super user may write or list them; a company admin is refused', async () => {
    const admin = await createSuper();
    const tenant = await createTenant(app);
    const { body } = await create(admin.token, { title: 'x', text: 'x' });

    const writes = await Promise.all([
      create(tenant.admin.token, { title: 'x', text: 'x' }),
      call(app, 'PUT', `/announcements/${body.id}`, { token: tenant.admin.token, body: { title: 'y' } }),
      call(app, 'DELETE', `/announcements/${body.id}`, { token: tenant.admin.token }),
      call(app, 'GET', '/announcements', { token: tenant.admin.token }),
      call(app, 'DELETE', `/announcements/${body.id}/media-upload`, { token: tenant.admin.token }),
    ]);

    expect(writes.map((w) => w.status)).toEqual([403, 403, 403, 403, 403]);
    const after = await call(app, 'GET', `/announcements/${body.id}`, { token: admin.token });
    expect(after.body.title).toBe('x');
  });
});

describe('every user reads the announcements that are on', () => {
  test('the unread count counts those created since the user last opened them', async () => {
    const admin = await createSuper();
    const tenant = await createTenant(app);
    const agent = await createUser(app, tenant.companyId);
    await call(app, 'POST', '/announcements/read', { token: agent.token });

    await create(admin.token, { title: 'Um', text: 'x' });
    await create(admin.token, { title: 'Desligado', text: 'x', status: false });
    const before = await feed(agent.token);
    const read = await call(app, 'POST', '/announcements/read', { token: agent.token });
    const after = await feed(agent.token);

    expect(before.body.unread).toBe(1);
    expect(before.body.records[0]).toMatchObject({ title: 'Um', unread: true });
    expect(before.body.records.map((r: { title: string }) => r.title)).not.toContain('Desligado');
    expect(read.status).toBe(204);
    expect(after.body.unread).toBe(0);
    expect(after.body.records[0]).toMatchObject({ title: 'Um', unread: false });
  });

  test("one user's reading leaves a colleague's count as it was", async () => {
    const admin = await createSuper();
    const tenant = await createTenant(app);
    const [bia, caio] = [await createUser(app, tenant.companyId), await createUser(app, tenant.companyId)];
    for (const user of [bia, caio]) await call(app, 'POST', '/announcements/read', { token: user.token });
    await create(admin.token, { title: 'Novo', text: 'x' });

    await call(app, 'POST', '/announcements/read', { token: bia.token });

    expect((await feed(bia.token)).body.unread).toBe(0);
    expect((await feed(caio.token)).body.unread).toBe(1);
  });
});

describe('the announcement event', () => {
  test('reaches the users of every company, and one turned off is withdrawn from them', async () => {
    const admin = await createSuper();
    const [first, second] = [await createTenant(app), await createTenant(app)];
    const [a, b] = [await createUser(app, first.companyId), await createUser(app, second.companyId)];
    const socketA = await live.connect({ token: a.token });
    const socketB = await live.connect({ token: b.token });
    const socketAdmin = await live.connect({ token: admin.token });
    const [heardA, heardB] = [
      collect(socketA, events.announcement(a.companyId)),
      collect(socketB, events.announcement(b.companyId)),
    ];
    const heardAdmin = collect(socketAdmin, events.announcement(admin.companyId));

    const { body } = await create(admin.token, { title: 'Para todos', text: 'x' });
    await call(app, 'PUT', `/announcements/${body.id}`, { token: admin.token, body: { status: false } });

    await heard(heardA, 2);
    await heard(heardB, 2);
    await heard(heardAdmin, 2);
    for (const got of [heardA, heardB]) {
      expect(got).toEqual([
        { action: 'create', record: expect.objectContaining({ id: body.id, title: 'Para todos' }) },
        { action: 'delete', id: body.id },
      ]);
    }
    expect(heardAdmin[1]).toEqual({ action: 'update', record: expect.objectContaining({ status: false }) });
  });
});
