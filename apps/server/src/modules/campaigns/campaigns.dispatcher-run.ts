import type { CampaignSettings } from '@balcao/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { type BudgetProfile, budgetProfileOf, budgetUsedToday } from '../connections/connections.budget.js';
import { type CampaignRow, findCampaignRow } from './campaigns.answer.js';
import { pauseAfter } from './campaigns.dispatcher-pacing.js';
import {
  claimNextShipping,
  failUnsendable,
  finishIfDone,
  hasSendable,
  readRun,
  releaseRunLease,
  renewRunLease,
  settleShipping,
  takeRunLease,
} from './campaigns.dispatcher-queries.js';
import { sendShipping } from './campaigns.dispatcher-send.js';
import { readCampaignSettings } from './campaigns.settings.js';

/** Waiting for a conversation send on the connection to leave before the campaign's next one. */
const YIELD_MS = 100;
/** How often the loop reads the campaign and its settings again (a cancel is seen at once by the claim). */
const REREAD_MS = 2_000;
/** With every connection at its daily limit, how long before looking again. */
const LIMIT_WAIT_MS = 15 * 60_000;
/** A send the channel refused for now is tried again on that connection after this, doubling up to 15 minutes. */
const RETRY_BASE_MS = 30_000;
/**
 * A connection whose sends the channel has refused for now this long, with none taken since, is down
 * for the campaign (docs/decisions.md, "Campaign faults and planning speed"): its other connections
 * carry the sends, and when none is left the pending sends fail with ERR_CAMPAIGN_CONNECTION_DOWN.
 */
const DOWN_AFTER_MS = 30 * 60_000;

export interface RunControl {
  control: { stopped: boolean; halted: Promise<void> };
  progress: (campaign: { companyId: number; id: number }, final?: boolean) => Promise<void>;
}

/**
 * A connection the campaign sends on, with its budget: when it may send next, and its sends today;
 * and since when the channel has refused its sends for now (none taken since), how many times.
 */
interface Lane {
  connection: typeof connections.$inferSelect;
  profile: BudgetProfile;
  freeAt: number;
  usedToday: number;
  refusedSince?: number;
  refusals: number;
}

const isDown = (lane: Lane, now: number) =>
  lane.refusedSince !== undefined && now - lane.refusedSince >= DOWN_AFTER_MS;

/**
 * Sends a running campaign while this process holds its lease: each send claimed, sent and settled
 * in turn, paced by the settings and by each connection's budget, the connections taking turns
 * (least busy first). Ends when nothing is left to send (finishing the campaign when every shipping
 * is final), when the campaign stops running, or when the process stops.
 */
export async function runCampaign(deps: AppDeps, target: { companyId: number; id: number }, run: RunControl) {
  const owner = deps.processId;
  const { leaseSeconds } = deps.config.campaigns;
  if (!(await takeRunLease(deps.db, target, owner, leaseSeconds, deps.now()))) return;
  const renewal = setInterval(
    () => {
      renewRunLease(deps.db, target.id, owner, leaseSeconds).catch((error: unknown) =>
        deps.log.error(loggableError(error), 'campaign lease renewal failed'),
      );
    },
    (leaseSeconds * 1000) / 3,
  );
  renewal.unref();
  try {
    await sendAll(deps, target, run);
  } finally {
    clearInterval(renewal);
    await releaseRunLease(deps.db, target.id, owner);
  }
}

