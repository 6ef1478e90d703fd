import type { Campaign, CampaignTemplate } from '@balcao/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { campaigns, connections, contactLists } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type CampaignRow = typeof campaigns.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The template as the campaign chose it, without the copy of Meta's definition kept for the dispatcher. */
export function templateChoiceOf(stored: CampaignRow['template']): CampaignTemplate | null {
  if (!stored) return null;
  const { definition: _definition, ...choice } = stored;
  return choice;
}

/**
 * The one shape a campaign leaves the server in (list, show, events, the dispatcher's report): its
 * media as a signed link, its connections and list by name. Names are read for all rows at once.
 */
export async function campaignAnswers(
  db: Db | Tx,
  links: MediaLinks,
  companyId: number,
  rows: CampaignRow[],
): Promise<Campaign[]> {
  const connectionIds = [...new Set(rows.flatMap((row) => row.connectionIds))];
  const listIds = [...new Set(rows.flatMap((row) => (row.contactListId ? [row.contactListId] : [])))];
  const [connectionNames, listNames] = await Promise.all([
    connectionIds.length
      ? db
          .select({ id: connections.id, name: connections.name })
          .from(connections)
          .where(tenant(connections, companyId, inArray(connections.id, connectionIds)))
      : [],
    listIds.length
      ? db
          .select({ id: contactLists.id, name: contactLists.name })
          .from(contactLists)
          .where(tenant(contactLists, companyId, inArray(contactLists.id, listIds)))
      : [],
  ]);
  const connectionById = new Map(connectionNames.map((c) => [c.id, c]));
  const listById = new Map(listNames.map((l) => [l.id, l]));
  return rows.map((row) => {
    // A connection deleted since the campaign was saved is left out rather than shown nameless.
    const named = row.connectionIds.flatMap((id) => connectionById.get(id) ?? []);
    return {
      id: row.id,
      name: row.name,
      status: row.status as Campaign['status'],
      confirmation: row.confirmation,
      contactListId: row.contactListId,
      contactList: (row.contactListId && listById.get(row.contactListId)) || null,
      tagListId: row.tagListId,
      connectionIds: named.map((c) => c.id),
      whatsappId: named.map((c) => c.id).join(','),
      connections: named,
      scheduledAt: iso(row.scheduledAt),
      completedAt: iso(row.completedAt),
      mediaPath: links.url(row.mediaPath),
      mediaName: row.mediaName,
      template: templateChoiceOf(row.template),
      message1: row.message1,
      message2: row.message2,
      message3: row.message3,
      message4: row.message4,
      message5: row.message5,
      confirmationMessage1: row.confirmationMessage1,
      confirmationMessage2: row.confirmationMessage2,
      confirmationMessage3: row.confirmationMessage3,
      confirmationMessage4: row.confirmationMessage4,
      confirmationMessage5: row.confirmationMessage5,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** One row's answer (the dispatcher's report and its status events). */
export async function campaignAnswerOf(
  deps: { db: Db | Tx; links: MediaLinks },
  row: CampaignRow,
): Promise<Campaign> {
  const [answer] = await campaignAnswers(deps.db, deps.links, row.companyId, [row]);
  if (!answer) throw new Error(`campaign ${row.id} has no answer`);
  return answer;
}

export async function findCampaignRow(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(tenant(campaigns, companyId, eq(campaigns.id, id)));
  return row;
}

/** A campaign of the company as every exit answers it, or undefined: for the dispatcher's report too. */
export async function findCampaignAnswer(
  deps: { db: Db | Tx; links: MediaLinks },
  companyId: number,
  id: number,
): Promise<Campaign | undefined> {
  const row = await findCampaignRow(deps.db, companyId, id);
  return row && campaignAnswerOf(deps, row);
}
