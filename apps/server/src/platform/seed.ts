import { randomBytes } from 'node:crypto';
import { PLATFORM_COMPANY_ID, PLATFORM_DUE_DATE } from '@balcao/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { companies, plans, users } from '../db/schema/index.js';
import { hashPassword } from './auth/passwords.js';

export interface SeedResult {
  adminEmail: string;
  /** Set only when the admin was created now with a generated password: print it once. */
  generatedPassword?: string;
}

/**
 * What every installation needs: a default plan, the platform company (id 1, never expires)
 * and its super admin. Safe to run on every start.
 */
/** Any constant the processes agree on ('seed' in ASCII). */
const SEED_LOCK = 0x73656564;

export async function seedPlatform(db: Db, admin: { email: string; password?: string }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Processes started together on an empty database would each create the plan and the admin.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    let [plan] = await tx.select({ id: plans.id }).from(plans).orderBy(plans.id).limit(1);
    if (!plan) {
      [plan] = await tx
        .insert(plans)
        .values({
          name: 'Plano Padrão',
          users: 10,
          connections: 3,
          queues: 10,
          amountCents: 9900,
          isPublic: true,
        })
        .returning({ id: plans.id });
    }
    if (!plan) throw new Error('The default plan could not be created');

    await tx
      .insert(companies)
      .overridingSystemValue()
      .values({ id: PLATFORM_COMPANY_ID, name: 'Balcão', planId: plan.id, dueDate: PLATFORM_DUE_DATE })
      .onConflictDoUpdate({ target: companies.id, set: { dueDate: PLATFORM_DUE_DATE } });
    // The row above took id 1 by hand; later companies must not collide with it.
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`,
    );

    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
    if (existing) return { adminEmail: admin.email };
    const password = admin.password ?? randomBytes(9).toString('base64url');
    await tx.insert(users).values({
      companyId: PLATFORM_COMPANY_ID,
      name: 'Admin',
      email: admin.email,
      passwordHash: await hashPassword(password),
      profile: 'admin',
      super: true,
    });
    return { adminEmail: admin.email, generatedPassword: admin.password ? undefined : password };
  });
}
