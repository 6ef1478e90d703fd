import type { Ticket } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { tickets } from '../db/schema/index.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import { findByExternalId } from '../modules/messages/messages.queries.js';
import { loadTicket } from '../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../platform/context.js';
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
 */
function intakeQueue(deps: AppDeps) {
  let waiting: Waiting[] = [];
  let running = 0;
  const busy = new Set<string>();

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

  const store = async (batch: Waiting[]): Promise<void> => {
    const companyId = batch[0]?.input.companyId ?? 0;
    const stored = await storeBatch(
      deps,
      companyId,
      batch.map((entry) => entry.input),
    ).catch(async (error: unknown) => {
      // One bad message (or a deadlock with another process) must not fail the others: alone, each
      // gets its own answer.
      if (batch.length > 1) {
        for (const entry of batch) await store([entry]);
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

  const pump = () => {
    while (running < BATCHES_AT_ONCE) {
      const batch = take();
      if (batch.length === 0) return;
      running++;
      void store(batch).finally(() => {
        running--;
        pump();
      });
    }
  };

  return (input: InboundMessage) =>
    new Promise<Held>((done, failed) => {
      waiting.push({ input, done, failed });
      pump();
    });
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
  let queue = queues.get(deps);
  if (!queue) {
    queue = intakeQueue(deps);
    queues.set(deps, queue);
  }
  return queue(input);
}
