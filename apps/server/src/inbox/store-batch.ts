import type { Ticket } from '@balcao/shared';
import type { Tx } from '../db/client.js';
import { identityKey, linkIdentities } from '../modules/contacts/contacts.identities.js';
import { createLockedContact, findOrCreateContact } from '../modules/contacts/contacts.resolution.js';
import { adoptTwin, findTwinContacts } from '../modules/contacts/contacts.twins.js';
import type { InboundMessage } from '../modules/messages/messages.inbound-message.js';
import { previewOf } from '../modules/messages/messages.outbox.js';
import type { MessageRow } from '../modules/messages/messages.queries.js';
import type { TicketRow } from '../modules/tickets/tickets.bot-state.js';
import { loadTicketsByIds, recordOutboundOnTicket } from '../modules/tickets/tickets.queries.js';
import {
  findOrCreateTicket,
  markNewTicket,
  recordImportedOnTicket,
} from '../modules/tickets/tickets.resolution.js';
import type { AppDeps } from '../platform/context.js';
import { loadParties, type Party } from './automation.js';
import { createContacts } from './batch-contacts.js';
import { lockKnownContacts, lookUpBatch, placeKey, storedKey } from './batch-resolution.js';
import { openTickets } from './batch-tickets.js';
import { type MessageToStore, type StepNotes, writeMessages } from './batch-write.js';
import { noteQueuedFor } from './pending-automation.js';
import { queueMediaDownloads } from './pending-media.js';

export interface Stored {
  message: MessageRow;
  ticket: Ticket;
  duplicate: boolean;
  created: boolean;
  quoted?: MessageRow;
  /** The ticket as this message's inbound update left it: what automation starts from. */
  row?: TicketRow;
  /** The contact and company automation reads, for a message automation answers. */
  party?: Party;
  /** The integration whose webhook job was queued with the message (queueHeldMessages). */
  queuedFor?: number;
}

/** A message of the batch was stored meanwhile under its external id: the batch rolls back. */
export class DuplicateDelivery extends Error {}

type Placed = Omit<Stored, 'ticket'>;

/** What a message row takes from its ticket. */
type TicketPlace = Pick<TicketRow, 'id' | 'queueId'>;

/**
 * Stores one company's messages of different contacts in one transaction: contacts, duplicates,
 * active tickets, messages and counters each in one statement for the whole batch; only what is
 * rare (a new contact or ticket, a group author, linked ids, history) takes statements of its own.
 * A message whose contact another message of the batch already has is left out (undefined), for
 * the next batch: a contact's messages are stored one after the other, each seeing the last.
 * `finished` are automation steps answered since (of any company), removed in the same transaction.
 */
export async function storeBatch(
  deps: AppDeps,
  companyId: number,
  inputs: InboundMessage[],
  finished: number[],
): Promise<(Stored | undefined)[]> {
  const now = deps.now();
  const { placed, parties, wake } = await deps.db.transaction((tx) =>
    placeBatch(deps, tx, companyId, inputs, { now, finished }),
  );
  wake();
  const ticketIds = [...new Set(placed.flatMap((p) => (p ? [p.message.ticketId] : [])))];
  // Contacts the batch created (or merged) have no party read with their lock.
  const unread = placed.flatMap((p) => (p?.row && !parties.has(p.row.contactId) ? [p.row.contactId] : []));
  const [presented, read] = await Promise.all([
    loadTicketsByIds(deps.db, deps.links, companyId, ticketIds),
    loadParties(deps, companyId, [...new Set(unread)]),
  ]);
  for (const [contactId, party] of read) parties.set(contactId, party);
  const byId = new Map(presented.map((ticket) => [ticket.id, ticket]));
  return placed.map((p) => {
    if (!p) return undefined;
    const ticket = byId.get(p.message.ticketId);
    if (!ticket) throw new Error('ticket of a stored message vanished');
    return { ...p, ticket, party: p.row ? parties.get(p.row.contactId) : undefined };
  });
}

