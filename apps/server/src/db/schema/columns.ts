import { integer, timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at, the same on every table. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
