import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.js';
import { companyId } from './companies.js';
import { queues } from './queues.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: companyId(),
    name: text('name').notNull(),
    /** Stored lowercased; login is by e-mail, so it is unique across companies. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile').notNull().default('user'),
    super: boolean('super').notNull().default(false),
    startWork: text('start_work').notNull().default('00:00'),
    endWork: text('end_work').notNull().default('23:59'),
    farewellMessage: text('farewell_message').notNull().default(''),
    allTicket: text('all_ticket').notNull().default('disable'),
    allowGroup: boolean('allow_group').notNull().default(false),
    defaultTheme: text('default_theme').notNull().default('system'),
    defaultMenu: text('default_menu').notNull().default('open'),
    wpp: text('wpp').notNull().default(''),
    /** The user's default connection; a plain integer to keep users free of the connections module. */
    whatsappId: integer('whatsapp_id'),
    /** Storage key of the avatar, not a URL: URLs are signed when answered. */
    profileImage: text('profile_image'),
    showDashboard: text('show_dashboard').notNull().default('disabled'),
    allowRealTime: text('allow_real_time').notNull().default('disabled'),
    allowConnections: text('allow_connections').notNull().default('disabled'),
    online: boolean('online').notNull().default(false),
    lastSeenAt: at('last_seen_at'),
    language: text('language').notNull().default('pt-BR'),
    color: text('color').notNull().default('#5C6BC0'),
    /** Sealed with the secret box; set at setup, in force once `totpEnabled` (a code confirmed it). */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last time step a code was accepted for: a code is refused for it or any earlier step. */
    totpLastStep: integer('totp_last_step'),
    /** sha256 of each unused recovery code; one is removed as it is spent. */
    totpRecoveryHashes: text('totp_recovery_hashes').array().notNull().default(sql`'{}'::text[]`),
    /** Remembered devices trusted before this are forgotten (2FA disabled, password changed). */
    trustedDevicesSince: at('trusted_devices_since'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_company_name_idx').on(t.companyId, t.name),
    index('users_online_seen_idx').on(t.lastSeenAt).where(sql`${t.online}`),
    index('users_wpp_idx').on(t.wpp),
    // Password recovery finds the user by the digits of the number, however it was typed in the profile.
    index('users_wpp_digits_idx')
      .on(sql`regexp_replace(${t.wpp}, '[^0-9]', '', 'g')`)
      .where(sql`${t.wpp} <> ''`),
  ],
);

/** Which queues a user serves. Owned through both parents, which are company-scoped. */
export const userQueues = pgTable(
  'user_queues',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references((): AnyPgColumn => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index('user_queues_queue_idx').on(t.queueId)],
);
