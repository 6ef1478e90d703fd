import { DEFAULT_RATING_PROMPT, NPS_SCALE_MAX } from '@balcao/shared';
import { and, between, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { connections, ticketCycles, ticketRatings } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { AppDeps } from '../../platform/context.js';
import { notifyConversationClosed } from '../../platform/ports/channel-adapter.js';
import { readSetting } from '../settings/settings.queries.js';
import {
  type BotRun,
  changeTicketState,
  closeBySystem,
  reloadTicket,
  say,
  type TicketRow,
} from './tickets.bot-state.js';
import { botTexts } from './tickets.bot-texts.js';

const NPS_SCALE = NPS_SCALE_MAX;

/**
 * On an attendant's close (the ticket is already closed): with userRating on, the ticket waits for a
 * 0–10 score instead (status nps). Answers whether it does, in which case the farewell waits for the
 * score.
 */
export async function askForRating(deps: AppDeps, closed: Pick<TicketRow, 'companyId' | 'id'>) {
  const ticket = await reloadTicket(deps, closed);
  if (ticket?.status !== 'closed' || ticket.isGroup || !ticket.connectionId) return false;
  if ((await readSetting(deps.db, ticket.companyId, 'userRating')) !== 'enabled') return false;
  const [connection] = await deps.db
    .select({ ratingMessage: connections.ratingMessage })
    .from(connections)
    .where(and(eq(connections.companyId, ticket.companyId), eq(connections.id, ticket.connectionId)));
  if (!connection) return false;
  let waiting: TicketRow | undefined;
  try {
    waiting = await changeTicketState(
      deps,
      ticket,
      { status: 'nps', amountUsedBotQueuesNps: 1 },
      { type: 'nps' },
    );
  } catch (error) {
    // The contact wrote again and has an active ticket already: that conversation goes on unrated.
    if (isUniqueViolation(error, 'tickets_company_contact_connection_active_key')) return false;
    throw error;
  }
  if (!waiting) return false;
  await say(deps, waiting, ratingPrompt(connection.ratingMessage));
  return true;
}

/** The company's text as written (it names its scale); only an empty one is replaced by ours. */
const ratingPrompt = (message: string) => message.trim() || DEFAULT_RATING_PROMPT;

/** A whole number from 0 to 10, alone in the reply or with words ("nota 5"); otherwise none. */
export function parseScore(body: string): number | undefined {
  const numbers = body.match(/\d+(?:[.,]\d+)?/g);
  if (numbers?.length !== 1) return undefined;
  const [only] = numbers;
  if (!/^\d{1,2}$/.test(only as string)) return undefined;
  const score = Number(only);
  return score <= NPS_SCALE ? score : undefined;
}

/**
 * A reply while the ticket waits for its rating: a score closes it, rated; anything else asks
 * again up to maxUseBotQueuesNPS times, then closes it unrated. Never reopens the ticket.
 */
export async function handleRatingReply(run: BotRun) {
  const { deps, ticket, connection } = run;
  const score = parseScore(run.message.body);
  if (score === undefined) {
    if (ticket.amountUsedBotQueuesNps < connection.maxUseBotQueuesNps) {
      const updated = await changeTicketState(deps, ticket, {
        amountUsedBotQueuesNps: ticket.amountUsedBotQueuesNps + 1,
      });
      if (!updated) return;
      await say(deps, updated, botTexts.invalidOption);
      await say(deps, updated, ratingPrompt(connection.ratingMessage));
      return;
    }
    await closeBySystem(deps, ticket, { message: connection.complationMessage, logType: 'close' });
    return;
  }
  const closed = await changeTicketState(deps, ticket, { status: 'closed', amountUsedBotQueuesNps: 0 });
  if (!closed) return;
  await storeRating(deps, closed, score);
  await say(deps, closed, connection.complationMessage, 'farewell');
  await notifyConversationClosed(deps, closed);
}

async function storeRating(deps: AppDeps, ticket: TicketRow, rate: number) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [cycle] = await tx
      .select({ id: ticketCycles.id, userId: ticketCycles.userId })
      .from(ticketCycles)
      .where(and(eq(ticketCycles.companyId, ticket.companyId), eq(ticketCycles.ticketId, ticket.id)))
      .orderBy(desc(ticketCycles.id))
      .limit(1);
    if (!cycle) return;
    await tx
      .insert(ticketRatings)
      .values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        cycleId: cycle.id,
        userId: cycle.userId ?? ticket.userId,
        rate,
        scale: NPS_SCALE,
        createdAt: now,
      })
      .onConflictDoNothing();
    await tx
      .update(ticketCycles)
      .set({ ratedAt: now })
      .where(tenant(ticketCycles, ticket.companyId, eq(ticketCycles.id, cycle.id)));
  });
}

/**
 * NPS over the 0–10 answers given between two instants: promoters 9–10, passives 7–8, detractors
 * 0–6, and the score (promoters minus detractors, in percent of all). Answers on other scales are
 * never counted here.
 */
export async function npsSummary(db: Db, companyId: number, from: Date, to: Date) {
  const [row] = await db
    .select({
      promoters: sql<number>`count(*) filter (where ${ticketRatings.rate} >= 9)`.mapWith(Number),
      passives: sql<number>`count(*) filter (where ${ticketRatings.rate} between 7 and 8)`.mapWith(Number),
      detractors: sql<number>`count(*) filter (where ${ticketRatings.rate} <= 6)`.mapWith(Number),
      total: count(),
    })
    .from(ticketRatings)
    .where(
      and(
        eq(ticketRatings.companyId, companyId),
        eq(ticketRatings.scale, NPS_SCALE),
        between(ticketRatings.createdAt, from, to),
      ),
    );
  const { promoters = 0, passives = 0, detractors = 0, total = 0 } = row ?? {};
  const score = total === 0 ? null : Math.round(((promoters - detractors) / total) * 100);
  return { promoters, passives, detractors, total, score };
}
