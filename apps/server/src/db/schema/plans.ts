import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';

export const plans = pgTable(
  'plans',
  {
    id: id(),
    name: text('name').notNull(),
    users: integer('users').notNull().default(1),
    connections: integer('connections').notNull().default(1),
    queues: integer('queues').notNull().default(1),
    /** Monthly price in cents of BRL. */
    amountCents: integer('amount_cents').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(true),
    useWhatsapp: boolean('use_whatsapp').notNull().default(true),
    useFacebook: boolean('use_facebook').notNull().default(true),
    useInstagram: boolean('use_instagram').notNull().default(true),
    useCampaigns: boolean('use_campaigns').notNull().default(true),
    useSchedules: boolean('use_schedules').notNull().default(true),
    useInternalChat: boolean('use_internal_chat').notNull().default(true),
    useExternalApi: boolean('use_external_api').notNull().default(true),
    useKanban: boolean('use_kanban').notNull().default(true),
    useOpenAi: boolean('use_open_ai').notNull().default(true),
    useIntegrations: boolean('use_integrations').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('plans_name_key').on(t.name)],
);
