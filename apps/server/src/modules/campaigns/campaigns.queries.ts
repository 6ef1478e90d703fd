import { count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campaigns, connections, contactLists, tags } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { CampaignRow } from './campaigns.answer.js';

export async function searchCampaigns(
  db: Db,
  companyId: number,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: CampaignRow[]; total: number }> {
  const pattern = options.search && `%${options.search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = tenant(campaigns, companyId, pattern ? ilike(campaigns.name, pattern) : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** How many of `ids` are connections of the company. */
export async function countCompanyConnections(db: Db, companyId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(connections)
    .where(tenant(connections, companyId, inArray(connections.id, ids)));
  return row?.total ?? 0;
}

export async function contactListExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(tenant(contactLists, companyId, eq(contactLists.id, id)));
  return row !== undefined;
}

export async function tagExists(db: Db, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(tenant(tags, companyId, eq(tags.id, id)));
  return row !== undefined;
}
