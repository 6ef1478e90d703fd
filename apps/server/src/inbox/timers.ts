import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { companies, connections, queues, tickets } from '../db/schema/index.js';
import { readSetting } from '../modules/settings/settings.queries.js';
import {
  changeTicketState,
  closeBySystem,
  say,
  type TicketRow,
} from '../modules/tickets/tickets.bot-state.js';
import type { AppDeps } from '../platform/context.js';
import { recoverSteps } from './pending-automation.js';
import { PLANTAO_JOB, sendPlantaoNotice, sweepWaitingForDuty } from './plantao.js';
import { routeTicket } from './routing.js';

const INBOX_SWEEP_JOB = 'inbox.sweep';
const MINUTE = 60_000;
const BATCH = 200;

/** One sweep a minute for the whole deployment: pg-boss runs a schedule in exactly one process. */
export async function registerInboxJobs(deps: AppDeps) {
  await deps.jobs.work(PLANTAO_JOB, (notice: Parameters<typeof sendPlantaoNotice>[1]) =>
    sendPlantaoNotice(deps, notice),
  );
  await deps.jobs.work(INBOX_SWEEP_JOB, async () => {
    await runInboxSweep(deps);
  });
  await deps.jobs.schedule(INBOX_SWEEP_JOB, '* * * * *');
}

/**
 * The timers: inactivity and auto-close, rating expiry, lost tickets to sendIdQueue, router rotation,
 * on-duty notices for tickets still waiting, and the bot steps a stopped process left unanswered.
 */
export async function runInboxSweep(deps: AppDeps) {
  await sweepIdleTickets(deps);
  await sweepLostTickets(deps);
  await sweepRouter(deps);
  await sweepWaitingForDuty(deps);
  await recoverSteps(deps);
}

const minutesAgo = (deps: AppDeps, minutes: number) => new Date(deps.now().getTime() - minutes * MINUTE);

/**
 * Per connection: an open ticket idle timeInactiveMessage minutes gets the inactivity message once;
 * idle expiresTicket minutes more, it closes with expiresInactiveMessage. Idleness counts from the
 * last customer or attendant message (bot messages do not count); whenExpiresTicket '0' acts only
 * when the customer spoke last, '1' only when the attendant did. A ticket waiting for its rating
 * closes after expiresTicketNPS minutes.
 */
async function sweepIdleTickets(deps: AppDeps) {
  const timed = await deps.db
    .select()
    .from(connections)
    .where(
      or(
        gt(connections.expiresTicket, 0),
        gt(connections.timeInactiveMessage, 0),
        gt(connections.expiresTicketNps, 0),
      ),
    );
  for (const connection of timed) {
    const lastSpoke = sql`greatest(${tickets.lastCustomerMessageAt}, ${tickets.lastAgentMessageAt})`;
    const customerLast =
      connection.whenExpiresTicket === '1'
        ? sql`${tickets.lastAgentMessageAt} is not null and (${tickets.lastCustomerMessageAt} is null or ${tickets.lastAgentMessageAt} > ${tickets.lastCustomerMessageAt})`
        : sql`${tickets.lastCustomerMessageAt} is not null and (${tickets.lastAgentMessageAt} is null or ${tickets.lastCustomerMessageAt} >= ${tickets.lastAgentMessageAt})`;
    const warnAfter = connection.timeInactiveMessage;
    const closeAfter = connection.expiresTicket > 0 ? connection.expiresTicket + warnAfter : 0;
    const firstStep = warnAfter > 0 && connection.inactiveMessage.trim() ? warnAfter : closeAfter;
    if (firstStep > 0) {
      const idle = await deps.db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.connectionId, connection.id),
            eq(tickets.status, 'open'),
            eq(tickets.isGroup, false),
            customerLast,
            lte(lastSpoke, minutesAgo(deps, firstStep)),
          ),
        )
        .limit(BATCH);
      for (const ticket of idle) await actOnIdle(deps, connection, ticket, closeAfter);
    }
    if (connection.expiresTicketNps > 0) {
      const unrated = await deps.db
        .select()
        .from(tickets)
        .where(
          and(
            eq(tickets.connectionId, connection.id),
            eq(tickets.status, 'nps'),
            lte(tickets.closedAt, minutesAgo(deps, connection.expiresTicketNps)),
          ),
        )
        .limit(BATCH);
      for (const ticket of unrated)
        await closeBySystem(deps, ticket, { message: connection.complationMessage, logType: 'autoClose' });
    }
  }
}

