import { bigint, boolean, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { at } from './columns.js';
import { companyId } from './companies.js';
import { messages } from './messages.js';

/**
 * A customer's message whose automation (bot step, menu, rating, consent) has not finished yet. Written
 * in the message's own transaction and deleted once the step has run, so a process that dies between
 * the commit and the step leaves the row behind, and the recovery sweep runs the step.
 */
export const pendingAutomations = pgTable(
  'pending_automations',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    /** The message opened its ticket: the greeting and consent belong to a first contact. */
    created: boolean('created').notNull(),
    /** The integration whose webhook job was queued with the message. */
    queuedFor: integer('queued_for'),
    createdAt: at('created_at').notNull(),
    /** Until when a process is running the step; a lapsed claim (the process died) may be taken again. */
    claimedUntil: at('claimed_until'),
  },
  (t) => [index('pending_automations_created_idx').on(t.createdAt)],
);
