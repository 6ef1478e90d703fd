import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, id } from './columns.js';
import { companyId } from './companies.js';
import { connections } from './connections.js';

/**
 * Every status a connection went through, with why (the disconnect code WhatsApp gave): the
 * disconnect timeline, and the start of the gap a reconnect back-fills.
 */
export const connectionStatusEvents = pgTable(
  'connection_status_events',
  {
    id: id(),
    companyId: companyId(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The disconnect code (401, 428, 515...) or a word for what the user did; null for plain transitions. */
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  // The timeline's order (newest first, id breaking ties), also the retention prune's range scan.
  (t) => [
    index('connection_status_events_connection_idx').on(t.connectionId, t.createdAt.desc(), t.id.desc()),
    // The dashboard's uptime of every connection of a company over a period.
    index('connection_status_events_company_idx').on(t.companyId, t.connectionId, t.createdAt),
  ],
);

/**
 * The phone's chat list as the session learned it (history sync, new chats): what
 * `POST /contacts/import/chats` turns into contacts.
 */
export const whatsappChats = pgTable(
  'whatsapp_chats',
  {
    companyId: companyId(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    jid: text('jid').notNull(),
    name: text('name').notNull().default(''),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.jid] }),
    index('whatsapp_chats_company_idx').on(t.companyId),
  ],
);
