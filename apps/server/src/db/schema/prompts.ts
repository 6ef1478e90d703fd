import { index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { queues } from './queues.js';

export const prompts = pgTable(
  'prompts',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    voice: text('voice').notNull().default('texto'),
    /** Azure speech key; like apiKey, encrypted by the application. */
    voiceKey: text('voice_key').notNull().default(''),
    voiceRegion: text('voice_region').notNull().default(''),
    maxTokens: integer('max_tokens').notNull().default(100),
    temperature: real('temperature').notNull().default(1),
    /** Encrypted by the application before it is stored; never returned in clear. */
    apiKey: text('api_key').notNull(),
    /** Where the assistant transfers the ticket when it decides a human must take over. */
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    maxMessages: integer('max_messages').notNull().default(10),
    ...timestamps,
  },
  (t) => [index('prompts_company_name_idx').on(t.companyId, t.name)],
);
