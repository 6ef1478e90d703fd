import type { Ticket } from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { tickets } from '../db/schema/index.js';
import { findByExternalId } from '../modules/messages/messages.queries.js';
import { loadTicket } from '../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../platform/context.js';
import type { InboundMessage } from './receive.js';
import { DuplicateDelivery, type Stored, storeBatch } from './store-batch.js';

/** Enough to share a commit among every delivery that can wait on one; more only adds latency. */
const BATCH_LIMIT = 200;

interface Waiting {
  input: InboundMessage;
  done: (stored: Stored) => void;
  failed: (error: unknown) => void;
}

/**
 * Group commit for inbound messages: while one batch is being stored, the messages that arrive
 * wait and then go together in the next transaction. An idle server stores a message at once;
 * a busy one shares each commit (and each statement) among many messages. Callers still wait
 * for their own message to be committed, so a webhook is answered only once it is stored.
 */
function intakeQueue(deps: AppDeps) {
  let waiting: Waiting[] = [];
  let draining = false;

  /** The oldest message's company, one message per sender: a contact's messages go in order. */
  const take = () => {
    const companyId = waiting[0]?.input.companyId;
    const senders = new Set<string>();
    const batch: Waiting[] = [];
    const rest: Waiting[] = [];
    for (const entry of waiting) {
      const { identity } = entry.input;
      const sender = `${identity.kind}:${identity.value}`;
      if (batch.length < BATCH_LIMIT && entry.input.companyId === companyId && !senders.has(sender)) {
        senders.add(sender);
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
        await duplicateOf(deps, entry.input).then(entry.done, entry.failed);
      else entry?.failed(error);
      return undefined;
    });
    if (!stored) return;
    const later: Waiting[] = [];
    for (const [at, entry] of batch.entries()) {
      const result = stored[at];
      if (result) entry.done(result);
      else later.push(entry);
    }
    waiting = [...later, ...waiting];
  };

  const drain = async () => {
    draining = true;
    try {
      while (waiting.length > 0) await store(take());
    } finally {
      draining = false;
    }
  };

  return (input: InboundMessage) =>
    new Promise<Stored>((done, failed) => {
      waiting.push({ input, done, failed });
      if (!draining) void drain();
    });
}

async function duplicateOf(deps: AppDeps, input: InboundMessage): Promise<Stored> {
  const message = await findByExternalId(deps.db, input.companyId, input.connectionId, input.externalId);
  if (!message) throw new Error('message could not be stored');
  const ticket = await loadTicket(deps.db, deps.links, input.companyId, eq(tickets.id, message.ticketId));
  return { message, ticket: ticket as Ticket, duplicate: true, created: false };
}

const queues = new WeakMap<AppDeps, ReturnType<typeof intakeQueue>>();

/** Stores an inbound message through the intake queue of these deps (one per server process). */
export function storeInbound(deps: AppDeps, input: InboundMessage): Promise<Stored> {
  let queue = queues.get(deps);
  if (!queue) {
    queue = intakeQueue(deps);
    queues.set(deps, queue);
  }
  return queue(input);
}