async function sendAll(
  deps: AppDeps,
  target: { companyId: number; id: number },
  { control, progress }: RunControl,
) {
  const state = await readRun(deps.db, target.id);
  let sends = state?.sends ?? 0;
  let nextSendAt = state?.nextSendAt?.getTime() ?? 0;
  let readAt = 0;
  let campaign: CampaignRow | undefined;
  let settings: CampaignSettings | undefined;
  const lanes = new Map<number, Lane>();
  const wait = (ms: number) => Promise.race([deps.sleep(ms), control.halted]);

  for (;;) {
    if (control.stopped) return;
    if (Date.now() - readAt > REREAD_MS || !campaign || !settings) {
      campaign = await findCampaignRow(deps.db, target.companyId, target.id);
      if (campaign?.status !== 'EM_ANDAMENTO') return;
      settings = await readCampaignSettings(deps.db, campaign.companyId);
      await refreshLanes(deps, campaign, lanes);
      readAt = Date.now();
    }
    if (lanes.size === 0) {
      // No connection of the campaign can send it (deleted, or a channel without phone numbers).
      await failUnsendable(deps.db, campaign, 'ERR_NO_DEF_WAPP_FOUND', deps.now());
      await finishIfDone(deps.db, campaign, deps.now(), deps.config.campaigns.confirmationHours);
      return progress(campaign, true);
    }
    const lane = leastBusy(lanes, deps.now().getTime());
    if (!lane && [...lanes.values()].every((l) => isDown(l, deps.now().getTime()))) {
      await failUnsendable(deps.db, campaign, 'ERR_CAMPAIGN_CONNECTION_DOWN', deps.now());
      await finishIfDone(deps.db, campaign, deps.now(), deps.config.campaigns.confirmationHours);
      return progress(campaign, true);
    }
    if (!lane) {
      await wait(LIMIT_WAIT_MS);
      await refreshLanes(deps, campaign, lanes);
      continue;
    }
    const due = Math.max(nextSendAt, lane.freeAt) - deps.now().getTime();
    if (due > 0) await wait(due);
    if (control.stopped) return;

    const shipping = await claimNextShipping(
      deps.db,
      campaign,
      deps.processId,
      lane.connection.id,
      deps.now(),
    );
    if (!shipping) {
      if (!(await hasSendable(deps.db, campaign.id))) {
        await finishIfDone(deps.db, campaign, deps.now(), deps.config.campaigns.confirmationHours);
        return progress(campaign, true);
      }
      // A conversation send is waiting on the connection, or the campaign stopped: seen next round.
      await Promise.race([new Promise((resolve) => setTimeout(resolve, YIELD_MS)), control.halted]);
      readAt = 0;
      continue;
    }
    const outcome = await sendShipping(deps, campaign, shipping, lane.connection);
    // The lease was lost meanwhile: the new holder settled this claim.
    if (!outcome) return;
    const now = deps.now().getTime();
    if (outcome.state === 'released') {
      // Nothing left: the campaign's other connections go on at its pace, this one waits its turn.
      lane.refusedSince ??= now;
      lane.refusals += 1;
      lane.freeAt = now + Math.min(RETRY_BASE_MS * 2 ** (lane.refusals - 1), LIMIT_WAIT_MS);
    } else {
      sends += 1;
      nextSendAt = now + pauseAfter(settings, sends, Math.random);
      lane.refusedSince = undefined;
      lane.refusals = 0;
      lane.freeAt = now + lane.profile.minGapMs + Math.random() * lane.profile.jitterMs;
    }
    lane.usedToday += 1;
    await settleShipping(deps.db, shipping, outcome, {
      now: new Date(now),
      nextSendAt: new Date(nextSendAt),
    });
    await progress(campaign);
  }
}

/** The campaign's connections that can send to phone numbers, keeping what each lane knows. */
async function refreshLanes(deps: AppDeps, campaign: CampaignRow, lanes: Map<number, Lane>) {
  const rows = campaign.connectionIds.length
    ? await deps.db
        .select()
        .from(connections)
        .where(
          and(eq(connections.companyId, campaign.companyId), inArray(connections.id, campaign.connectionIds)),
        )
    : [];
  const now = deps.now();
  const seen = new Set<number>();
  for (const connection of rows) {
    const profile = budgetProfileOf(connection.channel);
    if (!profile) continue;
    seen.add(connection.id);
    const usedToday = await budgetUsedToday(deps.db, campaign.companyId, connection.id, now);
    const known = lanes.get(connection.id);
    lanes.set(connection.id, {
      connection,
      profile,
      usedToday,
      freeAt: known?.freeAt ?? 0,
      refusedSince: known?.refusedSince,
      refusals: known?.refusals ?? 0,
    });
  }
  for (const id of lanes.keys()) if (!seen.has(id)) lanes.delete(id);
}

/** The lane free soonest among those up and under their daily limit. */
function leastBusy(lanes: Map<number, Lane>, now: number): Lane | undefined {
  let best: Lane | undefined;
  for (const lane of lanes.values()) {
    if (isDown(lane, now)) continue;
    if (lane.profile.dailyLimit !== null && lane.usedToday >= lane.profile.dailyLimit) continue;
    if (!best || lane.freeAt < best.freeAt) best = lane;
  }
  return best;
}
