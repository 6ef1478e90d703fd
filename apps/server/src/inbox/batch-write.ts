import { executeSqlIn, type Tx } from '../db/client.js';
import { jsonRows } from '../db/json-rows.js';
import { messages, tickets } from '../db/schema/index.js';
import type { MessageRow } from '../modules/messages/messages.queries.js';
import type { TicketRow } from '../modules/tickets/tickets.bot-state.js';

/** A message of the batch, with the list columns its ticket takes when it counts as the customer's. */
export interface MessageToStore {
  ticketId: number;
  contactId: number;
  connectionId: number;
  queueId: number | null;
  externalId: string;
  body: string;
  fromMe: boolean;
  mediaPath: string | null;
  mediaType: string | null;
  mediaName: string | null;
  /** 'pending' while a job fetches the file (InboundMessage.pendingMedia). */
  mediaStatus: 'pending' | null;
  quotedMessageId: number | null;
  participant: string | null;
  /** When the customer sent it (history, back-fill); the transaction's time otherwise. */
  sentAt: Date | null;
  /**
   * An inbound message: its ticket's last message, its time and one more unread; and its automation
   * step noted as pending (`created`: the message opened its ticket, a first contact).
   */
  inbound?: { preview: string; at: Date; created: boolean };
}

/** What the batch's statement also does to the pending automation steps (pending-automation.ts). */
export interface StepNotes {
  /** When the new steps were noted: the sweep takes a step as lost a while after. */
  now: Date;
  /** Steps answered since the last batch, whose rows go in the same statement. */
  finished: number[];
}

/**
 * The batch's messages (INSERT … ON CONFLICT DO NOTHING on the connection's external id), the
 * inbound ones' ticket counters and their pending automation steps, and the removal of the steps
 * finished since the last batch, in one statement, one text whatever the batch's size: a statement
 * (and a commit) of their own per message had halved W6. A message another delivery stored meanwhile
 * is not answered: the caller rolls the batch back. The arrays are hidden from the planner (see
 * planOnce), so it plans this once per connection.
 */
const WRITE = `
with incoming as (
  select * from unnest(
    (select $2::int[]), (select $3::int[]), (select $4::int[]), (select $5::int[]), (select $6::text[]),
    (select $7::text[]), (select $8::boolean[]), (select $9::text[]), (select $10::text[]),
    (select $11::text[]), (select $12::bigint[]), (select $13::text[]), (select $14::timestamptz[]),
    (select $15::text[]), (select $16::timestamptz[]), (select $17::text[]), (select $18::boolean[])
  ) as i(ticket_id, contact_id, connection_id, queue_id, external_id, body, from_me, media_path,
         media_type, media_name, quoted_message_id, participant, sent_at, preview, counted_at, media_status,
         created)
), stored as (
  insert into messages (company_id, ticket_id, contact_id, connection_id, queue_id, external_id, body,
    from_me, ack, media_path, media_type, media_name, media_status, quoted_message_id, participant, created_at)
  select $1, ticket_id, contact_id, connection_id, queue_id, external_id, body, from_me,
    case when from_me then 1 else 0 end, media_path, media_type, media_name, media_status, quoted_message_id,
    participant, coalesce(sent_at, now())
  from incoming
  on conflict (connection_id, external_id) where external_id is not null do nothing
  returning *
), counted as (
  update tickets set last_message = i.preview, last_message_at = i.counted_at, last_message_from_me = false,
    last_customer_message_at = i.counted_at, unread_messages = tickets.unread_messages + 1,
    waiting_since = coalesce(tickets.waiting_since, now()), updated_at = i.counted_at
  from incoming i
  where tickets.company_id = $1 and tickets.id = i.ticket_id and i.counted_at is not null
  returning tickets.*
), noted as (
  insert into pending_automations (message_id, company_id, created, created_at)
  select stored.id, $1, i.created, $19::timestamptz
  from stored join incoming i on i.connection_id = stored.connection_id and i.external_id = stored.external_id
  where i.counted_at is not null
), finished as (
  delete from pending_automations where message_id = any((select $20::bigint[])::bigint[])
)
select 'message' as kind, to_jsonb(stored) as row from stored
union all
select 'ticket', to_jsonb(counted) from counted`;

const messageOf = jsonRows(messages);
const ticketOf = jsonRows(tickets);

export async function writeMessages(
  tx: Tx,
  companyId: number,
  batch: MessageToStore[],
  steps: StepNotes,
): Promise<{ stored: MessageRow[]; counted: TicketRow[] }> {
  if (batch.length === 0 && steps.finished.length === 0) return { stored: [], counted: [] };
  const column = <T>(of: (m: MessageToStore) => T) => batch.map(of);
  const { rows } = await executeSqlIn(tx)(WRITE, [
    companyId,
    column((m) => m.ticketId),
    column((m) => m.contactId),
    column((m) => m.connectionId),
    column((m) => m.queueId),
    column((m) => m.externalId),
    column((m) => m.body),
    column((m) => m.fromMe),
    column((m) => m.mediaPath),
    column((m) => m.mediaType),
    column((m) => m.mediaName),
    column((m) => m.quotedMessageId),
    column((m) => m.participant),
    column((m) => m.sentAt?.toISOString() ?? null),
    column((m) => m.inbound?.preview ?? null),
    column((m) => m.inbound?.at.toISOString() ?? null),
    column((m) => m.mediaStatus),
    column((m) => m.inbound?.created ?? false),
    steps.now.toISOString(),
    steps.finished,
  ]);
  const stored: MessageRow[] = [];
  const counted: TicketRow[] = [];
  for (const { kind, row } of rows as { kind: string; row: Record<string, unknown> }[])
    if (kind === 'message') stored.push(messageOf(row));
    else counted.push(ticketOf(row));
  return { stored, counted };
}
