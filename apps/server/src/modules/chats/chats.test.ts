import { CHAT_MESSAGES_PAGE_SIZE, PAGE_SIZE } from '@balcao/shared';
import { afterAll, describe, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import {
  createQueue,
  createTenant,
  createTicket,
  createUser,
  type TestUser,
} from '../../../test/fixtures.js';
import { postMultipart } from '../../../test/multipart.js';

const app = await createTestApp();
afterAll(() => app.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function team() {
  const tenant = await createTenant(app);
  const owner = await createUser(app, tenant.companyId, { name: 'Olga Dona' });
  const member = await createUser(app, tenant.companyId, { name: 'Bruno Lima' });
  const outsider = await createUser(app, tenant.companyId, { name: 'Nina Fora' });
  return { ...tenant, owner, member, outsider };
}

const createChat = (user: TestUser, body: object) => call(app, 'POST', '/chats', { token: user.token, body });
const say = (user: TestUser, chatId: number, message: string) =>
  call(app, 'POST', `/chats/${chatId}/messages`, { token: user.token, body: { message } });

async function chatOf(owner: TestUser, members: TestUser[], title = 'Plantão de sexta') {
  const { body } = await createChat(owner, { title, users: members.map((m) => ({ id: m.id, name: 'x' })) });
  return body as { id: number; uuid: string };
}

describe('creating and listing', () => {
  test('a chat gathers its owner and the chosen users, and each member lists it', async () => {
    const { owner, member, outsider } = await team();

    const created = await createChat(owner, {
      title: '  Escala  ',
      users: [{ id: member.id, name: 'Bruno' }],
    });
    const ownerList = await call(app, 'GET', '/chats', { token: owner.token });
    const memberList = await call(app, 'GET', '/chats', { token: member.token });
    const outsiderList = await call(app, 'GET', '/chats', { token: outsider.token });
    const shown = await call(app, 'GET', `/chats/u/${created.body.uuid}`, { token: member.token });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Escala', ownerId: owner.id, lastMessage: '' });
    expect(created.body.users.map((u: { userId: number }) => u.userId).sort()).toEqual(
      [owner.id, member.id].sort(),
    );
    expect(ownerList.body.records.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
    expect(memberList.body.records.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
    expect(outsiderList.body).toEqual({ records: [], hasMore: false });
    expect(shown.body.id).toBe(created.body.id);
  });

  test("the modal's rules hold on the server: a title and at least one user", async () => {
    const { owner, member } = await team();

    const noTitle = await createChat(owner, { title: ' ', users: [{ id: member.id }] });
    const noUsers = await createChat(owner, { title: 'Sem gente', users: [] });

    expect(noTitle.status).toBe(400);
    expect(noTitle.body.fields).toEqual({ title: 'chatTitleRequired' });
    expect(noUsers.status).toBe(400);
    expect(noUsers.body.fields).toEqual({ users: 'chatUsersRequired' });
  });

  test("another company's user cannot be added to a chat", async () => {
    const { owner } = await team();
    const other = await createTenant(app);

    const refused = await createChat(owner, { title: 'Vazamento', users: [{ id: other.admin.id }] });

    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ users: 'invalidValue' });
  });

  test('the list is searched on the server and paged, most recent first', async () => {
    const { owner, member } = await team();
    for (let i = 0; i <= PAGE_SIZE; i++) await chatOf(owner, [member], `Turma ${i}`);
    await chatOf(owner, [member], 'Financeiro');

    const first = await call(app, 'GET', '/chats?pageNumber=1', { token: member.token });
    const second = await call(app, 'GET', '/chats?pageNumber=2', { token: member.token });
    const found = await call(app, 'GET', '/chats?searchParam=financ', { token: member.token });

    expect(first.body.records).toHaveLength(PAGE_SIZE);
    expect(first.body.records[0].title).toBe('Financeiro');
    expect(first.body.hasMore).toBe(true);
    expect(second.body.records).toHaveLength(2);
    expect(second.body.hasMore).toBe(false);
    expect(found.body.records.map((c: { title: string }) => c.title)).toEqual(['Financeiro']);
  });
});

describe('who may reach a chat', () => {
  test('a non-member of the company gets 404 on every chat call', async () => {
    const { owner, member, outsider } = await team();
    const chat = await chatOf(owner, [member]);
    const as = { token: outsider.token };

    const answers = await Promise.all([
      call(app, 'GET', `/chats/u/${chat.uuid}`, as),
      call(app, 'PUT', `/chats/${chat.id}`, { ...as, body: { title: 'x', users: [{ id: outsider.id }] } }),
      call(app, 'DELETE', `/chats/${chat.id}`, as),
      call(app, 'GET', `/chats/${chat.id}/messages`, as),
      call(app, 'POST', `/chats/${chat.id}/messages`, { ...as, body: { message: 'oi' } }),
      call(app, 'POST', `/chats/${chat.id}/read`, as),
      postMultipart(app, `/chats/${chat.id}/messages`, outsider.token, {
        filename: 'a.png',
        type: 'image/png',
        bytes: PNG,
      }),
    ]);

    expect(answers.map((a) => ('statusCode' in a ? a.statusCode : a.status))).toEqual([
      404, 404, 404, 404, 404, 404, 404,
    ]);
    expect(answers[0]).toMatchObject({ body: { error: 'ERR_NO_CHAT_FOUND' } });
  });

  test("another company's admin gets 404 on every call with this company's chat ids", async () => {
    const { owner, member } = await team();
    const chat = await chatOf(owner, [member]);
    const stranger = (await createTenant(app)).admin;
    const as = { token: stranger.token };

    const answers = await Promise.all([
      call(app, 'GET', `/chats/u/${chat.uuid}`, as),
      call(app, 'PUT', `/chats/${chat.id}`, { ...as, body: { title: 'x', users: [{ id: stranger.id }] } }),
      call(app, 'DELETE', `/chats/${chat.id}`, as),
      call(app, 'GET', `/chats/${chat.id}/messages`, as),
      call(app, 'POST', `/chats/${chat.id}/messages`, { ...as, body: { message: 'oi' } }),
      call(app, 'POST', `/chats/${chat.id}/read`, as),
    ]);

    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const still = await call(app, 'GET', `/chats/u/${chat.uuid}`, { token: owner.token });
    expect(still.status).toBe(200);
  });

  test('only the owner edits or deletes; a member gets the permission error', async () => {
    const { owner, member, outsider } = await team();
    const chat = await chatOf(owner, [member]);

    const memberEdit = await call(app, 'PUT', `/chats/${chat.id}`, {
      token: member.token,
      body: { title: 'Meu agora', users: [{ id: member.id }] },
    });
    const memberDelete = await call(app, 'DELETE', `/chats/${chat.id}`, { token: member.token });
    const ownerEdit = await call(app, 'PUT', `/chats/${chat.id}`, {
      token: owner.token,
      body: { title: 'Nova escala', users: [{ id: outsider.id }] },
    });
    const memberAfter = await call(app, 'GET', `/chats/u/${chat.uuid}`, { token: member.token });
    const outsiderAfter = await call(app, 'GET', `/chats/u/${chat.uuid}`, { token: outsider.token });

    expect(memberEdit).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(memberDelete).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(ownerEdit.status).toBe(200);
    expect(ownerEdit.body.title).toBe('Nova escala');
    expect(ownerEdit.body.users.map((u: { userId: number }) => u.userId).sort()).toEqual(
      [owner.id, outsider.id].sort(),
    );
    expect(memberAfter.status).toBe(404);
    expect(outsiderAfter.status).toBe(200);

    const deleted = await call(app, 'DELETE', `/chats/${chat.id}`, { token: owner.token });
    const gone = await call(app, 'GET', `/chats/u/${chat.uuid}`, { token: owner.token });
    expect(deleted.status).toBe(204);
    expect(gone.status).toBe(404);
  });

  test('what GET answers, PUT accepts back unchanged', async () => {
    const { owner, member } = await team();
    const chat = await chatOf(owner, [member]);
    const { body: read } = await call(app, 'GET', `/chats/u/${chat.uuid}`, { token: owner.token });

    const saved = await call(app, 'PUT', `/chats/${chat.id}`, { token: owner.token, body: read });

    expect(saved.status).toBe(200);
    expect(saved.body.users).toEqual(read.users);
  });

  test('with the plan flag off every chat call is refused', async () => {
    const tenant = await createTenant(app, { plan: { useInternalChat: false } });
    const member = await createUser(app, tenant.companyId);
    const as = { token: tenant.admin.token };

    const answers = await Promise.all([
      call(app, 'GET', '/chats', as),
      call(app, 'POST', '/chats', { ...as, body: { title: 'x', users: [{ id: member.id }] } }),
      call(app, 'PUT', '/chats/1', { ...as, body: { title: 'x', users: [{ id: member.id }] } }),
      call(app, 'DELETE', '/chats/1', as),
      call(app, 'GET', '/chats/1/messages', as),
      call(app, 'POST', '/chats/1/messages', { ...as, body: { message: 'oi' } }),
      call(app, 'POST', '/chats/1/read', as),
      call(app, 'GET', '/chats/ticket-links?ids=1', as),
    ]);

    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 403, body: { error: 'ERR_PLAN_FEATURE_DISABLED' } });
    }
  });
});

