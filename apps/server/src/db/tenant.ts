import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A table whose rows belong to one company (see `companyId()` in the schema). */
type TenantTable = PgTable & { companyId: PgColumn & { _: { data: number; notNull: true } } };

/**
 * The condition every query on a tenant table starts from: the company's rows, narrowed by the
 * rest. Requiring the company id here, rather than trusting each query to add it, is what keeps
 * another company's row out of reach ("not found") by construction.
 */
export function tenant(table: TenantTable, companyId: number, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.companyId, companyId), ...conditions) as SQL;
}
