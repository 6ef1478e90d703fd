import { iso } from '../mapping.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, insertRows } from '../target.js';

interface ScheduleRow {
  id: number;
  body: string;
  sendAt: Date | null;
  sentAt: Date | null;
  contactId: number | null;
  ticketId: number | null;
  userId: number | null;
  status: string | null;
  createdAt: Date;
}

/** Ticketz's schedule states as ours: sent, failed, or still to send. */
const scheduleStatus = (status: string | null, sentAt: Date | null) =>
  sentAt || status === 'ENVIADA' ? 'ENVIADA' : status === 'ERRO' ? 'ERRO' : 'PENDENTE';

/**
 * Scheduled messages. One still to send stays so and is sent here when due, through the company's
 * default connection once it is connected again (README: stop Ticketz before).
 */
export function schedulesStep(ctx: Context): Step<ScheduleRow> {
  return {
    table: 'Schedules',
    target: 'schedules',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<ScheduleRow>(
        `select id, body, "sendAt", "sentAt", "contactId", "ticketId", "userId", status, "createdAt" from "Schedules"
          where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const contacts = await ctx.ids.lookup(
        sql,
        'Contacts',
        rows.flatMap((row) => (row.contactId === null ? [] : [String(row.contactId)])),
      );
      const tickets = await ctx.ids.lookup(
        sql,
        'Tickets',
        rows.flatMap((row) => (row.ticketId === null ? [] : [String(row.ticketId)])),
      );
      const users = await ctx.ids.all(sql, 'Users');
      const kept = rows.filter((row) => {
        if (!contacts.has(String(row.contactId))) ctx.progress.skip('Schedules', 'contactMissing');
        else if (!row.sendAt) ctx.progress.skip('Schedules', 'noSendDate');
        else return true;
        return false;
      });
      const ids = await allocateIds(sql, 'schedules', kept.length);
      await insertRows(
        sql,
        'schedules',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['body', 'text'],
          ['send_at', 'timestamptz'],
          ['sent_at', 'timestamptz'],
          ['status', 'text'],
          ['contact_id', 'int'],
          ['ticket_id', 'int'],
          ['user_id', 'int'],
          ['created_at', 'timestamptz'],
        ],
        kept.map((row, i) => [
          ids[i],
          ctx.companyId,
          row.body,
          iso(row.sendAt),
          iso(row.sentAt),
          scheduleStatus(row.status, row.sentAt),
          contacts.get(String(row.contactId)),
          row.ticketId === null ? null : (tickets.get(String(row.ticketId)) ?? null),
          row.userId === null ? null : (users.get(String(row.userId)) ?? null),
          iso(row.createdAt),
        ]),
        { overriding: true },
      );
      return kept.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}

interface QuickMessageRow {
  id: number;
  shortcode: string;
  message: string | null;
  userId: number | null;
  createdAt: Date;
}

/** Quick messages; every user of a Ticketz company sees all of them, so here they are shared ("geral"). */
export function quickMessagesStep(ctx: Context): Step<QuickMessageRow> {
  return {
    table: 'QuickMessages',
    target: 'quick_messages',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<QuickMessageRow>(
        `select id, shortcode, message, "userId", "createdAt" from "QuickMessages"
          where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const users = await ctx.ids.all(sql, 'Users');
      const ids = await allocateIds(sql, 'quick_messages', rows.length);
      await insertRows(
        sql,
        'quick_messages',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['shortcode', 'text'],
          ['message', 'text'],
          ['user_id', 'int'],
          ['geral', 'bool'],
          ['created_at', 'timestamptz'],
        ],
        rows.map((row, i) => [
          ids[i],
          ctx.companyId,
          row.shortcode,
          row.message ?? '',
          row.userId === null ? null : (users.get(String(row.userId)) ?? null),
          true,
          iso(row.createdAt),
        ]),
        { overriding: true },
      );
      return rows.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}
