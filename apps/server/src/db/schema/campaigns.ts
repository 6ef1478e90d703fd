import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { connections } from './connections.js';
import { contactListItems, contactLists } from './contact-lists.js';
import { contacts } from './contacts.js';
import { tags } from './tags.js';

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    status: text('status').notNull().default('INATIVA'),
    confirmation: boolean('confirmation').notNull().default(false),
    contactListId: integer('contact_list_id').references(() => contactLists.id, { onDelete: 'set null' }),
    tagListId: integer('tag_list_id').references(() => tags.id, { onDelete: 'set null' }),
    connectionIds: integer('connection_ids').array().notNull().default(sql`'{}'::integer[]`),
    scheduledAt: at('scheduled_at'),
    completedAt: at('completed_at'),
    message1: text('message1').notNull().default(''),
    message2: text('message2').notNull().default(''),
    message3: text('message3').notNull().default(''),
    message4: text('message4').notNull().default(''),
    message5: text('message5').notNull().default(''),
    confirmationMessage1: text('confirmation_message1').notNull().default(''),
    confirmationMessage2: text('confirmation_message2').notNull().default(''),
    confirmationMessage3: text('confirmation_message3').notNull().default(''),
    confirmationMessage4: text('confirmation_message4').notNull().default(''),
    confirmationMessage5: text('confirmation_message5').notNull().default(''),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    ...timestamps,
  },
  (t) => [index('campaigns_company_status_scheduled_idx').on(t.companyId, t.status, t.scheduledAt)],
);

export const campaignSettings = pgTable(
  'campaign_settings',
  {
    companyId: companyId(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

/** One send of a campaign to one recipient; unique per recipient so a restarted campaign never sends twice. */
export const campaignShippings = pgTable(
  'campaign_shippings',
  {
    id: id(),
    companyId: companyId(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactListItemId: integer('contact_list_item_id'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    message: text('message').notNull().default(''),
    confirmationMessage: text('confirmation_message').notNull().default(''),
    confirmation: boolean('confirmation'),
    confirmationRequestedAt: at('confirmation_requested_at'),
    confirmedAt: at('confirmed_at'),
    deliveredAt: at('delivered_at'),
    failedAt: at('failed_at'),
    error: text('error'),
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaign_shippings_campaign_item_key').on(t.campaignId, t.contactListItemId),
    uniqueIndex('campaign_shippings_campaign_contact_key')
      .on(t.campaignId, t.contactId)
      .where(sql`${t.contactId} is not null`),
    index('campaign_shippings_item_idx').on(t.contactListItemId),
    // Named by hand: the generated name exceeds PostgreSQL's 63-character limit.
    foreignKey({
      name: 'campaign_shippings_contact_list_item_id_fk',
      columns: [t.contactListItemId],
      foreignColumns: [contactListItems.id],
    }).onDelete('set null'),
  ],
);
