import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { PermanentSendError, UncertainSendError } from '../../platform/ports/channel-adapter.js';
import { companyHasChannel } from '../connections/connections.plan.js';
import { publishMessageUpdates } from './messages.delivery.js';
import { mayDeliverOn } from './messages.delivery-routing.js';
import {
  claimSends,
  type Outcome,
  renewSendLeases,
  settleSend,
  startSending,
} from './messages.outbox-queries.js';
import { findDeliveries, findMessages, type MessageRow } from './messages.queries.js';

/** Sends one process has in flight at most: each its conversation's oldest, so they run side by side. */
const MAX_IN_FLIGHT = 20;
/** How often an idle process looks for sends written in another process, or due for a retry. */
const POLL_MS = 1_000;
/** Retries back off up to this delay, then keep it until the horizon. */
const MAX_RETRY_DELAY_SECONDS = 3_600;

type Delivery = Awaited<ReturnType<typeof findDeliveries>>[number];

export interface Outbox {
  /** A message was stored: look for it now rather than at the next poll. */
  wake(): void;
  start(deps: AppDeps): void;
  /** Stops claiming and waits for the sends in flight to settle. */
  stop(): Promise<void>;
}

/**
 * The outbox worker of this process. Each message row is its own outbox entry; a claim takes a
 * conversation's oldest unfinished message for the lease time (renewed while its send runs), so
 * one send per conversation is in flight and the next waits for it, across processes. A process
 * that dies leaves its claims to expire: a claim whose request had not started is taken again
 * within the lease; one whose request had started is "unknown" (messages.outbox-queries.ts).
 */
export function createOutbox(): Outbox {
  let deps: AppDeps | undefined;
  const inFlight = new Set<number>();
  const batches = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let renewal: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const round = async (deps: AppDeps) => {
    const { leaseSeconds, unknownWaitSeconds } = deps.config.delivery;
    const room = MAX_IN_FLIGHT - inFlight.size;
    const { claimed, expired } = await claimSends(deps.db, {
      owner: deps.processId,
      leaseSeconds,
      unknownWaitSeconds,
      limit: room,
      // A WhatsApp session's messages are taken only by the process holding it.
      mayDeliver: (connectionId) => mayDeliverOn(deps.processId, connectionId),
    });
    // Rare (a process died mid-send): their bubbles are told, read one by one.
    for (const { companyId, messageId } of expired)
      await publishMessageUpdates(deps, await findMessages(deps.db, companyId, [messageId]));
    if (claimed.length === 0) return;
    for (const { messageId } of claimed) inFlight.add(messageId);
    const batch = deliverClaimed(deps, claimed)
      .catch((error: unknown) => deps.log.error(loggableError(error), 'outbox batch failed'))
      .finally(() => {
        for (const { messageId } of claimed) inFlight.delete(messageId);
        batches.delete(batch);
        wake();
      });
    batches.add(batch);
    if (claimed.length === room) again = true;
  };

  const wake = () => {
    if (!deps || stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    const current = deps;
    running = round(current)
      .catch((error: unknown) => current.log.error(loggableError(error), 'outbox claim failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          wake();
        } else timer = setTimeout(wake, POLL_MS);
      });
  };

  return {
    wake,
    start(started) {
      deps = started;
      const { leaseSeconds } = started.config.delivery;
      renewal = setInterval(
        () => {
          renewSendLeases(started.db, started.processId, [...inFlight], leaseSeconds).catch(
            (error: unknown) => started.log.error(loggableError(error), 'outbox lease renewal failed'),
          );
        },
        (leaseSeconds * 1000) / 3,
      );
      renewal.unref();
      wake();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(renewal);
      await running;
      await Promise.all([...batches]);
    },
  };
}

/** The claimed messages through their channels, side by side (each is the head of its own conversation). */
async function deliverClaimed(deps: AppDeps, claimed: { companyId: number; messageId: number }[]) {
  const found = await findDeliveries(deps.db, claimed);
  await Promise.all(
    found.map((delivery) =>
      deliverOne(deps, delivery).then(
        (changed) => publishMessageUpdates(deps, changed),
        (error: unknown) =>
          // Its claim expires and says what is known: "unknown" if the request may have left.
          deps.log.error(loggableError(error), 'outbox send not settled'),
      ),
    ),
  );
}

async function deliverOne(deps: AppDeps, delivery: Delivery): Promise<MessageRow[]> {
  const message = await startSending(deps.db, deps.processId, delivery.message);
  // Cancelled, or settled by a status, since it was claimed.
  if (!message) return [];
  // A retry shows its bubble "sending" again; a first try already shows it.
  if (message.sendAttempts > 1) await publishMessageUpdates(deps, [message]);
  const outcome = await attempt(deps, { ...delivery, message });
  deps.metrics.sendSettled(delivery.connection?.channel ?? 'none', outcome.state);
  return settleSend(deps.db, deps.processId, message, outcome);
}

/** One request to the channel, and what its answer means for the message. */
async function attempt(deps: AppDeps, { message, connection, contact }: Delivery): Promise<Outcome> {
  // With its connection or contact deleted the message can never leave.
  if (!connection || !contact) return { state: 'failed', reason: 'ERR_SENDING_WAPP_MSG' };
  // The exit every stored send takes (bots, integrations, greetings, schedules, a reply written before
  // the plan changed): a plan without the channel sends nothing through it, and the bubble says why.
  if (!(await companyHasChannel(deps, message.companyId, connection.channel)))
    return { state: 'failed', reason: 'ERR_PLAN_FEATURE_DISABLED' };
  const { retryBaseSeconds, retryHours, unknownWaitSeconds } = deps.config.delivery;
  try {
    const adapter = deps.channels.get(connection.channel);
    if (!adapter) throw new Error(`No adapter for channel ${connection.channel}`);
    const sent = await adapter.send({ connection, contact, message });
    return { state: 'sent', ...sent };
  } catch (error) {
    if (error instanceof PermanentSendError) return { state: 'failed', reason: error.reason };
    if (error instanceof UncertainSendError) {
      deps.log.warn({ messageId: message.id, err: error }, 'send outcome unknown: waiting for its status');
      return { state: 'unknown', waitSeconds: unknownWaitSeconds };
    }
    deps.log.warn({ messageId: message.id, err: error }, 'send refused for now: retrying');
    const delaySeconds = Math.min(
      retryBaseSeconds * 2 ** (message.sendAttempts - 1),
      MAX_RETRY_DELAY_SECONDS,
    );
    return { state: 'retrying', delaySeconds, horizonHours: retryHours, reason: 'ERR_SENDING_WAPP_MSG' };
  }
}
