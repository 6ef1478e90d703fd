import type { CampaignTemplate, MessageTemplate } from '@balcao/shared';
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
import { contactLists } from './contact-lists.js';
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
    /**
     * The Cloud API template sent instead of the first text, with the template as Meta listed it when
     * the campaign was saved (`definition`): what its values fill, without asking Meta at every send.
     */
    template: jsonb('template').$type<CampaignTemplate & { definition: MessageTemplate }>(),
    ...timestamps,
  },
  (t) => [
    index('campaigns_company_status_scheduled_idx').on(t.companyId, t.status, t.scheduledAt),
    // The dispatcher's sweep across companies: scheduled ones coming due, and the running ones.
    index('campaigns_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'PROGRAMADA'`),
    index('campaigns_running_idx').on(t.id).where(sql`${t.status} = 'EM_ANDAMENTO'`),
    // What a shipping's one foreign key points at: its campaign, of its own company.
    uniqueIndex('campaigns_id_company_key').on(t.id, t.companyId),
  ],
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

/**
 * One send of a campaign to one recipient; unique per recipient so a restarted campaign never sends twice.
 * Planned 100,000 at a time in one statement, so each row checks as few foreign keys as it can
 * (docs/decisions.md, "Campaign faults and planning speed"): one for its campaign and company together
 * (the company's deletion reaches it through its campaign), none for its list item, whose name and
 * e-mail are only read when present.
 */
export const campaignShippings = pgTable(
  'campaign_shippings',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    campaignId: integer('campaign_id').notNull(),
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
    /**
     * A send of this shipping (its confirmation request or its message) was claimed and may be in
     * flight; cleared when its outcome is stored. Claims left by a dispatcher that lost its lease are
     * unknown outcomes: failed, never sent again (campaigns.dispatcher-queries.ts).
     */
    claimedAt: at('claimed_at'),
    /** The claimed send's request has started: if its dispatcher dies now, the outcome is unknown. */
    sending: boolean('sending').notNull().default(false),
    /** The provider's id of the last send, so its echo (a Baileys fromMe copy) is recognised. */
    externalId: text('external_id'),
    /** When the last send left: a connection's sends of the last 24 hours are its budget in use. */
    lastSentAt: at('last_sent_at'),
    /** The recipient answered no or the opt-out word to the confirmation request. */
    declinedAt: at('declined_at'),
    /** The confirmation request was never answered (campaigns.dispatcher-queries.ts says when). */
    expiredAt: at('expired_at'),
    ...timestamps,
  },
  (t) => [
    // The dispatcher's next send: unfinished, unclaimed, not waiting for the recipient's answer.
    index('campaign_shippings_sendable_idx')
      .on(t.campaignId, t.id)
      .where(
        sql`${t.claimedAt} is null and ${t.deliveredAt} is null and ${t.failedAt} is null and ${t.declinedAt} is null and ${t.expiredAt} is null and (${t.confirmationRequestedAt} is null or ${t.confirmation})`,
      ),
    // A reply finds the confirmation request it answers.
    index('campaign_shippings_awaiting_idx')
      .on(t.companyId, t.contactId)
      .where(sql`${t.confirmationRequestedAt} is not null and ${t.confirmation} is null`),
    index('campaign_shippings_connection_sent_idx')
      .on(t.connectionId, t.lastSentAt)
      .where(sql`${t.lastSentAt} is not null`),
    index('campaign_shippings_external_idx')
      .on(t.connectionId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    uniqueIndex('campaign_shippings_campaign_item_key').on(t.campaignId, t.contactListItemId),
    uniqueIndex('campaign_shippings_campaign_contact_key')
      .on(t.campaignId, t.contactId)
      .where(sql`${t.contactId} is not null`),
    foreignKey({
      name: 'campaign_shippings_campaign_company_fk',
      columns: [t.campaignId, t.companyId],
      foreignColumns: [campaigns.id, campaigns.companyId],
    }).onDelete('cascade'),
  ],
);

/**
 * Who sends a running campaign: one process at a time holds its lease (renewed while it runs), and
 * the pacing's next send time survives a restart.
 */
export const campaignRuns = pgTable('campaign_runs', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  companyId: companyId(),
  owner: text('owner'),
  leaseExpiresAt: at('lease_expires_at'),
  /** Sends made so far: every `longerIntervalAfter`-th is followed by the longer pause. */
  sends: integer('sends').notNull().default(0),
  nextSendAt: at('next_send_at'),
  ...timestamps,
});
