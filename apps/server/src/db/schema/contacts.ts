import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { connections } from './connections.js';
import { tags } from './tags.js';

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    /** Digits of the phone number, or the group id; null when the channel gives no number (LID only, Meta, webchat). */
    number: text('number'),
    /**
     * The jid WhatsApp addresses the contact's phone by: for many Brazilian mobiles it lacks the 9th
     * digit `number` has. Null until WhatsApp told it (a message from the contact, or its number
     * check before the first send).
     */
    whatsappJid: text('whatsapp_jid'),
    email: text('email').notNull().default(''),
    profilePicUrl: text('profile_pic_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    channel: text('channel').notNull().default('whatsapp'),
    isGroup: boolean('is_group').notNull().default(false),
    disableBot: boolean('disable_bot').notNull().default(false),
    acceptAudioMessage: boolean('accept_audio_message').notNull().default(true),
    lgpdAcceptedAt: at('lgpd_accepted_at'),
    /** When the profile picture was last fetched, so it is refreshed rarely and never per message. */
    pictureUpdatedAt: at('picture_updated_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_company_channel_number_key')
      .on(t.companyId, t.channel, t.number)
      .where(sql`${t.number} is not null`),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    // Searches by any part of the name, number or e-mail, within one company: the company leads each
    // index (btree_gin), so a search reads its own company's matches, never every tenant's (issue 29).
    index('contacts_company_name_trgm_idx').using('gin', t.companyId, t.name.op('gin_trgm_ops')),
    index('contacts_company_number_trgm_idx').using('gin', t.companyId, t.number.op('gin_trgm_ops')),
    index('contacts_company_email_trgm_idx').using('gin', t.companyId, t.email.op('gin_trgm_ops')),
  ],
);

/**
 * Every id a channel knows the contact by: a WhatsApp phone id and its LID, a Messenger PSID, an
 * Instagram IGSID, a webchat visitor. Inbound messages resolve the contact here, so a LID never
 * becomes a second contact or a fake phone number.
 */
export const contactIdentities = pgTable(
  'contact_identities',
  {
    id: id(),
    companyId: companyId(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The page or account a PSID/IGSID is scoped to; null for ids valid across connections. */
    connectionId: integer('connection_id').references(() => connections.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_identities_company_kind_value_key').on(t.companyId, t.kind, t.value),
    index('contact_identities_contact_idx').on(t.contactId),
  ],
);

/** The spec's extraInfo. */
export const contactCustomFields = pgTable(
  'contact_custom_fields',
  {
    id: id(),
    companyId: companyId(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('contact_custom_fields_contact_idx').on(t.contactId)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId)],
);
