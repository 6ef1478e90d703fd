import { CHAT_MESSAGES_PAGE_SIZE, type ChatMessage, findMentions, msg } from '@balcao/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { chatMembers, chatMessages, chats } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { mediaKey } from '../../platform/storage/uploads.js';
import type { MediaUpload } from '../external-api/external-api.uploads.js';
import { publishChatMessage } from './chats.events.js';
import { membersOf, pageOfMessages, toChat, toChatMessage } from './chats.queries.js';
import { memberChat } from './chats.service.js';

export async function listChatMessages(ctx: Ctx, chatId: number, pageNumber: number) {
  await memberChat(ctx, chatId);
  const offset = (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE;
  const rows = await pageOfMessages(ctx.db, ctx.companyId, chatId, CHAT_MESSAGES_PAGE_SIZE, offset);
  return {
    records: rows
      .slice(0, CHAT_MESSAGES_PAGE_SIZE)
      .map(({ message, sender }) => toChatMessage(message, sender, ctx.links)),
    hasMore: rows.length > CHAT_MESSAGES_PAGE_SIZE,
  };
}

/** The spec's media types; whatever is neither picture nor sound nor film is a document. */
const mediaTypeOf = (upload: MediaUpload) => (upload.kind === 'application' ? 'other' : upload.kind);

/**
 * A message in the chat: text, or a file with an optional caption. Every other member's unread
 * count rises (and their mention count, when the text names them); the chat moves to the top.
 */
export async function sendChatMessage(
  ctx: Ctx,
  chatId: number,
  input: { message: string; media?: MediaUpload },
): Promise<ChatMessage> {
  const chat = await memberChat(ctx, chatId);
  if (!input.message && !input.media) {
    throw new AppError('ERR_VALIDATION', 'A message is required', { message: msg.required });
  }
  const members = await membersOf(ctx.db, [chat.id]);
  const others = members.filter((m) => m.userId !== ctx.actor.userId);
  const mentions = findMentions(
    input.message,
    others.map((m) => ({ id: m.userId, name: m.name })),
  );
  const key = input.media ? mediaKey(ctx.companyId, 'chats', input.media.ext) : null;
  if (key && input.media) await ctx.storage.put(key, input.media.bytes);
  const stored = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(chatMessages)
        .values({
          companyId: ctx.companyId,
          chatId,
          senderId: ctx.actor.userId,
          message: input.message,
          mediaPath: key,
          mediaName: input.media?.name ?? null,
          mediaType: input.media ? mediaTypeOf(input.media) : null,
          mentions,
        })
        .returning();
      if (!row) throw new AppError('ERR_INTERNAL');
      await tx
        .update(chatMembers)
        .set({ unreads: sql`${chatMembers.unreads} + 1` })
        .where(and(eq(chatMembers.chatId, chatId), ne(chatMembers.userId, ctx.actor.userId)));
      if (mentions.length > 0) {
        await tx
          .update(chatMembers)
          .set({ mentions: sql`${chatMembers.mentions} + 1` })
          .where(and(eq(chatMembers.chatId, chatId), inArray(chatMembers.userId, mentions)));
      }
      const [chatRow] = await tx
        .update(chats)
        .set({ lastMessage: input.message || (input.media?.name ?? ''), updatedAt: row.createdAt })
        .where(tenant(chats, ctx.companyId, eq(chats.id, chatId)))
        .returning();
      if (!chatRow) throw new AppError('ERR_NO_CHAT_FOUND');
      return { row, chat: toChat(chatRow, await membersOf(tx, [chatId])) };
    })
    .catch(async (error: unknown) => {
      // A message that could not be stored takes its file with it.
      if (key) await ctx.storage.remove(key);
      throw error;
    });
  const message = toChatMessage(stored.row, { id: ctx.actor.userId, name: ctx.actor.name }, ctx.links);
  publishChatMessage(ctx, ctx.companyId, stored.chat, message);
  return message;
}
