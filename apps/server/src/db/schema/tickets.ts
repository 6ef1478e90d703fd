import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { connections } from './connections.js';
import { contacts } from './contacts.js';
import { queueIntegrations } from './integrations.js';
import { prompts } from './prompts.js';
import { chatbots, queues } from './queues.js';
import { tags } from './tags.js';
import { users } from './users.js';

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    companyId: companyId(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The spec's whatsappId. Null only once the connection was deleted; history stays. */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    channel: text('channel').notNull().default('whatsapp'),
    isGroup: boolean('is_group').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    useIntegration: boolean('use_integration').notNull().default(false),
    integrationId: integer('integration_id').references(() => queueIntegrations.id, { onDelete: 'set null' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    typebotSessionId: text('typebot_session_id'),
    typebotStatus: boolean('typebot_status').notNull().default(false),
    /** Bot state lives on the ticket, not the contact, so two tickets of a contact never share a menu. */
    chatbotOptionId: integer('chatbot_option_id').references(() => chatbots.id, { onDelete: 'set null' }),
    amountUsedBotQueues: integer('amount_used_bot_queues').notNull().default(0),
    amountUsedBotQueuesNps: integer('amount_used_bot_queues_nps').notNull().default(0),
    chatbotAt: at('chatbot_at'),
    outOfHoursSentAt: at('out_of_hours_sent_at'),
    lgpdSentAt: at('lgpd_sent_at'),
    sendInactiveMessage: boolean('send_inactive_message').notNull().default(false),
    imported: boolean('imported').notNull().default(false),
    /** Its messages came in while the WhatsApp session was down and were back-filled on reconnect. */
    arrivedOffline: boolean('arrived_offline').notNull().default(false),
    /** Next on-duty (plantão) notification allowed for this ticket; null means now. */
    nextNotifyAt: at('next_notify_at'),
    /** When the queue router last offered the ticket to its user; rotation counts tempoRoteador from here. */
    routedAt: at('routed_at'),
    // Denormalised for the ticket list, which must never join messages.
    unreadMessages: integer('unread_messages').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: at('last_message_at'),
    lastMessageFromMe: boolean('last_message_from_me').notNull().default(false),
    waitingSince: at('waiting_since'),
    firstReplyAt: at('first_reply_at'),
    /** Idleness for auto-close and inactivity messages is measured from these, not from updated_at. */
    lastCustomerMessageAt: at('last_customer_message_at'),
    lastAgentMessageAt: at('last_agent_message_at'),
    acceptedAt: at('accepted_at'),
    closedAt: at('closed_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tickets_uuid_key').on(t.uuid),
    // One active ticket per contact and connection: duplicates are the most reported bug of the product we replace.
    uniqueIndex('tickets_company_contact_connection_active_key')
      .on(t.companyId, t.contactId, t.connectionId)
      .where(sql`${t.status} <> 'closed'`),
    index('tickets_company_status_updated_idx').on(
      t.companyId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The closed tab (closed, and waiting for a rating) by last change; tickets.list.ts names the same list.
    index('tickets_company_finished_updated_idx')
      .on(t.companyId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('closed', 'nps')`),
    // The search tab lists every status by last change.
    index('tickets_company_updated_idx').on(
      t.companyId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('tickets_company_queue_status_updated_idx').on(
      t.companyId,
      t.queueId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
    ),
    index('tickets_company_user_status_updated_idx').on(
      t.companyId,
      t.userId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
    ),
    // The list's creation-day filter (`date`), and the dashboard's leads (group flag and contact in the index).
    index('tickets_company_created_idx').on(t.companyId, t.createdAt, t.isGroup, t.contactId),
    // The dashboard's leads: whether a contact had a ticket before the period.
    index('tickets_company_contact_created_idx').on(t.companyId, t.contactId, t.createdAt),
    index('tickets_contact_idx').on(t.contactId),
    // The automation sweep walks each connection's open, waiting and rating tickets.
    index('tickets_connection_status_idx').on(t.connectionId, t.status),
  ],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index('ticket_tags_tag_idx').on(t.tagId)],
);

export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_logs_ticket_created_idx').on(t.ticketId, t.createdAt)],
);

export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    ...timestamps,
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId), index('ticket_notes_contact_idx').on(t.contactId)],
);

/**
 * One row per ticket cycle (from arrival or reopening until closing), written as the facts happen, so
 * dashboards and reports read times instead of scanning messages.
 */
export const ticketCycles = pgTable(
  'ticket_cycles',
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: at('queued_at'),
    acceptedAt: at('accepted_at'),
    firstReplyAt: at('first_reply_at'),
    closedAt: at('closed_at'),
    ratedAt: at('rated_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ticket_cycles_company_created_idx').on(t.companyId, t.createdAt, t.queueId, t.userId),
    index('ticket_cycles_company_user_created_idx').on(t.companyId, t.userId, t.createdAt),
    // The dashboard's day facts by the instant each happened, and what is still open now: each index holds
    // the columns its query reads, so a day's facts come from the index alone (no row visited).
    index('ticket_cycles_company_closed_idx').on(t.companyId, t.closedAt, t.userId, t.acceptedAt, t.ticketId),
    index('ticket_cycles_company_accepted_idx').on(t.companyId, t.acceptedAt, t.queuedAt, t.userId),
    index('ticket_cycles_company_open_idx')
      .on(t.companyId, t.acceptedAt, t.ticketId)
      .where(sql`${t.closedAt} is null`),
    index('ticket_cycles_ticket_idx').on(t.ticketId, t.closedAt),
  ],
);

/**
 * How many cycles began in each hour (UTC) of a company: the report's exact total for a period is the
 * sum of its whole hours and a count of the cycles in its partial ends, instead of a count of every
 * cycle. Kept by triggers on ticket_cycles (migration 0035), in the writing transaction.
 */
export const ticketCycleHours = pgTable(
  'ticket_cycle_hours',
  {
    companyId: companyId(),
    hour: at('hour').notNull(),
    cycles: integer('cycles').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.hour] })],
);

export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    id: id(),
    companyId: companyId(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => ticketCycles.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rate: integer('rate').notNull(),
    /** The top of the scale the customer answered on, so 1–5 and 0–10 answers are never mixed up. */
    scale: integer('scale').notNull().default(5),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ticket_ratings_cycle_key').on(t.cycleId),
    index('ticket_ratings_ticket_idx').on(t.ticketId),
    index('ticket_ratings_company_created_idx').on(t.companyId, t.createdAt, t.scale, t.userId, t.rate),
  ],
);
