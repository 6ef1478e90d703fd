import { ackOf, iso, mediaTypeOf } from '../mapping.js';
import { type CopiedMedia, copyMedia, mediaSourcePath } from '../media.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, byBtree, insertRows } from '../target.js';

interface MessageRow {
  id: string;
  ticketId: number;
  body: string;
  ack: number;
  mediaType: string | null;
  mediaUrl: string | null;
  fromMe: boolean;
  isDeleted: boolean;
  isEdited: boolean;
  contactId: number | null;
  quotedMsgId: string | null;
  participant: string | null;
  queueId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Ticketz's message ids are the provider's and repeat across tickets: a message is its ticket and id. */
const keyOf = (ticketId: number, id: string) => `${ticketId}:${id}`;

const select = `select id, "ticketId", body, ack, "mediaType", "mediaUrl", "fromMe", "isDeleted", "isEdited",
  "contactId", "quotedMsgId", participant, "queueId", "createdAt", "updatedAt" from "Messages"`;

const columns = [
  ['id', 'bigint'],
  ['company_id', 'int'],
  ['ticket_id', 'int'],
  ['contact_id', 'int'],
  ['connection_id', 'int'],
  ['external_id', 'text'],
  ['body', 'text'],
  ['from_me', 'bool'],
  ['ack', 'smallint'],
  ['media_path', 'text'],
  ['media_type', 'text'],
  ['media_name', 'text'],
  ['media_status', 'text'],
  ['media_error', 'text'],
  ['is_deleted', 'bool'],
  ['is_edited', 'bool'],
  ['quoted_message_id', 'bigint'],
  ['participant', 'text'],
  ['queue_id', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

/**
 * Messages, a conversation's in order of their ids. A quote points at the quoted message when it is
 * in the same conversation (in this page, or imported by an earlier run); one quoting another
 * conversation's message is kept without the link. Files are copied when --media names Ticketz's
 * public/ folder; without it, or when a file is missing, the message says its file was not brought
 * over. None is sent again: imported messages have no send state, so the outbox never takes them.
 */
export function messagesStep(ctx: Context): Step<MessageRow> {
  /** The copied file, or why it is not there. */
  const media = async (row: MessageRow): Promise<CopiedMedia> => {
    const url = row.mediaUrl as string;
    if (!ctx.storage || !ctx.options.mediaDir) {
      ctx.progress.skip('Messages.media', 'filesNotCopied');
      return { missing: 'filesNotCopied' };
    }
    const path = mediaSourcePath(ctx.options.mediaDir, url);
    if (!path) {
      ctx.progress.skip('Messages.media', 'pathOutsidePublic');
      return { missing: 'pathOutsidePublic' };
    }
    const copied = await copyMedia(ctx.storage, ctx.companyId, keyOf(row.ticketId, row.id), path);
    if ('missing' in copied) ctx.progress.skip('Messages.media', copied.missing);
    else ctx.progress.counts('Messages.media').imported += 1;
    return copied;
  };

  return {
    table: 'Messages',
    target: 'messages',
    key: (row) => keyOf(row.ticketId, row.id),
    // A page ends with its last conversation: a quote and the message it quotes are always written
    // together or in order, wherever a run stopped and whatever the batch size.
    async page(after, limit) {
      const rows = await ctx.source.query<MessageRow>(
        `${select} where "companyId" = $1 and ("ticketId", id) > ($2, $3) order by "ticketId", id limit $4`,
        [ctx.sourceCompanyId, after?.ticketId ?? 0, after?.id ?? '', limit],
      );
      const last = rows.at(-1);
      if (!last || rows.length < limit) return rows;
      const rest = await ctx.source.query<MessageRow>(
        `${select} where "companyId" = $1 and "ticketId" = $2 and id > $3 order by id`,
        [ctx.sourceCompanyId, last.ticketId, last.id],
      );
      return [...rows, ...rest];
    },
    async write(sql, rows) {
      const tickets = await ctx.ids.lookup(
        sql,
        'Tickets',
        rows.map((row) => String(row.ticketId)),
      );
      const kept = rows.filter((row) => tickets.has(String(row.ticketId)));
      ctx.progress.skip('Messages', 'ticketMissing', rows.length - kept.length);
      const contacts = await ctx.ids.lookup(
        sql,
        'Contacts',
        kept.flatMap((row) => (row.contactId === null ? [] : [String(row.contactId)])),
      );
      const queues = await ctx.ids.all(sql, 'Queues');
      const { rows: targetTickets } = await sql(
        'select id, connection_id from tickets where company_id = $1 and id = any($2::int[])',
        [ctx.companyId, [...new Set(tickets.values())]],
      );
      const connectionOf = new Map(
        (targetTickets as { id: number; connection_id: number | null }[]).map((t) => [t.id, t.connection_id]),
      );
      const ids = await allocateIds(sql, 'messages', kept.length);
      const here = new Map(kept.map((row, i) => [keyOf(row.ticketId, row.id), ids[i] as number]));
      const quotedKeys = kept.flatMap((row) =>
        row.quotedMsgId && !here.has(keyOf(row.ticketId, row.quotedMsgId))
          ? [keyOf(row.ticketId, row.quotedMsgId)]
          : [],
      );
      const quotedBefore = await ctx.ids.lookup(sql, 'Messages', quotedKeys);
      const externals = await takenExternalIds(sql, kept, tickets, connectionOf);

      const values: unknown[][] = [];
      for (const [i, row] of kept.entries()) {
        const ticketId = tickets.get(String(row.ticketId)) as number;
        const connectionId = connectionOf.get(ticketId) ?? null;
        let quoted: number | null = null;
        if (row.quotedMsgId) {
          const key = keyOf(row.ticketId, row.quotedMsgId);
          quoted = here.get(key) ?? quotedBefore.get(key) ?? null;
          if (quoted === null) ctx.progress.skip('Messages.quote', 'quoteLinkDropped');
        }
        const external = `${connectionId}:${row.id}`;
        const duplicate = externals.has(external);
        externals.add(external);
        const file = row.mediaUrl ? await media(row) : undefined;
        values.push([
          ids[i],
          ctx.companyId,
          ticketId,
          row.contactId === null ? null : (contacts.get(String(row.contactId)) ?? null),
          connectionId,
          duplicate ? null : row.id,
          row.body,
          row.fromMe,
          ackOf(row.ack),
          file && 'key' in file ? file.key : null,
          file ? (mediaTypeOf(row.mediaType) ?? 'application') : mediaTypeOf(row.mediaType),
          file && 'key' in file ? file.name : null,
          file && !('key' in file) ? 'unavailable' : null,
          file && !('key' in file) ? 'ERR_MEDIA_NOT_IMPORTED' : null,
          row.isDeleted,
          row.isEdited,
          quoted,
          row.participant,
          row.queueId === null ? null : (queues.get(String(row.queueId)) ?? null),
          iso(row.createdAt),
          iso(row.updatedAt),
        ]);
      }
      await insertRows(sql, 'messages', columns, values, { overriding: true });
      await refreshTickets(sql, ctx.companyId, [
        ...new Set(kept.map((row) => tickets.get(String(row.ticketId)))),
      ]);
      return kept.map((row, i): Mapped => [keyOf(row.ticketId, row.id), ids[i] as number]);
    },
  };
}

/**
 * Provider ids already stored on the batch's connections: ours are unique per connection, Ticketz's
 * are not (the same group message on two tickets), so a repeat is stored without it.
 */
async function takenExternalIds(
  sql: Context['database']['executeSql'],
  rows: MessageRow[],
  tickets: Map<string, number>,
  connectionOf: Map<number, number | null>,
) {
  const pairs = rows.flatMap((row) => {
    const connection = connectionOf.get(tickets.get(String(row.ticketId)) as number);
    return connection === null || connection === undefined ? [] : [[connection, row.id] as const];
  });
  // One probe of the unique index per pair.
  const { rows: taken } = await byBtree(sql, () =>
    sql(
      `select u.c || ':' || u.e as key from unnest($1::int[], $2::text[]) as u(c, e)
        where exists (select 1 from messages m where m.connection_id = u.c and m.external_id = u.e)`,
      [pairs.map(([c]) => c), pairs.map(([, id]) => id)],
    ),
  );
  return new Set((taken as { key: string }[]).map((row) => row.key));
}

/**
 * The tickets' last-message fields, from their newest message, only ever moved forward: what the
 * ticket list shows and sorts by, without reading messages.
 */
async function refreshTickets(
  sql: Context['database']['executeSql'],
  companyId: number,
  ticketIds: unknown[],
) {
  await sql(
    `update tickets t set last_message_at = m.created_at, last_message_from_me = m.from_me,
            last_customer_message_at = coalesce(c.at, t.last_customer_message_at),
            last_agent_message_at = coalesce(a.at, t.last_agent_message_at)
       from (select distinct on (ticket_id) ticket_id, created_at, from_me from messages
              where ticket_id = any($2::int[]) order by ticket_id, created_at desc, id desc) m
       left join lateral (select max(created_at) as at from messages x
                           where x.ticket_id = m.ticket_id and not x.from_me) c on true
       left join lateral (select max(created_at) as at from messages x
                           where x.ticket_id = m.ticket_id and x.from_me) a on true
      where t.company_id = $1 and t.id = m.ticket_id
        and (t.last_message_at is null or t.last_message_at <= m.created_at)`,
    [companyId, ticketIds],
  );
}
