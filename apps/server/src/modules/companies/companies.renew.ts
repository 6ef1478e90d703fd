import { type CompanyAdmin, extendDueDate, zonedParts } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.record.js';
import { showCompany } from './companies.admin.js';
import { publishCompanyChange } from './companies.events.js';

/**
 * One renewal period, counted from the later of today (in the company's zone) and its due date. The
 * update names the due date it read, so two renewals at once extend twice, never lose one, and
 * never count from a stale date.
 */
export async function renewCompany(ctx: Ctx, id: number): Promise<CompanyAdmin> {
  for (;;) {
    const [row] = await ctx.db
      .select({ dueDate: companies.dueDate, recurrence: companies.recurrence, timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, id));
    if (!row) throw new AppError('ERR_NO_COMPANY_FOUND');
    const today = zonedParts(ctx.now(), row.timezone).date;
    const dueDate = extendDueDate(row.dueDate, today, row.recurrence);
    const renewed = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(companies)
        .set({ dueDate, updatedAt: new Date() })
        .where(and(eq(companies.id, id), eq(companies.dueDate, row.dueDate)))
        .returning({ id: companies.id });
      if (updated)
        await recordAudit(tx, ctx, {
          companyId: id,
          action: 'company.update',
          entityType: 'company',
          entityId: id,
          changes: { dueDate: [row.dueDate, dueDate] },
        });
      return Boolean(updated);
    });
    if (renewed) break;
  }
  await publishCompanyChange(ctx, id);
  return showCompany(ctx, id);
}