async function placeBatch(
  deps: AppDeps,
  tx: Tx,
  companyId: number,
  inputs: InboundMessage[],
  steps: StepNotes,
): Promise<{ placed: (Placed | undefined)[]; parties: Map<number, Party>; wake: () => void }> {
  const { now } = steps;
  const { known, parties } = await lockKnownContacts(
    tx,
    companyId,
    inputs.map((input) => input.identity),
  );
  const unknown = inputs.filter((input) => !known.has(identityKey(input.identity)));
  const twins = await findTwinContacts(tx, companyId, unknown, { lock: true });
  const created = await createContacts(
    tx,
    companyId,
    unknown.filter((input) => !twins.has(identityKey(input.identity))),
  );
  const contactIds: (number | undefined)[] = [];
  const taken = new Set<number>();
  for (const input of inputs) {
    const key = identityKey(input.identity);
    const twin = twins.get(key);
    if (twin !== undefined) await adoptTwin(tx, input, twin);
    const contactId = known.get(key) ?? twin ?? created.get(key) ?? (await createLockedContact(tx, input));
    contactIds.push(taken.has(contactId) ? undefined : contactId);
    taken.add(contactId);
    if (input.alsoKnownAs?.length) await linkIdentities(tx, input, contactId, input.alsoKnownAs);
  }
  const { stored, active } = await lookUpBatch(
    tx,
    companyId,
    inputs.flatMap((input, at) =>
      contactIds[at] === undefined
        ? []
        : [input.externalId, ...(input.quotedExternalId ? [input.quotedExternalId] : [])].map(
            (externalId) => ({ connectionId: input.connectionId, externalId }),
          ),
    ),
    [...new Set(contactIds.flatMap((contactId) => (contactId === undefined ? [] : [contactId])))],
  );
  const fresh = inputs.flatMap((input, at) => {
    const contactId = contactIds[at];
    if (contactId === undefined || stored.has(storedKey(input.connectionId, input.externalId))) return [];
    return [{ at, input, contactId }];
  });
  const made = await openTickets(
    tx,
    companyId,
    fresh.flatMap(({ input, contactId }) =>
      active.has(placeKey(contactId, input.connectionId))
        ? []
        : [{ contactId, connectionId: input.connectionId, channel: input.channel }],
    ),
    now,
  );
  const batch: MessageToStore[] = [];
  const opened: { ticket: TicketPlace; created: boolean; quoted?: MessageRow }[] = [];
  for (const { input, contactId } of fresh) {
    const place = placeKey(contactId, input.connectionId);
    const found = active.get(place);
    const madeNow = made.get(place);
    const { ticket, created } = found
      ? { ticket: found, created: false }
      : madeNow
        ? { ticket: madeNow, created: true }
        : await findOrCreateTicket(tx, input, contactId, { now });
    if (created || input.arrivedOffline) await markNewTicket(tx, input, ticket.id, created);
    const authorId = input.sender
      ? await findOrCreateContact(tx, { ...input, ...input.sender, contact: { ...input.sender.contact } })
      : contactId;
    const quoted = input.quotedExternalId
      ? stored.get(storedKey(input.connectionId, input.quotedExternalId))
      : undefined;
    opened.push({ ticket, created, quoted });
    batch.push(messageToStore(input, { ticket, created }, authorId, quoted, now));
  }
  const written = await writeMessages(tx, companyId, batch, steps);
  // A conflict means a message was stored meanwhile (Baileys echoes our own sends): rolling back
  // keeps a duplicate from leaving an empty ticket behind.
  if (written.stored.length !== batch.length) throw new DuplicateDelivery();
  const byKey = new Map(written.stored.map((m) => [storedKey(m.connectionId ?? 0, m.externalId ?? ''), m]));
  const rowOf = new Map(written.counted.map((row) => [row.id, row]));
  const placed: (Placed | undefined)[] = inputs.map((input, at) => {
    const duplicate =
      contactIds[at] === undefined ? undefined : stored.get(storedKey(input.connectionId, input.externalId));
    return duplicate ? { message: duplicate, created: false, duplicate: true } : undefined;
  });
  for (const [n, { at, input }] of fresh.entries()) {
    const message = byKey.get(storedKey(input.connectionId, input.externalId));
    const open = opened[n];
    if (!message || !open) throw new DuplicateDelivery();
    const row = batch[n]?.inbound ? rowOf.get(open.ticket.id) : undefined;
    placed[at] = { message, created: open.created, duplicate: false, quoted: open.quoted, row };
    const preview = { body: previewOf(message), at: input.sentAt ?? now };
    if (input.imported) await recordImportedOnTicket(tx, companyId, open.ticket.id, preview);
    else if (input.fromMe)
      await recordOutboundOnTicket(tx, companyId, open.ticket.id, { ...preview, isAgentReply: false });
  }
  const held = placed.flatMap((entry) =>
    entry?.row ? [{ ticket: entry.row, message: { id: entry.message.id, body: entry.message.body } }] : [],
  );
  const { queuedFor, wake } = await deps.integrations.queueHeldMessages(deps, tx, held);
  for (const entry of placed) if (entry) entry.queuedFor = queuedFor.get(entry.message.id);
  await noteQueuedFor(tx, queuedFor);
  const wakeDownloads = await queueMediaDownloads(
    deps,
    tx,
    fresh.flatMap(({ at, input }) => {
      const message = placed[at]?.message;
      return message ? [{ input, message }] : [];
    }),
  );
  return {
    placed,
    parties,
    wake: () => {
      wake();
      wakeDownloads();
    },
  };
}

/** What is stored of an inbound message; only the customer's own messages count on the ticket. */
function messageToStore(
  input: InboundMessage,
  { ticket, created }: { ticket: TicketPlace; created: boolean },
  authorId: number,
  quoted: MessageRow | undefined,
  now: Date,
): MessageToStore {
  const media = {
    mediaPath: input.media?.mediaPath ?? null,
    mediaType: input.media?.mediaType ?? input.pendingMedia?.mediaType ?? input.mediaType ?? null,
    mediaName: input.media?.mediaName ?? input.pendingMedia?.mediaName ?? null,
  };
  const counts = !input.imported && !input.fromMe;
  return {
    ticketId: ticket.id,
    contactId: authorId,
    connectionId: input.connectionId,
    queueId: ticket.queueId,
    externalId: input.externalId,
    body: input.body,
    fromMe: input.fromMe ?? false,
    ...media,
    mediaStatus: input.pendingMedia ? 'pending' : null,
    quotedMessageId: quoted?.id ?? null,
    participant: input.sender?.jid ?? null,
    sentAt: input.sentAt ?? null,
    ...(counts
      ? {
          inbound: {
            preview: previewOf({ body: input.body, ...media, isDeleted: false }),
            at: input.sentAt ?? now,
            created,
          },
        }
      : {}),
  };
}
