import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { users } from './users.js';

export const plantoes = pgTable(
  'plantoes',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    /** Minutes between two notifications about the same ticket. */
    interval: integer('interval').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('plantoes_company_user_idx').on(t.companyId, t.userId)],
);

/** One duty window, HH:MM in the company's time zone; an end before the start runs past midnight. */
export const plantaoDays = pgTable(
  'plantao_days',
  {
    id: id(),
    companyId: companyId(),
    plantaoId: integer('plantao_id')
      .notNull()
      .references(() => plantoes.id, { onDelete: 'cascade' }),
    /** 0 Sunday … 6 Saturday. */
    weekday: integer('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (t) => [
    index('plantao_days_plantao_idx').on(t.plantaoId),
    check('plantao_days_weekday_check', sql`${t.weekday} between 0 and 6`),
  ],
);
