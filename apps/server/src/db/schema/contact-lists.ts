import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companyId } from './companies.js';

/** Campaign audiences, kept apart from contacts so importing a list creates no contact. */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    /**
     * When the WhatsApp check of its items last claimed or advanced a batch; null when none runs. A
     * claim older than a few batches is a check that died, and may be taken over.
     */
    checkingAt: at('checking_at'),
    ...timestamps,
  },
  (t) => [index('contact_lists_company_name_idx').on(t.companyId, t.name)],
);

export const contactListItems = pgTable(
  'contact_list_items',
  {
    id: id(),
    companyId: companyId(),
    contactListId: integer('contact_list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    isWhatsappValid: boolean('is_whatsapp_valid'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contact_list_items_list_number_key').on(t.contactListId, t.number),
    // The items page, in name order.
    index('contact_list_items_list_name_idx').on(t.contactListId, t.name, t.id),
    // The WhatsApp check's next batch: the list's items no connection has answered for yet.
    index('contact_list_items_unchecked_idx')
      .on(t.contactListId, t.id)
      .where(sql`${t.isWhatsappValid} is null`),
  ],
);
