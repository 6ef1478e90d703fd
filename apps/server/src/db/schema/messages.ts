import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchDocument } from '../text-search.js';
import { at, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { connections } from './connections.js';
import { contacts } from './contacts.js';
import { queues } from './queues.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

/**
 * pending: waiting its turn; sending: a request is (or may be) in flight; unknown: the request may
 * have reached the channel, which has not said (a timeout): it waits for a status before resending;
 * retrying: refused for now, tried again at `nextAttemptAt`; sent, failed, cancelled: final.
 */
export const SEND_STATES = [
  'pending',
  'sending',
  'unknown',
  'retrying',
  'sent',
  'failed',
  'cancelled',
] as const;
export type SendState = (typeof SEND_STATES)[number];

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The customer, or in a group the participant who wrote it. */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    /** 0 pending, 1 sent, 2 delivered, 3 and 4 read; only ever raised. */
    ack: smallint('ack').notNull().default(0),
    failedReason: text('failed_reason'),
    /** Automatic messages (greeting, bot, campaign, system) are marked here, never by markers in the text. */
    kind: text('kind').notNull().default('chat'),
    mediaPath: text('media_path'),
    mediaType: text('media_type'),
    mediaName: text('media_name'),
    /**
     * An inbound file still being fetched ('pending', its job running) or given up ('unavailable',
     * why in `mediaError`); null once stored, and for every other message.
     */
    mediaStatus: text('media_status').$type<'pending' | 'unavailable'>(),
    /** Why the file could not be fetched: a catalogue code the web translates. */
    mediaError: text('media_error'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    isForwarded: boolean('is_forwarded').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    quotedMessageId: bigint('quoted_message_id', { mode: 'number' }).references(
      (): AnyPgColumn => messages.id,
      {
        onDelete: 'set null',
      },
    ),
    /** A Cloud API template send: what Meta is asked to send (its Graph components); `body` holds its rendered text. */
    template: jsonb('template').$type<{ name: string; language: string; components: unknown[] }>(),
    participant: text('participant'),
    /**
     * Where an outbound message stands in the outbox (messages.outbox-worker.ts); null for what is
     * not sent by it (received messages, private notes, echoes of the phone's own sends).
     */
    sendState: text('send_state').$type<SendState>(),
    /** Requests made to the channel for this message so far. */
    sendAttempts: smallint('send_attempts').notNull().default(0),
    /** Not sent before then: a retry's backoff, a paced forward, or the end of an unknown outcome's wait. */
    nextAttemptAt: at('next_attempt_at'),
    /** The process sending it, until `sendLeaseExpiresAt` unless renewed; another takes it after that. */
    sendLeaseOwner: text('send_lease_owner'),
    sendLeaseExpiresAt: at('send_lease_expires_at'),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // A redelivered webhook or a Baileys echo finds the stored row instead of inserting a duplicate.
    uniqueIndex('messages_connection_external_key')
      .on(t.connectionId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    index('messages_ticket_created_idx').on(
      t.ticketId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The outbox's claim reads each conversation's oldest unfinished send: only those rows are indexed.
    index('messages_outbox_idx')
      .on(t.ticketId, t.id)
      .where(sql`${t.sendState} in ('pending', 'sending', 'unknown', 'retrying')`),
    // The contact drawer's media and gallery of one conversation.
    index('messages_ticket_media_idx')
      .on(t.ticketId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.mediaPath} is not null`),
    // Deleting a contact, a user or a ticket must not scan every message to clear these links.
    index('messages_contact_idx').on(t.contactId),
    index('messages_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    index('messages_quoted_idx').on(t.quotedMessageId).where(sql`${t.quotedMessageId} is not null`),
    // The ticket list's search over the text of every message, within one company (btree_gin).
    index('messages_company_body_search_idx').using('gin', t.companyId, searchDocument(t.body)),
  ],
);

/** One emoji per person per message: reacting again replaces it, the same emoji again takes it back. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyId(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('message_reactions_message_user_key').on(t.messageId, t.userId)],
);
