import { channelOf, iso } from '../mapping.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, insertRows } from '../target.js';

interface TicketRow {
  id: number;
  status: string;
  lastMessage: string | null;
  contactId: number | null;
  userId: number | null;
  whatsappId: number | null;
  queueId: number | null;
  isGroup: boolean;
  unreadMessages: number | null;
  channel: string | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const statuses = new Set(['pending', 'open', 'closed', 'group', 'nps', 'lgpd']);

/**
 * Tickets with their holder, queue and connection, and when their last cycle was accepted and
 * closed (from TicketTraking). Here a contact has one active ticket per connection: a second active
 * one in Ticketz (its best-known defect) comes in closed and is reported.
 */
export function ticketsStep(ctx: Context): Step<TicketRow> {
  return {
    table: 'Tickets',
    target: 'tickets',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<TicketRow>(
        `select t.id, t.status, t."lastMessage", t."contactId", t."userId", t."whatsappId", t."queueId", t."isGroup",
                t."unreadMessages", t.channel, t."createdAt", t."updatedAt", tr."startedAt", tr."finishedAt"
           from "Tickets" t
           left join lateral (select "startedAt", "finishedAt" from "TicketTraking" k
                               where k."ticketId" = t.id order by k.id desc limit 1) tr on true
          where t."companyId" = $1 and t.id > $2 order by t.id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const ref = (table: string, pick: (row: TicketRow) => number | null) =>
        ctx.ids.lookup(
          sql,
          table,
          rows.flatMap((row) => (pick(row) === null ? [] : [String(pick(row))])),
        );
      // One after another: they share the batch's transaction, and a client runs one query at a time.
      const contacts = await ref('Contacts', (row) => row.contactId);
      const users = await ref('Users', (row) => row.userId);
      const queues = await ref('Queues', (row) => row.queueId);
      const connections = await ref('Whatsapps', (row) => row.whatsappId);
      const target = (map: Map<string, number>, id: number | null) =>
        id === null ? null : (map.get(String(id)) ?? null);
      const kept = rows.filter((row) => contacts.has(String(row.contactId)));
      ctx.progress.skip('Tickets', 'contactMissing', rows.length - kept.length);

      const { rows: active } = await sql(
        `select contact_id || ':' || coalesce(connection_id, 0) as key from tickets
          where company_id = $1 and status <> 'closed' and contact_id = any($2::int[])`,
        [ctx.companyId, kept.map((row) => target(contacts, row.contactId))],
      );
      const busy = new Set((active as { key: string }[]).map((row) => row.key));
      const ids = await allocateIds(sql, 'tickets', kept.length);
      const values = kept.map((row, i) => {
        let status = statuses.has(row.status) ? row.status : 'closed';
        if (status !== row.status) ctx.progress.note({ key: 'ticketStatusUnknown', status: row.status });
        const contactId = target(contacts, row.contactId);
        const connectionId = target(connections, row.whatsappId);
        const pair = `${contactId}:${connectionId ?? 0}`;
        if (status !== 'closed') {
          if (busy.has(pair)) {
            status = 'closed';
            ctx.progress.skip('Tickets.status', 'secondActiveTicket');
          } else busy.add(pair);
        }
        const closed = status === 'closed';
        return [
          ids[i],
          ctx.companyId,
          contactId,
          connectionId,
          target(queues, row.queueId),
          target(users, row.userId),
          status,
          channelOf(row.channel),
          row.isGroup,
          closed ? 0 : (row.unreadMessages ?? 0),
          row.lastMessage ?? '',
          iso(row.startedAt),
          closed ? iso(row.finishedAt ?? row.updatedAt) : null,
          iso(row.createdAt),
          iso(row.updatedAt),
        ];
      });
      await insertRows(
        sql,
        'tickets',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['contact_id', 'int'],
          ['connection_id', 'int'],
          ['queue_id', 'int'],
          ['user_id', 'int'],
          ['status', 'text'],
          ['channel', 'text'],
          ['is_group', 'bool'],
          ['unread_messages', 'int'],
          ['last_message', 'text'],
          ['accepted_at', 'timestamptz'],
          ['closed_at', 'timestamptz'],
          ['created_at', 'timestamptz'],
          ['updated_at', 'timestamptz'],
        ],
        values,
        { overriding: true },
      );
      return kept.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}

interface CycleRow {
  id: number;
  ticketId: number | null;
  whatsappId: number | null;
  userId: number | null;
  queueId: number | null;
  createdAt: Date | null;
  queuedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  ratingAt: Date | null;
  ticketCreatedAt: Date | null;
}

/** TicketTraking rows as ticket cycles (a reopened ticket has one per time it was worked). */
export function cyclesStep(ctx: Context): Step<CycleRow> {
  return {
    table: 'TicketTraking',
    target: 'ticket_cycles',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<CycleRow>(
        `select k.id, k."ticketId", k."whatsappId", k."userId", t."queueId", k."createdAt", k."queuedAt", k."startedAt",
                k."finishedAt", k."ratingAt", t."createdAt" as "ticketCreatedAt"
           from "TicketTraking" k left join "Tickets" t on t.id = k."ticketId"
          where k."companyId" = $1 and k.id > $2 order by k.id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const lookup = (table: string, pick: (row: CycleRow) => number | null) =>
        ctx.ids.lookup(
          sql,
          table,
          rows.flatMap((row) => (pick(row) === null ? [] : [String(pick(row))])),
        );
      const tickets = await lookup('Tickets', (row) => row.ticketId);
      const users = await lookup('Users', (row) => row.userId);
      const queues = await lookup('Queues', (row) => row.queueId);
      const connections = await lookup('Whatsapps', (row) => row.whatsappId);
      const kept = rows.filter((row) => tickets.has(String(row.ticketId)));
      ctx.progress.skip('TicketTraking', 'ticketMissing', rows.length - kept.length);
      const ids = await allocateIds(sql, 'ticket_cycles', kept.length);
      const get = (map: Map<string, number>, id: number | null) =>
        id === null ? null : (map.get(String(id)) ?? null);
      await insertRows(
        sql,
        'ticket_cycles',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['ticket_id', 'int'],
          ['connection_id', 'int'],
          ['queue_id', 'int'],
          ['user_id', 'int'],
          ['queued_at', 'timestamptz'],
          ['accepted_at', 'timestamptz'],
          ['closed_at', 'timestamptz'],
          ['rated_at', 'timestamptz'],
          ['created_at', 'timestamptz'],
        ],
        kept.map((row, i) => [
          ids[i],
          ctx.companyId,
          get(tickets, row.ticketId),
          get(connections, row.whatsappId),
          get(queues, row.queueId),
          get(users, row.userId),
          iso(row.queuedAt),
          iso(row.startedAt),
          iso(row.finishedAt),
          iso(row.ratingAt),
          iso(row.createdAt ?? row.queuedAt ?? row.ticketCreatedAt ?? new Date()),
        ]),
        { overriding: true },
      );
      return kept.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}

interface RatingRow {
  id: number;
  ticketId: number | null;
  userId: number | null;
  rate: number | null;
  createdAt: Date | null;
  cycleId: number | null;
}

/**
 * Ratings, each on the ticket cycle it was given in: the last one that began before it. A rating
 * without a cycle, or a second one on a cycle, is left out (ours are one per cycle).
 */
export function ratingsStep(ctx: Context): Step<RatingRow> {
  return {
    table: 'UserRatings',
    target: 'ticket_ratings',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<RatingRow>(
        `select r.id, r."ticketId", r."userId", r.rate, r."createdAt", k.id as "cycleId"
           from "UserRatings" r
           left join lateral (select id from "TicketTraking" k where k."ticketId" = r."ticketId"
                               order by (k."createdAt" <= r."createdAt") desc nulls last, k.id desc limit 1) k on true
          where r."companyId" = $1 and r.id > $2 order by r.id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const cycles = await ctx.ids.lookup(
        sql,
        'TicketTraking',
        rows.flatMap((row) => (row.cycleId === null ? [] : [String(row.cycleId)])),
      );
      const tickets = await ctx.ids.lookup(
        sql,
        'Tickets',
        rows.flatMap((row) => (row.ticketId === null ? [] : [String(row.ticketId)])),
      );
      const users = await ctx.ids.all(sql, 'Users');
      const { rows: rated } = await sql(
        'select cycle_id from ticket_ratings where company_id = $1 and cycle_id = any($2::int[])',
        [ctx.companyId, [...cycles.values()]],
      );
      const taken = new Set((rated as { cycle_id: number }[]).map((row) => row.cycle_id));
      const kept = rows.flatMap((row) => {
        const cycleId = row.cycleId === null ? undefined : cycles.get(String(row.cycleId));
        const ticketId = tickets.get(String(row.ticketId));
        if (cycleId === undefined || ticketId === undefined) {
          ctx.progress.skip('UserRatings', 'noCycleToRate');
          return [];
        }
        if (taken.has(cycleId)) {
          ctx.progress.skip('UserRatings', 'cycleAlreadyRated');
          return [];
        }
        taken.add(cycleId);
        return [{ row, cycleId, ticketId }];
      });
      const ids = await allocateIds(sql, 'ticket_ratings', kept.length);
      await insertRows(
        sql,
        'ticket_ratings',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['ticket_id', 'int'],
          ['cycle_id', 'int'],
          ['user_id', 'int'],
          ['rate', 'int'],
          ['scale', 'int'],
          ['created_at', 'timestamptz'],
        ],
        kept.map(({ row, cycleId, ticketId }, i) => [
          ids[i],
          ctx.companyId,
          ticketId,
          cycleId,
          row.userId === null ? null : (users.get(String(row.userId)) ?? null),
          row.rate ?? 0,
          5,
          iso(row.createdAt ?? new Date()),
        ]),
        { overriding: true },
      );
      return kept.map(({ row }, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}

interface NoteRow {
  id: number;
  note: string;
  userId: number | null;
  contactId: number;
  ticketId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Ticket notes; ours belong to a ticket, so a note Ticketz kept without one is left out. */
export function notesStep(ctx: Context): Step<NoteRow> {
  return {
    table: 'TicketNotes',
    target: 'ticket_notes',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<NoteRow>(
        `select n.id, n.note, n."userId", n."contactId", n."ticketId", n."createdAt", n."updatedAt"
           from "TicketNotes" n join "Contacts" c on c.id = n."contactId"
          where c."companyId" = $1 and n.id > $2 order by n.id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const tickets = await ctx.ids.lookup(
        sql,
        'Tickets',
        rows.flatMap((row) => (row.ticketId === null ? [] : [String(row.ticketId)])),
      );
      const contacts = await ctx.ids.lookup(
        sql,
        'Contacts',
        rows.map((row) => String(row.contactId)),
      );
      const users = await ctx.ids.all(sql, 'Users');
      const kept = rows.filter(
        (row) => tickets.has(String(row.ticketId)) && contacts.has(String(row.contactId)),
      );
      ctx.progress.skip('TicketNotes', 'ticketMissingOrNone', rows.length - kept.length);
      const ids = await allocateIds(sql, 'ticket_notes', kept.length);
      await insertRows(
        sql,
        'ticket_notes',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['ticket_id', 'int'],
          ['contact_id', 'int'],
          ['user_id', 'int'],
          ['note', 'text'],
          ['created_at', 'timestamptz'],
          ['updated_at', 'timestamptz'],
        ],
        kept.map((row, i) => [
          ids[i],
          ctx.companyId,
          tickets.get(String(row.ticketId)),
          contacts.get(String(row.contactId)),
          row.userId === null ? null : (users.get(String(row.userId)) ?? null),
          row.note,
          iso(row.createdAt),
          iso(row.updatedAt),
        ]),
        { overriding: true },
      );
      return kept.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}