describe('messages', () => {
  test('messages come newest page first, with whether older ones remain', async () => {
    const { owner, member } = await team();
    const chat = await chatOf(owner, [member]);
    for (let i = 1; i <= CHAT_MESSAGES_PAGE_SIZE + 2; i++)
      await say(i % 2 ? owner : member, chat.id, `m${i}`);

    const first = await call(app, 'GET', `/chats/${chat.id}/messages`, { token: member.token });
    const second = await call(app, 'GET', `/chats/${chat.id}/messages?pageNumber=2`, { token: member.token });

    expect(first.body.records).toHaveLength(CHAT_MESSAGES_PAGE_SIZE);
    expect(first.body.records[0]).toMatchObject({
      message: `m${CHAT_MESSAGES_PAGE_SIZE + 2}`,
      chatId: chat.id,
    });
    expect(first.body.hasMore).toBe(true);
    expect(second.body.records.map((m: { message: string }) => m.message)).toEqual(['m2', 'm1']);
    expect(second.body.records[1].sender).toEqual({ id: owner.id, name: 'Olga Dona' });
    expect(second.body.hasMore).toBe(false);
  });

  test('a blank message is refused', async () => {
    const { owner, member } = await team();
    const chat = await chatOf(owner, [member]);

    const blank = await say(owner, chat.id, '   ');

    expect(blank).toMatchObject({ status: 400, body: { fields: { message: 'required' } } });
  });

  test('unread counts rise for the others, mentions count for the one named, and read clears them', async () => {
    const { owner, member, outsider } = await team();
    const chat = await chatOf(owner, [member, outsider]);

    await say(owner, chat.id, 'bom dia');
    await say(owner, chat.id, '@Bruno Lima veja o #12');
    const sent = await say(member, chat.id, 'ok');
    const counts = async (as: TestUser) => {
      const { body } = await call(app, 'GET', '/chats', { token: as.token });
      const me = body.records[0].users.find((u: { userId: number }) => u.userId === as.id);
      return { unreads: me.unreads, mentions: me.mentions, last: body.records[0].lastMessage };
    };

    const unreadOf = async (as: TestUser) =>
      (await call(app, 'GET', '/chats?withUnread=true', { token: as.token })).body.records.length;
    expect(await unreadOf(member)).toBe(1);
    expect(await counts(owner)).toEqual({ unreads: 1, mentions: 0, last: 'ok' });
    expect(await counts(member)).toEqual({ unreads: 2, mentions: 1, last: 'ok' });
    expect(await counts(outsider)).toEqual({ unreads: 3, mentions: 0, last: 'ok' });
    expect(sent.body.mentions).toEqual([]);

    const read = await call(app, 'POST', `/chats/${chat.id}/read`, {
      token: member.token,
      body: { userId: 1 },
    });

    expect(read.status).toBe(200);
    expect(await counts(member)).toEqual({ unreads: 0, mentions: 0, last: 'ok' });
    expect(await unreadOf(member)).toBe(0);
    expect(await counts(outsider)).toEqual({ unreads: 3, mentions: 0, last: 'ok' });
    const { body } = await call(app, 'GET', `/chats/${chat.id}/messages`, { token: member.token });
    expect(body.records[1].mentions).toEqual([member.id]);
  });

  test('a file is stored through the media path, typed by its bytes, and served by a signed link', async () => {
    const { owner, member } = await team();
    const chat = await chatOf(owner, [member]);

    const sent = await postMultipart(app, `/chats/${chat.id}/messages`, owner.token, {
      filename: 'foto.png',
      type: 'image/png',
      bytes: PNG,
      fields: { fromMe: 'true', typeArch: 'chats', body: 'olha' },
    });
    const document = await postMultipart(app, `/chats/${chat.id}/messages`, owner.token, {
      filename: 'nota.txt',
      type: 'text/plain',
      bytes: Buffer.from('texto simples'),
    });
    const fake = await postMultipart(app, `/chats/${chat.id}/messages`, owner.token, {
      filename: 'script.png',
      type: 'image/png',
      bytes: Buffer.from('#!/bin/sh\necho oi'),
    });

    expect(sent.statusCode).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({ message: 'olha', mediaType: 'image', mediaName: 'foto.png' });
    const file = await app.inject({ method: 'GET', url: message.mediaPath });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(document.json()).toMatchObject({ mediaType: 'other', mediaName: 'nota.txt', message: '' });
    expect(fake.statusCode).toBe(415);
    const { body } = await call(app, 'GET', '/chats', { token: member.token });
    expect(body.records[0].lastMessage).toBe('nota.txt');
  });

  test('deleting a chat removes its files', async () => {
    const { owner, member } = await team();
    const chat = await chatOf(owner, [member]);
    const sent = await postMultipart(app, `/chats/${chat.id}/messages`, owner.token, {
      filename: 'foto.png',
      type: 'image/png',
      bytes: PNG,
    });

    await call(app, 'DELETE', `/chats/${chat.id}`, { token: owner.token });

    const file = await app.inject({ method: 'GET', url: sent.json().mediaPath });
    expect(file.statusCode).toBe(404);
  });
});

describe('ticket links', () => {
  test('#numbers resolve only to the tickets the caller may open, in the caller company', async () => {
    const { companyId, owner } = await team();
    const queue = await createQueue(app, companyId, [owner]);
    const mine = await createTicket(app, companyId, { queueId: queue.id });
    const otherQueue = await createQueue(app, companyId);
    const hidden = await createTicket(app, companyId, { queueId: otherQueue.id });
    const foreign = await createTicket(app, (await createTenant(app)).companyId);

    const links = await call(app, 'GET', `/chats/ticket-links?ids=${mine.id},${hidden.id},${foreign.id}`, {
      token: owner.token,
    });

    expect(links.status).toBe(200);
    expect(links.body).toEqual([{ id: mine.id, uuid: mine.uuid }]);
  });
});
