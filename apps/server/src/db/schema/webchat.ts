import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from './columns.js';
import { companyId } from './companies.js';
import { connections } from './connections.js';
import { contacts } from './contacts.js';

/** A website visitor the widget remembers; the widget proves it with a secret only its hash is kept of. */
export const webchatVisitors = pgTable(
  'webchat_visitors',
  {
    id: id(),
    companyId: companyId(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webchat_visitors_connection_visitor_key').on(t.connectionId, t.visitorId)],
);
