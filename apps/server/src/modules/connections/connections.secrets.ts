import { and, eq, ne } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { AppDeps } from '../../platform/context.js';

/**
 * Wavoip tokens were once stored in clear; on start each such token is sealed in place. Conditional
 * on the clear value, so processes starting together seal each token once.
 */
export async function sealClearWavoipTokens(deps: Pick<AppDeps, 'db' | 'secrets'>): Promise<void> {
  const rows = await deps.db
    .select({ id: connections.id, companyId: connections.companyId, wavoip: connections.wavoip })
    .from(connections)
    .where(ne(connections.wavoip, ''));
  for (const row of rows.filter((r) => !deps.secrets.isSealed(r.wavoip))) {
    await deps.db
      .update(connections)
      .set({ wavoip: deps.secrets.seal(row.wavoip) })
      .where(
        and(
          tenant(connections, row.companyId, eq(connections.id, row.id)),
          eq(connections.wavoip, row.wavoip),
        ),
      );
  }
}
