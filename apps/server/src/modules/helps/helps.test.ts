import { randomUUID } from 'node:crypto';
import { events, type HelpEvent } from '@balcao/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser, setDueDate } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

const tenant = await createTenant(app);
const root = await createUser(app, tenant.companyId, { profile: 'admin', super: true });
const create = (body: object, token = root.token) => call(app, 'POST', '/helps', { token, body });
const title = () => `Ajuda ${randomUUID().slice(0, 8)}`;

describe('help videos', () => {
  test('the super user saves a YouTube link as its bare id, and every user reads it back', async () => {
    const agent = await createUser(app, (await createTenant(app)).companyId);
    const name = title();

    const created = await create({ title: name, video: 'https://youtu.be/dQw4w9WgXcQ?t=10' });
    const changed = await call(app, 'PUT', `/helps/${created.body.id}`, {
      token: root.token,
      body: { ...created.body, description: 'Como abrir um ticket' },
    });
    const shown = await call(app, 'GET', `/helps/${created.body.id}`, { token: agent.token });
    const listed = await call(app, 'GET', `/helps?searchParam=${encodeURIComponent(name)}`, {
      token: agent.token,
    });
    const all = await call(app, 'GET', '/helps/list', { token: agent.token });

    expect(created).toMatchObject({ status: 201, body: { video: 'dQw4w9WgXcQ', description: '' } });
    expect(changed.status).toBe(200);
    expect(shown.body).toEqual({
      id: created.body.id,
      title: name,
      video: 'dQw4w9WgXcQ',
      description: 'Como abrir um ticket',
    });
    expect(listed.body).toMatchObject({ count: 1, hasMore: false, records: [shown.body] });
    expect(all.body).toContainEqual(shown.body);
  });

  test('a video that is not a YouTube id or link is refused', async () => {
    const refused = await Promise.all(
      ['https://evil.example/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', 'dQw4w9WgXc', ''].map((video) =>
        create({ title: title(), video }),
      ),
    );

    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
      expect(answer.body.fields.video).toMatch(/youtubeVideo|required/);
    }
  });

  test('two videos cannot share a title', async () => {
    const name = title();
    await create({ title: name, video: 'dQw4w9WgXcQ' });

    const again = await create({ title: name, video: 'dQw4w9WgXcQ' });

    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_HELP_TITLE_TAKEN' } });
  });

  test('only the super user manages them', async () => {
    const { body } = await create({ title: title(), video: 'dQw4w9WgXcQ' });

    const answers = await Promise.all([
      create({ title: title(), video: 'dQw4w9WgXcQ' }, tenant.admin.token),
      call(app, 'PUT', `/helps/${body.id}`, { token: tenant.admin.token, body: { title: 'x' } }),
      call(app, 'DELETE', `/helps/${body.id}`, { token: tenant.admin.token }),
    ]);

    expect(answers.map((a) => a.status)).toEqual([403, 403, 403]);
    const deleted = await call(app, 'DELETE', `/helps/${body.id}`, { token: root.token });
    const gone = await call(app, 'GET', `/helps/${body.id}`, { token: root.token });
    expect(deleted.status).toBe(204);
    expect(gone).toMatchObject({ status: 404, body: { error: 'ERR_NO_HELP_FOUND' } });
  });
});

describe('the help event', () => {
  test("reaches every company's users as the super user creates, changes and deletes a video", async () => {
    const [first, second] = [await createTenant(app), await createTenant(app)];
    const sockets = [
      await live.connect({ token: first.admin.token }),
      await live.connect({ token: second.admin.token }),
    ];
    const received = sockets.map((socket) => collect<HelpEvent>(socket, events.help()));

    const created = await create({ title: title(), video: 'dQw4w9WgXcQ' });
    await call(app, 'PUT', `/helps/${created.body.id}`, { token: root.token, body: { description: 'Novo' } });
    await call(app, 'DELETE', `/helps/${created.body.id}`, { token: root.token });

    for (const got of received) {
      await heard(got, 3);
      expect(got).toEqual([
        { action: 'create', record: created.body },
        { action: 'update', record: { ...created.body, description: 'Novo' } },
        { action: 'delete', id: created.body.id },
      ]);
    }
  });

  test('a company past its due date, which sees no help page, hears nothing of it', async () => {
    const lapsed = await createTenant(app);
    await setDueDate(app, lapsed.companyId, '2000-01-01');
    const socket = await live.connect({ token: lapsed.admin.token });
    const received = collect<HelpEvent>(socket, events.help());

    await create({ title: title(), video: 'dQw4w9WgXcQ' });
    await live.drain(socket);

    expect(received).toEqual([]);
  });
});
