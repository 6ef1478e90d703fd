import type { Ticket } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { tickets } from '../db/schema/index.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import { findByExternalId } from '../modules/messages/messages.queries.js';
import { loadTicket } from '../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../platform/context.js';
import { deleteSteps } from './pending-automation.js';
import { DuplicateDelivery, type Stored, storeBatch } from './store-batch.js';

/** Enough to share a commit among every delivery that can wait on one; more only adds latency. */
const BATCH_LIMIT = 200;

interface Waiting {
  input: InboundMessage;
  done: (stored: Held) => void;
  failed: (error: unknown) => void;
}

/**
 * Two batches at once: while PostgreSQL stores one, Node prepares the next and answers the last,
 * so neither side of a two-core machine waits for the other.
 */
const BATCHES_AT_ONCE = 2;

/**
 * A contact's messages are stored one after the other, in the order they arrived, and the next is
 * stored only once the last one's automation has answered (its receiver releases it).
 */
const senderOf = ({ companyId, identity }: InboundMessage) =>
  `${companyId}:${identity.kind}:${identity.value}`;

/**
 * Group commit for inbound messages: while batches are being stored, the messages that arrive
 * wait and then go together in the next transaction. An idle server stores a message at once;
 * a busy one shares each commit (and each statement) among many messages. Callers still wait
 * for their own message to be committed, so a webhook is answered only once it is stored.
 *
 * The automation steps answered meanwhile (`finish`) go the same way: their pending rows are removed
 * by the next batch's statement, or, once no batch is running, by a statement of their own.
 */
function intakeQueue(deps: AppDeps) {
  let waiting: Waiting[] = [];
  let running = 0;
  const busy = new Set<string>();
  let finished: number[] = [];
  let settled: (() => void)[] = [];

  /** One company's messages, at most one per sender and none of a sender a running batch has. */
  const take = () => {
    const companyId = waiting.find((entry) => !busy.has(senderOf(entry.input)))?.input.companyId;
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const entry of waiting) {
      const sender = senderOf(entry.input);
      if (batch.length < BATCH_LIMIT && entry.input.companyId === companyId && !busy.has(sender)) {
        busy.add(sender);
        batch.push(entry);
      } else rest.push(entry);
    }
    waiting = rest;
    return batch;
  };

  const store = async (batch: Waiting[], steps: number[]): Promise<void> => {
    const companyId = batch[0]?.input.companyId ?? 0;
    const stored = await storeBatch(
      deps,
      companyId,
      batch.map((entry) => entry.input),
      steps,
    ).catch(async (error: unknown) => {
      // The steps are removed with another batch, or on their own.
      finished.push(...steps);
      // One bad message (or a deadlock with another process) must not fail the others: alone, each
      // gets its own answer.
      if (batch.length > 1) {
        for (const entry of batch) await store([entry], []);
        return undefined;
      }
      const entry = batch[0];
      if (entry && error instanceof DuplicateDelivery)
        await duplicateOf(deps, entry.input).then(
          (stored) => entry.done(held(entry, stored)),
          (failure: unknown) => fail(entry, failure),
        );
      else if (entry) fail(entry, error);
      return undefined;
    });
    if (!stored) return;
    const later: Waiting[] = [];
    for (const [at, entry] of batch.entries()) {
      const result = stored[at];
      if (result) entry.done(held(entry, result));
      else later.push(entry);
    }
    waiting = [...later, ...waiting];
    for (const entry of later) free(entry);
  };

  const free = (entry: Waiting) => {
    busy.delete(senderOf(entry.input));
    pump();
  };
  const fail = (entry: Waiting, error: unknown) => {
    free(entry);
    entry.failed(error);
  };
  const held = (entry: Waiting, stored: Stored): Held => {
    let released = false;
    return {
      ...stored,
      release: () => {
        if (released) return;
        released = true;
        free(entry);
      },
    };
  };

  /** Steps no batch took: removed once nothing else is running, rather than a statement each. */
  const removeFinished = async (steps: number[]) => {
    // Left behind, a row only has the sweep run its step again, minutes later.
    await deleteSteps(deps.db, steps).catch((error: unknown) =>
      deps.log.error({ err: error, messageIds: steps }, 'finished automation steps not removed'),
    );
  };

  const pump = () => {
    while (running < BATCHES_AT_ONCE) {
      const batch = take();
      if (batch.length === 0 && (running > 0 || finished.length === 0)) break;
      const steps = finished;
      finished = [];
      running++;
      void (batch.length ? store(batch, steps) : removeFinished(steps)).finally(() => {
        running--;
        pump();
      });
    }
    if (running === 0 && waiting.length === 0 && finished.length === 0) {
      for (const resolve of settled) resolve();
      settled = [];
    }
  };

  return {
    store: (input: InboundMessage) =>
      new Promise<Held>((done, failed) => {
        waiting.push({ input, done, failed });
        pump();
      }),
    finish: (messageId: number) => {
      finished.push(messageId);
      pump();
    },
    settled: () =>
      new Promise<void>((resolve) => {
        settled.push(resolve);
        pump();
      }),
  };
}

async function duplicateOf(deps: AppDeps, input: InboundMessage): Promise<Stored> {
  const message = await findByExternalId(deps.db, input.companyId, input.connectionId, input.externalId);
  if (!message) throw new Error('message could not be stored');
  const ticket = await loadTicket(deps.db, deps.links, input.companyId, eq(tickets.id, message.ticketId));
  return { message, ticket: ticket as Ticket, duplicate: true, created: false };
}

const queues = new WeakMap<AppDeps, ReturnType<typeof intakeQueue>>();

/** A stored message whose sender's next message waits until `release`. */
export type Held = Stored & { release: () => void };

/**
 * Stores an inbound message through the intake queue of these deps (one per server process); the
 * caller releases the sender once it has answered the message.
 */
export function storeInbound(deps: AppDeps, input: InboundMessage): Promise<Held> {
  return queueOf(deps).store(input);
}

/**
 * The automation step of a stored message has run (or failed, which is logged): its pending row goes
 * with the next batch. Not waited for: the row only matters if this process stops before it goes,
 * and then the sweep runs the step again (see `intakeSettled` for a clean stop).
 */
export function finishStep(deps: AppDeps, messageId: number): void {
  queueOf(deps).finish(messageId);
}

/** Resolves once nothing is left to store or remove: a stopping process waits for it. */
export function intakeSettled(deps: AppDeps): Promise<void> {
  return queues.get(deps)?.settled() ?? Promise.resolve();
}

function queueOf(deps: AppDeps) {
  let queue = queues.get(deps);
  if (!queue) {
    queue = intakeQueue(deps);
    queues.set(deps, queue);
  }
  return queue;
}
