import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { users } from './users.js';

export const chats = pgTable(
  'chats',
  {
    id: id(),
    companyId: companyId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    title: text('title').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastMessage: text('last_message').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chats_uuid_key').on(t.uuid),
    index('chats_company_updated_idx').on(t.companyId, t.updatedAt),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreads: integer('unreads').notNull().default(0),
    /** Unread messages that name this member with `@Name`. */
    mentions: integer('mentions').notNull().default(0),
  },
  // A user's chat list starts from their memberships.
  (t) => [
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_members_user_chat_idx').on(t.userId, t.chatId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    companyId: companyId(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    mediaType: text('media_type'),
    /** Members the message names with `@Name`, decided when it was written. */
    mentions: integer('mentions').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  // Pages are read newest first by id within one chat.
  (t) => [index('chat_messages_chat_id_idx').on(t.chatId, t.id)],
);
