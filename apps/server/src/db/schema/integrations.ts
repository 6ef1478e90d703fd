import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companyId } from './companies.js';

export const queueIntegrations = pgTable(
  'queue_integrations',
  {
    id: id(),
    companyId: companyId(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    projectName: text('project_name').notNull().default(''),
    /** Dialogflow's service account key, sealed by the application (platform/secret-box.ts). */
    jsonContent: text('json_content').notNull().default(''),
    language: text('language').notNull().default(''),
    urlN8n: text('url_n8n').notNull().default(''),
    typebotSlug: text('typebot_slug').notNull().default(''),
    /** Minutes of ticket idleness after which the Typebot session restarts. */
    typebotExpires: integer('typebot_expires').notNull().default(1),
    typebotDelayMessage: integer('typebot_delay_message').notNull().default(1000),
    typebotKeywordFinish: text('typebot_keyword_finish').notNull().default(''),
    typebotKeywordRestart: text('typebot_keyword_restart').notNull().default(''),
    typebotRestartMessage: text('typebot_restart_message').notNull().default(''),
    typebotUnknownMessage: text('typebot_unknown_message').notNull().default(''),
    /** HMAC key of webhook and n8n deliveries, generated per integration. */
    webhookSecret: text('webhook_secret').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('queue_integrations_company_name_idx').on(t.companyId, t.name)],
);