async function actOnIdle(
  deps: AppDeps,
  connection: typeof connections.$inferSelect,
  ticket: TicketRow,
  closeAfter: number,
) {
  const lastSpoke = Math.max(
    ticket.lastCustomerMessageAt?.getTime() ?? 0,
    ticket.lastAgentMessageAt?.getTime() ?? 0,
  );
  const idleMinutes = (deps.now().getTime() - lastSpoke) / MINUTE;
  if (closeAfter > 0 && idleMinutes >= closeAfter) {
    await closeBySystem(deps, ticket, { message: connection.expiresInactiveMessage, logType: 'autoClose' });
    return;
  }
  if (ticket.sendInactiveMessage || !connection.inactiveMessage.trim()) return;
  const warned = await changeTicketState(deps, ticket, { sendInactiveMessage: true });
  if (warned) await say(deps, warned, connection.inactiveMessage);
}

/** timeSendQueue: a ticket still without a queue that many minutes after it arrived moves to sendIdQueue. */
async function sweepLostTickets(deps: AppDeps) {
  const sending = await deps.db
    .select({ connection: connections, timezone: companies.timezone })
    .from(connections)
    .innerJoin(companies, eq(companies.id, connections.companyId))
    .where(and(gt(connections.timeSendQueue, 0), isNotNull(connections.sendIdQueue)));
  for (const { connection, timezone } of sending) {
    const lost = await deps.db
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.connectionId, connection.id),
          eq(tickets.status, 'pending'),
          isNull(tickets.queueId),
          isNull(tickets.userId),
          lte(tickets.createdAt, minutesAgo(deps, connection.timeSendQueue)),
        ),
      )
      .limit(BATCH);
    const [queue] = await deps.db
      .select()
      .from(queues)
      .where(
        and(eq(queues.companyId, connection.companyId), eq(queues.id, connection.sendIdQueue as number)),
      );
    if (!queue) continue;
    const userRandom = (await readSetting(deps.db, connection.companyId, 'userRandom')) === 'enabled';
    for (const ticket of lost) {
      const moved = await changeTicketState(
        deps,
        ticket,
        { queueId: queue.id, isBot: false, chatbotOptionId: null },
        { type: 'queue' },
      );
      if (moved) await routeTicket(deps, moved, queue, { timeZone: timezone, userRandom });
    }
  }
}

/**
 * The router: waiting tickets of router queues not yet offered to anyone are offered as members come
 * online; one offered tempoRoteador minutes ago and still not accepted goes to the next member.
 */
async function sweepRouter(deps: AppDeps) {
  const routed = await deps.db
    .select({ queue: queues, timezone: companies.timezone })
    .from(queues)
    .innerJoin(companies, eq(companies.id, queues.companyId))
    .where(and(eq(queues.ativarRoteador, true), gt(queues.tempoRoteador, 0)));
  for (const { queue, timezone } of routed) {
    const waiting = await deps.db
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, queue.companyId),
          eq(tickets.queueId, queue.id),
          eq(tickets.status, 'pending'),
          eq(tickets.isBot, false),
          or(isNull(tickets.userId), lte(tickets.routedAt, minutesAgo(deps, queue.tempoRoteador))),
        ),
      )
      .limit(BATCH);
    for (const ticket of waiting)
      await routeTicket(deps, ticket, queue, { timeZone: timezone, userRandom: false });
  }
}
