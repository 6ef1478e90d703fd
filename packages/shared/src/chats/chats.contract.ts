import { z } from 'zod';
import { dbId, dbIdText, msg, pageNumber, plainText, queryBoolean } from '../validation.js';

const CHAT_TITLE_MAX = 100;
export const CHAT_MESSAGE_MAX = 4096;
/** A chat gathers colleagues of one company; more than this is a broadcast, not a conversation. */
const CHAT_MEMBERS_MAX = 200;
export const CHAT_MESSAGES_PAGE_SIZE = 20;

const person = z.object({ id: z.number(), name: z.string() });

const chatMemberSchema = z.object({
  userId: z.number(),
  user: person,
  /** Messages of others this member has not read yet. */
  unreads: z.number(),
  /** Of those, how many mention this member by name. */
  mentions: z.number(),
});

export const chatSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  title: z.string(),
  ownerId: z.number().nullable(),
  users: z.array(chatMemberSchema),
  lastMessage: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

const chatMediaTypes = ['image', 'audio', 'video', 'other'] as const;
export type ChatMediaType = (typeof chatMediaTypes)[number];

export const chatMessageSchema = z.object({
  id: z.number(),
  chatId: z.number(),
  senderId: z.number().nullable(),
  sender: person.nullable(),
  message: z.string(),
  /** A signed link to the attachment, or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaType: z.enum(chatMediaTypes).nullable(),
  /** Members the message names with `@Name`. */
  mentions: z.array(z.number()),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const listChatsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
  /** Only the chats with messages the caller has not read (the top bar's popover). */
  withUnread: queryBoolean.optional(),
});
export type ListChatsQuery = z.infer<typeof listChatsQuery>;
export const listChatsResponse = z.object({ records: z.array(chatSchema), hasMore: z.boolean() });

/**
 * The spec's clients send `{ id, name }` per user; only the id counts. A member as GET answers it
 * (`{ userId, user, unreads }`) is accepted too, so a chat read can be sent back as it is.
 */
const chatUserInput = z.union([
  z.object({ id: dbId(), name: z.string().optional() }),
  z.object({ userId: dbId() }).transform((member) => ({ id: member.userId })),
]);

export const saveChatBody = z.object({
  title: z
    .string({ error: msg.chatTitleRequired })
    .trim()
    .min(1, msg.chatTitleRequired)
    .max(CHAT_TITLE_MAX, msg.tooLong)
    .pipe(plainText(CHAT_TITLE_MAX)),
  users: z
    .array(chatUserInput, { error: msg.chatUsersRequired })
    .min(1, msg.chatUsersRequired)
    .max(CHAT_MEMBERS_MAX, msg.tooLong),
});
export type SaveChatBody = z.infer<typeof saveChatBody>;

export const chatUuidParam = z.object({ uuid: z.uuid() });

export const listChatMessagesQuery = z.object({ pageNumber });
export const listChatMessagesResponse = z.object({
  /** Newest first: page 1 is the latest messages. */
  records: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});

/** A text message; a file goes as multipart with the same `message` field beside `medias`. */
export const sendChatMessageFields = z.object({
  message: plainText(CHAT_MESSAGE_MAX).trim().default(''),
});

/** `#123` in a message: the ticket numbers the caller may open, with the uuid the inbox addresses them by. */
export const chatTicketLinksQuery = z.object({
  ids: z
    .string()
    .transform((value) => value.split(',').filter(Boolean).map(Number))
    .pipe(z.array(dbId()).max(50)),
});
export const chatTicketLinksResponse = z.array(z.object({ id: z.number(), uuid: z.string() }));

export const chatIdParam = z.object({ id: dbIdText() });

/** `company-{id}-chat-user-{userId}`: a chat this user belongs to was created or changed. */
export const chatUserEvent = z.object({
  action: z.enum(['create', 'update']),
  record: chatSchema,
  /** Set when the change is a new message: who wrote it, so only others' messages ring. */
  newMessage: chatMessageSchema.optional(),
});
export type ChatUserEvent = z.infer<typeof chatUserEvent>;

/** `company-{id}-chat`: a chat this user belonged to is gone (deleted, or the user was removed from it). */
export const chatDeletedEvent = z.object({ action: z.literal('delete'), id: z.number() });
export type ChatDeletedEvent = z.infer<typeof chatDeletedEvent>;

/** `company-{id}-chat-{chatId}`: a new message in the chat, or the chat itself changed. */
export const chatRoomEvent = z.discriminatedUnion('action', [
  z.object({ action: z.literal('new-message'), newMessage: chatMessageSchema, chat: chatSchema }),
  z.object({ action: z.literal('update'), chat: chatSchema }),
]);
export type ChatRoomEvent = z.infer<typeof chatRoomEvent>;
