import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { plans } from './plans.js';

/** One weekday of service hours: two shifts, HH:MM; an empty start and end means closed. */
export interface ServiceHoursDay {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    document: text('document').notNull().default(''),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: boolean('status').notNull().default(true),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    recurrence: text('recurrence').notNull().default('MENSAL'),
    paymentMethod: text('payment_method').notNull().default(''),
    timezone: text('timezone').notNull().default('America/Sao_Paulo'),
    numberAttendants: integer('number_attendants').notNull().default(1),
    numberConnections: integer('number_connections').notNull().default(1),
    /** Company-level service hours, used when the scheduleType setting is "company". */
    schedules: jsonb('schedules').$type<ServiceHoursDay[]>().notNull().default([]),
    /** The company whose sign-up link brought this one (spec 000 §2: /signup?companyId=). */
    referrerCompanyId: integer('referrer_company_id'),
    lastLogin: at('last_login'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('companies_name_key').on(sql`lower(${t.name})`),
    index('companies_plan_idx').on(t.planId),
  ],
);

/** The owning company of a tenant row: every tenant table has one, and a company's rows go with it. */
export const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const companySettings = pgTable(
  'company_settings',
  {
    companyId: companyId(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.key] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    companyId: companyId(),
    detail: text('detail').notNull(),
    users: integer('users').notNull(),
    connections: integer('connections').notNull(),
    queues: integer('queues').notNull(),
    valueCents: integer('value_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('open'),
    paidAt: at('paid_at'),
    /** The payment provider's charge id; unique so a replayed webhook cannot pay twice. */
    providerTxid: text('provider_txid'),
    ...timestamps,
  },
  (t) => [
    index('invoices_company_due_idx').on(t.companyId, t.dueDate),
    uniqueIndex('invoices_company_due_key').on(t.companyId, t.dueDate),
    uniqueIndex('invoices_txid_key').on(t.providerTxid),
  ],
);
