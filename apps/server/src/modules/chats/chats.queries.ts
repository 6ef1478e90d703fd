import type { Chat, ChatMediaType, ChatMessage } from '@balcao/shared';
import { and, asc, desc, eq, exists, gt, ilike, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { chatMembers, chatMessages, chats, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type ChatRow = typeof chats.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

/** The one shape of a chat at every exit (HTTP answers and socket events alike). */
export function toChat(row: ChatRow, members: readonly MemberRow[]): Chat {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    users: members
      .filter((m) => m.chatId === row.id)
      .map((m) => ({
        userId: m.userId,
        user: { id: m.userId, name: m.name },
        unreads: m.unreads,
        mentions: m.mentions,
      })),
    lastMessage: row.lastMessage,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The one shape of a chat message at every exit; its file is a signed link. */
export function toChatMessage(
  row: MessageRow,
  sender: { id: number; name: string } | null,
  links: MediaLinks,
): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender,
    message: row.message,
    mediaPath: links.url(row.mediaPath),
    mediaName: row.mediaName,
    mediaType: row.mediaPath ? ((row.mediaType ?? 'other') as ChatMediaType) : null,
    mentions: row.mentions,
    createdAt: row.createdAt.toISOString(),
  };
}

const isMember = (userId: number) =>
  exists(
    sql`(select 1 from ${chatMembers} where ${chatMembers.chatId} = ${chats.id} and ${chatMembers.userId} = ${userId})`,
  );

/** A chat of the company that the user belongs to; any other is "not found" to them. */
export async function findMemberChat(
  db: Db | Tx,
  companyId: number,
  userId: number,
  key: number | { uuid: string },
): Promise<ChatRow | undefined> {
  const match = typeof key === 'number' ? eq(chats.id, key) : eq(chats.uuid, key.uuid);
  const [row] = await db
    .select()
    .from(chats)
    .where(tenant(chats, companyId, match, isMember(userId)));
  return row;
}

/** The members of the chats, with their names, in one query. */
export function membersOf(db: Db | Tx, chatIds: number[]) {
  if (chatIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      chatId: chatMembers.chatId,
      userId: chatMembers.userId,
      unreads: chatMembers.unreads,
      mentions: chatMembers.mentions,
      name: users.name,
    })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(inArray(chatMembers.chatId, chatIds))
    .orderBy(asc(users.name), asc(users.id));
}

/** A user's chats, most recently active first, one page plus one row to tell whether more remain. */
export function searchMemberChats(
  db: Db,
  companyId: number,
  userId: number,
  options: { search?: string; withUnread?: boolean; limit: number; offset: number },
) {
  const pattern = options.search && `%${options.search.replace(/[\\%_]/g, '\\$&')}%`;
  return db
    .select({ chat: chats })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.userId, userId),
        options.withUnread ? gt(chatMembers.unreads, 0) : undefined,
        tenant(chats, companyId, pattern ? ilike(chats.title, pattern) : undefined),
      ),
    )
    .orderBy(desc(chats.updatedAt), desc(chats.id))
    .limit(options.limit + 1)
    .offset(options.offset);
}

/** A page of a chat's messages, newest first, with one more row to tell whether older ones remain. */
export function pageOfMessages(db: Db, companyId: number, chatId: number, limit: number, offset: number) {
  return db
    .select({ message: chatMessages, sender: { id: users.id, name: users.name } })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(tenant(chatMessages, companyId, eq(chatMessages.chatId, chatId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit + 1)
    .offset(offset);
}

/** Users of the company among `ids`, the only ones a chat may gather. */
export function companyUsers(db: Db | Tx, companyId: number, ids: number[]) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(tenant(users, companyId, inArray(users.id, ids)));
}
