import type { CompanyAdmin, Recurrence } from '@balcao/shared';
import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { companies, plans } from '../../db/schema/index.js';

/** The super user's view of a company: the spec's columns, with its plan's name and price. */
const adminColumns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  document: companies.document,
  status: companies.status,
  planId: companies.planId,
  plan: { id: plans.id, name: plans.name, amount: plans.amountCents },
  dueDate: companies.dueDate,
  recurrence: companies.recurrence,
  numberAttendants: companies.numberAttendants,
  numberConections: companies.numberConnections,
  createdAt: companies.createdAt,
  lastLogin: companies.lastLogin,
};

type Row = Omit<CompanyAdmin, 'createdAt' | 'lastLogin' | 'recurrence'> & {
  recurrence: string;
  createdAt: Date;
  lastLogin: Date | null;
};

const toCompanyAdmin = (row: Row): CompanyAdmin => ({
  ...row,
  recurrence: row.recurrence as Recurrence,
  createdAt: row.createdAt.toISOString(),
  lastLogin: row.lastLogin?.toISOString() ?? null,
});

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** A page of companies whose name or e-mail holds the search, by name. */
export async function searchCompanies(
  db: Db,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: CompanyAdmin[]; total: number }> {
  const where: SQL | undefined = options.search
    ? or(
        ilike(companies.name, escapeLike(options.search)),
        ilike(companies.email, escapeLike(options.search)),
      )
    : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(adminColumns)
      .from(companies)
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows: rows.map(toCompanyAdmin), total: totals?.total ?? 0 };
}

export async function findCompanyAdmin(db: Db | Tx, id: number): Promise<CompanyAdmin | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, id));
  return row && toCompanyAdmin(row);
}

export const companyOptions = (db: Db) =>
  db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.name));
