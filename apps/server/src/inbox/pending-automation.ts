import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { type Db, executeSqlIn, type Tx } from '../db/client.js';
import { connections, messages, pendingAutomations, tickets } from '../db/schema/index.js';
import type { AppDeps } from '../platform/context.js';
import { runAutomation } from './automation.js';

/**
 * How old an unfinished step must be before the sweep takes it as lost: longer than any step runs
 * in its own process (an outside engine's call included), so a slow step is never run twice.
 */
const LOST_AFTER_MS = 5 * 60_000;
/** How long the sweep holds a step it runs, so an overlapping sweep leaves it alone. */
const CLAIM_MS = 5 * 60_000;
const SWEEP_BATCH = 50;

/**
 * In the intake's transaction: the integration whose webhook job was queued with each message, on
 * the step the batch's statement noted for it (batch-write.ts), so a recovered step does not queue it again.
 */
export async function noteQueuedFor(tx: Tx, queuedFor: Map<number, number>) {
  if (queuedFor.size === 0) return;
  await executeSqlIn(tx)(
    `update pending_automations p set queued_for = q.integration_id
     from unnest($1::bigint[], $2::int[]) as q(message_id, integration_id) where p.message_id = q.message_id`,
    [[...queuedFor.keys()], [...queuedFor.values()]],
  );
}

/** These steps have run (or failed, which is logged): nothing is left to recover. */
export async function deleteSteps(db: Db, messageIds: number[]) {
  // One statement text whatever the count, planned once per connection.
  await db
    .delete(pendingAutomations)
    .where(sql`${pendingAutomations.messageId} = any(${sql.param(messageIds)}::bigint[])`);
}

/**
 * Runs the steps a process left unfinished (it stopped between storing the message and answering it),
 * oldest first, from the ticket as it is now: every step changes the ticket only conditionally, so a
 * ticket an attendant took meanwhile gets no menu. Answers how many it ran.
 */
export async function recoverSteps(deps: AppDeps, now = deps.now()): Promise<number> {
  let ran = 0;
  for (;;) {
    const batch = await recoverBatch(deps, now);
    ran += batch;
    if (batch < SWEEP_BATCH) return ran;
  }
}

async function recoverBatch(deps: AppDeps, now: Date): Promise<number> {
  const lost = deps.db
    .select({ messageId: pendingAutomations.messageId })
    .from(pendingAutomations)
    .where(
      and(
        lt(pendingAutomations.createdAt, new Date(now.getTime() - LOST_AFTER_MS)),
        or(isNull(pendingAutomations.claimedUntil), lt(pendingAutomations.claimedUntil, now)),
      ),
    )
    .orderBy(pendingAutomations.createdAt)
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(pendingAutomations)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(pendingAutomations.messageId, lost))
    .returning();
  for (const step of claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    await runLostStep(deps, step).catch((error: unknown) =>
      deps.log.error({ err: error, messageId: step.messageId }, 'recovered automation failed'),
    );
    await deleteSteps(deps.db, [step.messageId]);
  }
  return claimed.length;
}

async function runLostStep(deps: AppDeps, step: typeof pendingAutomations.$inferSelect) {
  const [found] = await deps.db
    .select({ message: messages, ticket: tickets, connection: connections })
    .from(messages)
    .innerJoin(tickets, and(eq(tickets.companyId, messages.companyId), eq(tickets.id, messages.ticketId)))
    .innerJoin(
      connections,
      and(eq(connections.companyId, messages.companyId), eq(connections.id, messages.connectionId)),
    )
    .where(and(eq(messages.companyId, step.companyId), eq(messages.id, step.messageId)));
  if (!found) return;
  const { message, ticket, connection } = found;
  await runAutomation(deps, {
    connection,
    ticket,
    message: {
      id: message.id,
      body: message.body,
      mediaType: message.mediaType,
      queuedFor: step.queuedFor ?? undefined,
    },
    created: step.created,
  });
}
