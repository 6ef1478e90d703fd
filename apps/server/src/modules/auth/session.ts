import { mustEnrolTwoFactor, type SessionUser } from '@balcao/shared';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findCompanyAndPlan } from '../companies/companies.queries.js';
import { toPlan } from '../plans/plans.queries.js';
import { listVisibleSettings } from '../settings/settings.service.js';
import { findUser } from '../users/users.queries.js';
import { presentUser } from '../users/users.service.js';

/** The user as the web app keeps it: with the company, its settings and its plan. */
export async function loadSessionUser(
  deps: AppDeps,
  owner: { userId: number; companyId: number },
): Promise<SessionUser> {
  const row = await findUser(deps.db, owner.companyId, owner.userId);
  if (!row) throw new AppError('ERR_SESSION_EXPIRED');
  const found = await findCompanyAndPlan(deps.db, row.companyId);
  if (!found) throw new AppError('ERR_SESSION_EXPIRED');
  const { company, plan } = found;
  const settings = await listVisibleSettings(deps.db, company.id);
  const twoFactorEnabled = row.totpEnabled;
  const required = settings.find((s) => s.key === 'requireAdminTwoFactor')?.value;
  return {
    ...(await presentUser(deps, row)),
    twoFactorEnabled,
    twoFactorRequired: mustEnrolTwoFactor({ profile: row.profile, twoFactorEnabled }, required),
    company: {
      id: company.id,
      name: company.name,
      dueDate: company.dueDate,
      timezone: company.timezone,
      companieSettings: settings,
      plan: toPlan(plan),
    },
  };
}
