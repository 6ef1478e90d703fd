import type { Campaign } from '@balcao/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { campaigns, connections, contactLists } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';

export type CampaignRow = typeof campaigns.$inferSelect;

export async function readCampaignRow(deps: Pick<AppDeps, 'db'>, companyId: number, id: number) {
  const [row] = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  return row;
}

/**
 * The report's `campaign`, as `campaignSchema` answers it. The campaigns feature's own answer
 * mapping replaces this at the merge: one function should shape a campaign at every exit.
 */
export async function campaignAnswerOf(
  deps: Pick<AppDeps, 'db' | 'links'>,
  row: CampaignRow,
): Promise<Campaign> {
  const [list] = row.contactListId
    ? await deps.db
        .select({ id: contactLists.id, name: contactLists.name })
        .from(contactLists)
        .where(and(eq(contactLists.companyId, row.companyId), eq(contactLists.id, row.contactListId)))
    : [];
  const named = row.connectionIds.length
    ? await deps.db
        .select({ id: connections.id, name: connections.name })
        .from(connections)
        .where(and(eq(connections.companyId, row.companyId), inArray(connections.id, row.connectionIds)))
    : [];
  return {
    ...row,
    contactList: list ?? null,
    whatsappId: row.connectionIds.join(','),
    connections: named,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    mediaPath: deps.links.url(row.mediaPath),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as Campaign;
}
