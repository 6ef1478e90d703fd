import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campaigns } from '../../db/schema/index.js';
import type { CampaignRow } from './campaigns.answer.js';
import { campaignTexts, planShippings } from './campaigns.dispatcher-planning.js';
import { readCampaignSettings } from './campaigns.settings.js';

/** What a campaign needs to be sent: a message, a confirmation request when it asks for one, a connection, recipients. */
export function isComplete(campaign: CampaignRow) {
  const { messages, confirmations } = campaignTexts(campaign);
  return (
    messages.length > 0 &&
    (!campaign.confirmation || confirmations.length > 0) &&
    campaign.connectionIds.length > 0 &&
    (campaign.contactListId !== null || campaign.tagListId !== null)
  );
}

/**
 * Starts a campaign that is `from` (PROGRAMADA at its time, or CANCELADA on restart) in one
 * transaction: the conditional status change, then its shipping rows planned, so a crash never leaves
 * it running without them. Answers the started row, or nothing when its status did not allow it.
 */
export async function startCampaign(
  db: Db,
  target: { companyId: number; id: number },
  from: 'PROGRAMADA' | 'CANCELADA',
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [started] = await tx
      .update(campaigns)
      .set({ status: 'EM_ANDAMENTO', completedAt: null })
      .where(
        and(
          eq(campaigns.companyId, target.companyId),
          eq(campaigns.id, target.id),
          eq(campaigns.status, from),
          from === 'PROGRAMADA' ? lte(campaigns.scheduledAt, now) : undefined,
        ),
      )
      .returning();
    if (!started) return undefined;
    const settings = await readCampaignSettings(tx, target.companyId);
    await planShippings(tx, started, settings.variables);
    return started;
  });
}

/**
 * Scheduled campaigns whose time came, across companies (the sweep is a platform job; each row names
 * its company). One that cannot be sent (no message, connection or recipients) is cancelled instead,
 * so its owner sees it and can complete it and restart it.
 */
export async function dueCampaigns(db: Db, now: Date) {
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.status, 'PROGRAMADA'), lte(campaigns.scheduledAt, now)))
    .orderBy(campaigns.scheduledAt)
    .limit(100);
}

export async function cancelIncomplete(db: Db, campaign: CampaignRow) {
  await db
    .update(campaigns)
    .set({ status: 'CANCELADA', updatedAt: sql`now()` })
    .where(
      and(
        eq(campaigns.companyId, campaign.companyId),
        eq(campaigns.id, campaign.id),
        eq(campaigns.status, 'PROGRAMADA'),
      ),
    );
}
