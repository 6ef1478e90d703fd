import {
  addDays,
  type CompanyAdmin,
  type CreateCompanyBody,
  DEFAULT_TIMEZONE,
  type ListCompaniesQuery,
  msg,
  PAGE_SIZE,
  PLATFORM_COMPANY_ID,
  type UpdateCompanyBody,
  zonedParts,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { companies, plans, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { changedFields, recordAudit } from '../audit/audit.record.js';
import { companyOptions, findCompanyAdmin, searchCompanies } from './companies.admin-queries.js';
import { publishCompanyChange } from './companies.events.js';

/** The super user's company management (spec 001 §2 Companies); every route is gated `companies:manage`. */
export async function listCompanies(ctx: Ctx, query: ListCompaniesQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchCompanies(ctx.db, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { companies: rows, hasMore: offset + rows.length < total, count: total };
}

export const listCompanyOptions = (ctx: Ctx) => companyOptions(ctx.db);

export async function showCompany(ctx: Ctx, id: number): Promise<CompanyAdmin> {
  const company = await findCompanyAdmin(ctx.db, id);
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  return company;
}

/** The company and its first admin (the company's e-mail, the given password), in one transaction. */
export async function createCompany(ctx: Ctx, input: CreateCompanyBody): Promise<CompanyAdmin> {
  const { password, numberConections, ...fields } = input;
  const passwordHash = await hashPassword(password);
  const today = zonedParts(ctx.now(), DEFAULT_TIMEZONE).date;
  const id = await ctx.db
    .transaction(async (tx) => {
      await requirePlan(tx, input.planId);
      const [company] = await tx
        .insert(companies)
        .values({
          ...fields,
          numberConnections: numberConections,
          dueDate: input.dueDate ?? addDays(today, ctx.config.trialDays),
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
      });
      await recordAudit(tx, ctx, {
        companyId: company.id,
        action: 'company.create',
        entityType: 'company',
        entityId: company.id,
        changes: { name: [null, input.name], planId: [null, input.planId] },
      });
      return company.id;
    })
    .catch(rethrowTaken);
  return showCompany(ctx, id);
}

export async function updateCompany(ctx: Ctx, id: number, input: UpdateCompanyBody): Promise<CompanyAdmin> {
  if (id === PLATFORM_COMPANY_ID && input.status === false)
    throw new AppError('ERR_PLATFORM_COMPANY', 'The platform company stays active', {
      status: msg.invalidValue,
    });
  const { numberConections, ...fields } = input;
  await ctx.db
    .transaction(async (tx) => {
      if (input.planId !== undefined) await requirePlan(tx, input.planId);
      const before = await findCompanyAdmin(tx, id);
      if (!before) throw new AppError('ERR_NO_COMPANY_FOUND');
      const [after] = await tx
        .update(companies)
        .set({ ...fields, numberConnections: numberConections, updatedAt: new Date() })
        .where(eq(companies.id, id))
        .returning();
      if (!after) throw new AppError('ERR_NO_COMPANY_FOUND');
      const changes = changedFields(
        before,
        { ...after, numberConections: after.numberConnections },
        Object.keys(input),
      );
      if (Object.keys(changes).length)
        await recordAudit(tx, ctx, {
          companyId: id,
          action: 'company.update',
          entityType: 'company',
          entityId: id,
          changes,
        });
    })
    .catch(rethrowTaken);
  await publishCompanyChange(ctx, id);
  return showCompany(ctx, id);
}

/** Everything the company owns goes with it (every tenant table cascades); the platform's own stays. */
export async function deleteCompany(ctx: Ctx, id: number): Promise<void> {
  if (id === PLATFORM_COMPANY_ID || id === ctx.companyId)
    throw new AppError('ERR_PLATFORM_COMPANY', 'The platform company cannot be deleted');
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(companies).where(eq(companies.id, id)).returning({ name: companies.name });
    if (!row) throw new AppError('ERR_NO_COMPANY_FOUND');
    // Under the platform company: the deleted company's own log went with it.
    await recordAudit(tx, ctx, {
      companyId: ctx.companyId,
      action: 'company.delete',
      entityType: 'company',
      entityId: id,
      changes: { name: [row.name, null] },
    });
  });
}

async function requirePlan(tx: Tx, planId: number) {
  const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, planId));
  if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 'Unknown plan', { planId: msg.invalidValue });
}

function rethrowTaken(error: unknown): never {
  if (isUniqueViolation(error, 'companies_name_key'))
    throw new AppError('ERR_COMPANY_ALREADY_EXISTS', 'Company name already in use');
  if (isUniqueViolation(error, 'users_email_key'))
    throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'E-mail already in use', { email: msg.emailTaken });
  throw error;
}
