import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, id } from './columns.js';
import { companyId } from './companies.js';
import { users } from './users.js';

/**
 * Password recovery codes (docs/decisions.md): one row per code sent, for the number or e-mail it was
 * asked for (`target`) and the user it was sent to. The code is kept only as an argon2 hash; proving it
 * spends it and sets `tokenHash`, the sha256 of the one-time token that may set the password once.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The digits of the WhatsApp number, or the lowercased e-mail address, the code was asked for. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Every try is counted before the code is checked, so tries sent at once cannot outrun the limit. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    verifiedAt: at('verified_at'),
    tokenHash: text('token_hash'),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('password_resets_target_idx').on(t.target, t.id.desc()),
    uniqueIndex('password_resets_token_key').on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_created_idx').on(t.createdAt),
  ],
);
