import { type ChatDeletedEvent, type ChatRoomEvent, type ChatUserEvent, events } from '@balcao/shared';
import { afterAll, expect, test } from 'vitest';
import { call, createTestApp } from '../../../test/app.js';
import { createTenant, createUser } from '../../../test/fixtures.js';
import { collect, heard, listenForSockets, overhear } from '../../../test/sockets.js';

const app = await createTestApp();
const live = await listenForSockets(app);
afterAll(() => live.close());

test("a chat's events reach only its members; a non-member's socket hears nothing of it", async () => {
  const { companyId, admin } = await createTenant(app);
  const owner = await createUser(app, companyId, { name: 'Olga' });
  const member = await createUser(app, companyId, { name: 'Bruno' });
  const [ownerSocket, memberSocket, adminSocket] = await Promise.all(
    [owner, member, admin].map((user) => live.connect({ token: user.token })),
  );
  if (!ownerSocket || !memberSocket || !adminSocket) throw new Error('sockets not connected');
  const memberSaw = collect<ChatUserEvent>(memberSocket, events.chatUser(companyId, member.id));
  const ownerSaw = collect<ChatUserEvent>(ownerSocket, events.chatUser(companyId, owner.id));
  const memberRoom: ChatRoomEvent[] = [];
  const memberGone = collect<ChatDeletedEvent>(memberSocket, events.chat(companyId));
  const adminHeard = overhear(adminSocket);

  const { body: chat } = await call(app, 'POST', '/chats', {
    token: owner.token,
    body: { title: 'Escala', users: [{ id: member.id }] },
  });
  memberSocket.on(events.chatRoom(companyId, chat.id), (event: ChatRoomEvent) => memberRoom.push(event));
  await live.drain(memberSocket);
  await call(app, 'POST', `/chats/${chat.id}/messages`, {
    token: owner.token,
    body: { message: 'oi @Bruno' },
  });
  await call(app, 'PUT', `/chats/${chat.id}`, {
    token: owner.token,
    body: { title: 'Escala nova', users: [{ id: member.id }] },
  });
  await call(app, 'DELETE', `/chats/${chat.id}`, { token: owner.token });
  await heard(memberGone, 1);
  await live.drain(ownerSocket, adminSocket);

  expect(memberSaw.map((e) => e.action)).toEqual(['create', 'update', 'update']);
  const withMessage = memberSaw[1];
  expect(withMessage?.newMessage).toMatchObject({
    message: 'oi @Bruno',
    senderId: owner.id,
    mentions: [member.id],
  });
  const mine = withMessage?.record.users.find((u) => u.userId === member.id);
  expect(mine).toMatchObject({ unreads: 1, mentions: 1 });
  expect(memberSaw[2]?.record.title).toBe('Escala nova');
  expect(memberRoom.map((e) => e.action)).toEqual(['new-message', 'update']);
  expect(memberGone).toEqual([{ action: 'delete', id: chat.id }]);
  expect(ownerSaw.map((e) => e.action)).toEqual(['create', 'update', 'update']);
  // The company's admin is not a member: not one chat event, under any name.
  expect(adminHeard.filter(([name]) => name.includes('-chat'))).toEqual([]);
});

test('reading a chat tells only the reader, and a member taken out hears the chat is gone', async () => {
  const { companyId } = await createTenant(app);
  const owner = await createUser(app, companyId);
  const member = await createUser(app, companyId);
  const other = await createUser(app, companyId);
  const [ownerSocket, memberSocket] = await Promise.all(
    [owner, member].map((user) => live.connect({ token: user.token })),
  );
  if (!ownerSocket || !memberSocket) throw new Error('sockets not connected');
  const { body: chat } = await call(app, 'POST', '/chats', {
    token: owner.token,
    body: { title: 'Escala', users: [{ id: member.id }] },
  });
  await call(app, 'POST', `/chats/${chat.id}/messages`, { token: owner.token, body: { message: 'oi' } });
  await live.drain(ownerSocket, memberSocket);
  const ownerHeard = overhear(ownerSocket);
  const memberSaw = collect<ChatUserEvent>(memberSocket, events.chatUser(companyId, member.id));
  const memberGone = collect<ChatDeletedEvent>(memberSocket, events.chat(companyId));

  await call(app, 'POST', `/chats/${chat.id}/read`, { token: member.token });
  await heard(memberSaw, 1);
  await live.drain(ownerSocket);
  expect(ownerHeard).toEqual([]);
  expect(memberSaw[0]?.record.users.find((u) => u.userId === member.id)?.unreads).toBe(0);

  await call(app, 'PUT', `/chats/${chat.id}`, {
    token: owner.token,
    body: { title: 'Escala', users: [{ id: other.id }] },
  });
  await heard(memberGone, 1);
  expect(memberGone).toEqual([{ action: 'delete', id: chat.id }]);
});
