import { addDays, DEFAULT_TIMEZONE, type SignupBody, zonedParts } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { companies, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import { findPublicPlan } from '../plans/plans.queries.js';
import { readSignupEnabled } from '../settings/settings.queries.js';

/** Trial companies one address may open per hour (docs/decisions.md). */
const SIGNUPS_PER_ADDRESS = 10;
const SIGNUP_WINDOW_SECONDS = 3600;

/** Self-service sign-up: a new company on a public plan, on trial, with its first admin. */
export async function signup(deps: AppDeps, input: SignupBody, address: string) {
  if (!(await readSignupEnabled(deps.db))) throw new AppError('ERR_USER_CREATION_DISABLED');
  if ((await hitRateLimit(deps.db, `signup:address:${address}`, SIGNUP_WINDOW_SECONDS)) > SIGNUPS_PER_ADDRESS)
    throw new AppError('ERR_TOO_MANY_REQUESTS');
  const plan = await findPublicPlan(deps.db, input.planId);
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 'Unknown plan', { planId: 'invalidValue' });
  const passwordHash = await hashPassword(input.password);
  const today = zonedParts(new Date(), DEFAULT_TIMEZONE).date;

  try {
    return await deps.db.transaction(async (tx) => {
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
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          name: input.name,
          email: input.email,
          passwordHash,
          profile: 'admin',
          wpp: input.phone,
        })
        .returning({ id: users.id });
      if (!user) throw new AppError('ERR_INTERNAL');
      return { companyId: company.id, userId: user.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'companies_name_key')) {
      throw new AppError('ERR_COMPANY_ALREADY_EXISTS', 'Company name in use', {
        companyName: 'companyTaken',
      });
    }
    if (isUniqueViolation(error, 'users_email_key')) {
      throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'E-mail already in use', { email: 'emailTaken' });
    }
    throw error;
  }
}
