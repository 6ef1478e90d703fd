import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from './columns.js';
import { companies } from './companies.js';
import { connections } from './connections.js';

/**
 * The parts of a Meta webhook delivery that could not be stored as messages (an element of an unknown
 * shape, an event nobody handles): kept with the raw JSON for a while, so what Meta sent can be read
 * back, while the rest of the delivery is stored and answered 200.
 */
export const webhookRejections = pgTable(
  'webhook_rejections',
  {
    id: id(),
    /** Known when the element named a connection; null for what could not be routed at all. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    /** The webhook's `object`: whatsapp_business_account, page or instagram. */
    source: text('source').notNull(),
    reason: text('reason').notNull(),
    /** The element as Meta sent it (SQL null for a JSON null). */
    raw: jsonb('raw'),
    /** Of the element and where it was: Meta delivering the same delivery again records it once. */
    digest: text('digest').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_rejections_digest_key').on(t.digest),
    // The nightly prune's range, and a company's own list, newest first.
    index('webhook_rejections_created_idx').on(t.createdAt),
    index('webhook_rejections_company_idx').on(t.companyId, t.createdAt.desc()),
    // Deleting a connection clears its link here without reading the table.
    index('webhook_rejections_connection_idx').on(t.connectionId).where(sql`${t.connectionId} is not null`),
  ],
);
