import { type Chat, type ListChatsQuery, msg, PAGE_SIZE, type SaveChatBody } from '@balcao/shared';
import { and, eq, isNotNull, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { chatMembers, chatMessages, chats } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishChat, publishChatGone, publishChatToMember } from './chats.events.js';
import {
  type ChatRow,
  companyUsers,
  findMemberChat,
  membersOf,
  searchMemberChats,
  toChat,
} from './chats.queries.js';

async function presentChat(db: Db | Tx, row: ChatRow): Promise<Chat> {
  return toChat(row, await membersOf(db, [row.id]));
}

export async function listChats(ctx: Ctx, query: ListChatsQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const found = await searchMemberChats(ctx.db, ctx.companyId, ctx.actor.userId, {
    search: query.searchParam,
    withUnread: query.withUnread,
    limit: PAGE_SIZE,
    offset,
  });
  const rows = found.slice(0, PAGE_SIZE).map((r) => r.chat);
  const members = await membersOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { records: rows.map((row) => toChat(row, members)), hasMore: found.length > PAGE_SIZE };
}

/** The chat, if the caller belongs to it; otherwise it does not exist for them. */
export async function memberChat(ctx: Ctx, key: number | { uuid: string }): Promise<ChatRow> {
  const row = await findMemberChat(ctx.db, ctx.companyId, ctx.actor.userId, key);
  if (!row) throw new AppError('ERR_NO_CHAT_FOUND');
  return row;
}

export async function showChat(ctx: Ctx, uuid: string): Promise<Chat> {
  return presentChat(ctx.db, await memberChat(ctx, { uuid }));
}

/** Spec 000 §6: only the owner edits or deletes; members who are not get the permission error. */
async function ownedChat(ctx: Ctx, id: number): Promise<ChatRow> {
  const row = await memberChat(ctx, id);
  if (row.ownerId !== ctx.actor.userId) throw new AppError('ERR_NO_PERMISSION');
  return row;
}

/** The members a save asks for, all of the caller's company; the caller (the owner) always belongs. */
async function wantedMembers(ctx: Ctx, input: SaveChatBody, ownerId: number | null): Promise<number[]> {
  const ids = [...new Set([...input.users.map((u) => u.id), ...(ownerId ? [ownerId] : [])])];
  const found = await companyUsers(ctx.db, ctx.companyId, ids);
  if (found.length !== ids.length) {
    throw new AppError('ERR_VALIDATION', 'Unknown user', { users: msg.invalidValue });
  }
  return ids;
}

export async function createChat(ctx: Ctx, input: SaveChatBody): Promise<Chat> {
  const memberIds = await wantedMembers(ctx, input, ctx.actor.userId);
  const chat = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chats)
      .values({ companyId: ctx.companyId, title: input.title, ownerId: ctx.actor.userId })
      .returning();
    if (!row) throw new AppError('ERR_INTERNAL');
    await tx.insert(chatMembers).values(memberIds.map((userId) => ({ chatId: row.id, userId })));
    return presentChat(tx, row);
  });
  publishChat(ctx, ctx.companyId, 'create', chat);
  return chat;
}

/** Title and members replaced; members kept keep their unread counts, new ones start at zero. */
export async function updateChat(ctx: Ctx, id: number, input: SaveChatBody): Promise<Chat> {
  const current = await ownedChat(ctx, id);
  const memberIds = await wantedMembers(ctx, input, current.ownerId);
  const { chat, removed } = await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .delete(chatMembers)
      .where(and(eq(chatMembers.chatId, id), notInArray(chatMembers.userId, memberIds)))
      .returning({ userId: chatMembers.userId });
    await tx
      .insert(chatMembers)
      .values(memberIds.map((userId) => ({ chatId: id, userId })))
      .onConflictDoNothing();
    const [row] = await tx
      .update(chats)
      .set({ title: input.title, updatedAt: new Date() })
      .where(tenant(chats, ctx.companyId, eq(chats.id, id)))
      .returning();
    if (!row) throw new AppError('ERR_NO_CHAT_FOUND');
    return { chat: await presentChat(tx, row), removed: gone.map((g) => g.userId) };
  });
  publishChat(ctx, ctx.companyId, 'update', chat);
  publishChatGone(ctx, ctx.companyId, id, removed);
  return chat;
}

export async function deleteChat(ctx: Ctx, id: number): Promise<void> {
  await ownedChat(ctx, id);
  const members = await membersOf(ctx.db, [id]);
  const files = await ctx.db
    .select({ key: chatMessages.mediaPath })
    .from(chatMessages)
    .where(
      tenant(chatMessages, ctx.companyId, eq(chatMessages.chatId, id), isNotNull(chatMessages.mediaPath)),
    );
  // Members and messages go with the chat (foreign keys cascade).
  await ctx.db.delete(chats).where(tenant(chats, ctx.companyId, eq(chats.id, id)));
  for (const { key } of files) if (key) await ctx.storage.remove(key);
  publishChatGone(
    ctx,
    ctx.companyId,
    id,
    members.map((m) => m.userId),
  );
}

/** `POST /chats/{id}/read`: the caller has seen every message; their counts start again from zero. */
export async function markChatRead(ctx: Ctx, id: number): Promise<Chat> {
  const row = await memberChat(ctx, id);
  await ctx.db
    .update(chatMembers)
    .set({ unreads: 0, mentions: 0 })
    .where(and(eq(chatMembers.chatId, id), eq(chatMembers.userId, ctx.actor.userId)));
  const chat = await presentChat(ctx.db, row);
  publishChatToMember(ctx, ctx.companyId, ctx.actor.userId, chat);
  return chat;
}
