import type { Integration, IntegrationType } from '@balcao/shared';
import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queueIntegrations } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

export type IntegrationRow = typeof queueIntegrations.$inferSelect;

export function toIntegration(row: IntegrationRow): Integration {
  return {
    id: row.id,
    type: row.type as IntegrationType,
    name: row.name,
    projectName: row.projectName,
    hasJsonContent: row.jsonContent !== '',
    language: row.language,
    urlN8N: row.urlN8n,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotDelayMessage: row.typebotDelayMessage,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotRestartMessage: row.typebotRestartMessage,
    typebotUnknownMessage: row.typebotUnknownMessage,
    webhookSecret: row.webhookSecret,
  };
}

export async function findIntegration(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(queueIntegrations)
    .where(tenant(queueIntegrations, companyId, eq(queueIntegrations.id, id)));
  return row;
}

export const likePattern = (search?: string) => search && `%${search.replace(/[\\%_]/g, '\\$&')}%`;

export async function searchIntegrations(
  db: Db,
  companyId: number,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: IntegrationRow[]; total: number }> {
  const pattern = likePattern(options.search);
  const where = tenant(
    queueIntegrations,
    companyId,
    pattern ? or(ilike(queueIntegrations.name, pattern), ilike(queueIntegrations.type, pattern)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(queueIntegrations)
      .where(where)
      .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(queueIntegrations).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
