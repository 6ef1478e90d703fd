import type { SendBudget } from '@balcao/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { campaignShippings, campaigns } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findConnection } from './connections.queries.js';

/** How fast bulk sends may leave one connection; conversation replies are never held by it. */
export interface BudgetProfile {
  minGapMs: number;
  jitterMs: number;
  dailyLimit: number | null;
}

/**
 * Per channel (docs/decisions.md, "Send budgets"). A WhatsApp Web number (Baileys) is paced like a
 * person: at least 3 s between bulk sends plus up to 4 s at random, at most 1,000 a day, since
 * WhatsApp bans numbers that blast. The Cloud API's own limit is 80 messages/s per number
 * (protocols §2.6, 130429). Its daily tier of business-initiated templates (a campaign's template,
 * docs/decisions.md) is the account's, which Balcão cannot read: Meta refuses a send beyond it.
 */
const profiles: Record<string, BudgetProfile> = {
  whatsapp: { minGapMs: 3_000, jitterMs: 4_000, dailyLimit: 1_000 },
  whatsappapi: { minGapMs: 13, jitterMs: 0, dailyLimit: null },
};

/** The channel's profile, or undefined when campaigns cannot send on it (Messenger, Instagram, website chat). */
export const budgetProfileOf = (channel: string): BudgetProfile | undefined => profiles[channel];

const DAY_MS = 24 * 3600_000;

/** Bulk sends on the connection in the 24 hours before `now`. */
export async function budgetUsedToday(db: Db, companyId: number, connectionId: number, now: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignShippings)
    .where(
      and(
        eq(campaignShippings.companyId, companyId),
        eq(campaignShippings.connectionId, connectionId),
        gt(campaignShippings.lastSentAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return Number(row?.count ?? 0);
}

/** `GET /whatsapp/:id/budget`: a channel campaigns cannot use has a daily limit of 0. */
export async function readSendBudget(ctx: Ctx, id: number): Promise<SendBudget> {
  const connection = await findConnection(ctx.db, ctx.companyId, id);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  const profile = budgetProfileOf(connection.channel);
  const [running] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.companyId, ctx.companyId),
        eq(campaigns.status, 'EM_ANDAMENTO'),
        sql`${campaigns.connectionIds} @> array[${id}::integer]`,
      ),
    );
  return {
    connectionId: connection.id,
    channel: connection.channel,
    minGapSeconds: (profile?.minGapMs ?? 0) / 1000,
    jitterSeconds: (profile?.jitterMs ?? 0) / 1000,
    dailyLimit: profile ? profile.dailyLimit : 0,
    usedToday: await budgetUsedToday(ctx.db, ctx.companyId, id, ctx.now()),
    runningCampaigns: Number(running?.count ?? 0),
  };
}
