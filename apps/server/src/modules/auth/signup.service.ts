import { addDays, DEFAULT_TIMEZONE, type SignupBody, zonedParts } from '@balcao/shared';
import { eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { companies, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { findPublicPlan } from '../plans/plans.queries.js';
import { readSignupEnabled } from '../settings/settings.queries.js';

const SIGNUP_WINDOW_SECONDS = 3600;

/**
 * Self-service sign-up: a new company on a public plan, on trial, with its first admin. An e-mail or
 * company name already registered answers as a created account does and creates nothing, so the form
 * cannot be used to learn who is registered (docs/decisions.md).
 */
export async function signup(deps: AppDeps, input: SignupBody, address: string): Promise<void> {
  if (!(await readSignupEnabled(deps.db))) throw new AppError('ERR_USER_CREATION_DISABLED');
  if (
    (await hitRateLimit(deps.db, `signup:address:${address}`, SIGNUP_WINDOW_SECONDS)) >
    deps.config.signupsPerAddressHour
  )
    throw new AppError('ERR_TOO_MANY_REQUESTS');
  const plan = await findPublicPlan(deps.db, input.planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 'Unknown plan', { planId: 'invalidValue' });
  // Hashed whether or not an account comes of it: the answer takes as long either way.
  const passwordHash = await hashPassword(input.password);
  const today = zonedParts(new Date(), DEFAULT_TIMEZONE).date;

  try {
    await deps.db.transaction(async (tx) => {
      const referrer = input.companyId
        ? (await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId)))[0]
        : undefined;
      const [company] = await tx
        .insert(companies)
        .values({
          name: input.companyName,
          email: input.email,
          phone: input.phone,
          planId: plan.id,
          dueDate: addDays(today, deps.config.trialDays),
          referrerCompanyId: referrer?.id ?? null,
        })
        .returning({ id: companies.id });
      if (!company) throw new AppError('ERR_INTERNAL');
      await tx.insert(users).values({
        companyId: company.id,
        name: input.name,
        email: input.email,
        passwordHash,
        profile: 'admin',
        wpp: input.phone,
        language: input.language,
      });
    });
  } catch (error) {
    const taken = isUniqueViolation(error, 'companies_name_key')
      ? 'companyName'
      : isUniqueViolation(error, 'users_email_key')
        ? 'email'
        : undefined;
    if (!taken) throw error;
    await logTaken(deps, taken, input);
  }
}

/**
 * The owner of what was taken should hear of the attempt; the platform sends no mail yet, so the log
 * names them for the operator, by ids only: never the address typed or the password.
 */
async function logTaken(deps: AppDeps, taken: 'companyName' | 'email', input: SignupBody) {
  const owner =
    taken === 'email'
      ? await deps.db
          .select({ companyId: users.companyId, userId: users.id })
          .from(users)
          .where(eq(users.email, input.email))
      : await deps.db
          .select({ companyId: companies.id })
          .from(companies)
          .where(sql`lower(${companies.name}) = lower(${input.companyName})`);
  deps.log.info(
    { taken, owner: owner[0] },
    'Sign-up for a registered e-mail or company name: nothing created',
  );
}
