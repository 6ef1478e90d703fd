import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companyId, type ServiceHoursDay } from './companies.js';
import { fileLists } from './files.js';
import { queueIntegrations } from './integrations.js';
import { prompts } from './prompts.js';
import { users } from './users.js';

export const queues = pgTable(
  'queues',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    greetingMessage: text('greeting_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    orderQueue: integer('order_queue').notNull().default(0),
    ativarRoteador: boolean('ativar_roteador').notNull().default(false),
    /** Router (ativar_roteador): minutes an assigned pending ticket waits before reassignment; 0 is off. */
    tempoRoteador: integer('tempo_roteador').notNull().default(0),
    integrationId: integer('integration_id').references(() => queueIntegrations.id, {
      onDelete: 'set null',
    }),
    fileListId: integer('file_list_id').references(() => fileLists.id, { onDelete: 'set null' }),
    promptId: integer('prompt_id').references((): AnyPgColumn => prompts.id, { onDelete: 'set null' }),
    closeTicket: boolean('close_ticket').notNull().default(false),
    schedules: jsonb('schedules').$type<ServiceHoursDay[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('queues_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('queues_company_color_key').on(t.companyId, t.color),
  ],
);

/** One option of a queue's chatbot menu; options nest through parent_id. */
export const chatbots = pgTable(
  'chatbots',
  {
    id: id(),
    companyId: companyId(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => chatbots.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Sent when the option is chosen; an option without one ends the dialog. */
    greetingMessage: text('greeting_message').notNull().default(''),
    queueType: text('queue_type').notNull().default('text'),
    closeTicket: boolean('close_ticket').notNull().default(false),
    optQueueId: integer('opt_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    optUserId: integer('opt_user_id').references(() => users.id, { onDelete: 'set null' }),
    optIntegrationId: integer('opt_integration_id').references(() => queueIntegrations.id, {
      onDelete: 'set null',
    }),
    optFileId: integer('opt_file_id').references(() => fileLists.id, { onDelete: 'set null' }),
    /** Menu order among siblings: the customer's reply "n" picks the n-th option. */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('chatbots_queue_parent_position_idx').on(t.queueId, t.parentId, t.position)],
);
