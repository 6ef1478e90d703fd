import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { connections } from './connections.js';
import { contacts } from './contacts.js';
import { tickets } from './tickets.js';
import { users } from './users.js';

export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    companyId: companyId(),
    body: text('body').notNull(),
    sendAt: at('send_at').notNull(),
    sentAt: at('sent_at'),
    status: text('status').notNull().default('PENDENTE'),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null sends through the company's default connection. */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    mediaType: text('media_type'),
    error: text('error'),
    ...timestamps,
  },
  (t) => [
    index('schedules_company_send_idx').on(t.companyId, t.sendAt),
    index('schedules_contact_idx').on(t.contactId),
    // The sender's sweep reads only what is still due, including what was missed during downtime.
    index('schedules_pending_send_idx').on(t.sendAt).where(sql`${t.status} = 'PENDENTE'`),
  ],
);
