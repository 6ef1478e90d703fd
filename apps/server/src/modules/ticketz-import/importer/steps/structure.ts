import { randomBytes } from 'node:crypto';
import { channelOf, iso, serviceHours } from '../mapping.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, insertRows } from '../target.js';

const byId = (table: string, columns: string) =>
  `select ${columns} from "${table}" where "companyId" = $1 and id > $2 order by id limit $3`;

interface QueueRow {
  id: number;
  name: string;
  color: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  schedules: unknown;
  createdAt: Date;
}

/** Queues; one whose name or colour a queue here already has (case aside) is that queue. */
export function queuesStep(ctx: Context): Step<QueueRow> {
  return {
    table: 'Queues',
    target: 'queues',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<QueueRow>(
        byId('Queues', 'id, name, color, "greetingMessage", "outOfHoursMessage", schedules, "createdAt"'),
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const mapped: Mapped[] = [];
      const fresh: QueueRow[] = [];
      for (const row of rows) {
        const { rows: same } = await sql(
          'select id from queues where company_id = $1 and (lower(name) = lower($2) or color = $3) limit 1',
          [ctx.companyId, row.name, row.color],
        );
        const existing = (same as { id: number }[])[0];
        if (existing) {
          ctx.progress.skip('Queues', 'queueMerged');
          mapped.push([String(row.id), existing.id, 'merged']);
        } else fresh.push(row);
      }
      const ids = await allocateIds(sql, 'queues', fresh.length);
      await insertRows(
        sql,
        'queues',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['name', 'text'],
          ['color', 'text'],
          ['greeting_message', 'text'],
          ['out_of_hours_message', 'text'],
          ['schedules', 'jsonb'],
          ['created_at', 'timestamptz'],
        ],
        fresh.map((row, i) => [
          ids[i],
          ctx.companyId,
          row.name,
          row.color,
          row.greetingMessage ?? '',
          row.outOfHoursMessage ?? '',
          JSON.stringify(serviceHours(row.schedules)),
          iso(row.createdAt),
        ]),
        { overriding: true },
      );
      return [...mapped, ...fresh.map((row, i): Mapped => [String(row.id), ids[i] as number])];
    },
  };
}

interface OptionRow {
  id: number;
  title: string;
  message: string | null;
  option: string | null;
  queueId: number;
  parentId: number | null;
  forwardQueueId: number | null;
  createdAt: Date;
}

/**
 * Queue options as chatbot options. A menu is small, so a company's options are read whole and
 * written parents first (an option may have been made before its parent); an option forwarding to
 * a queue becomes a "queue" option.
 */
export function queueOptionsStep(ctx: Context): Step<OptionRow> {
  return {
    table: 'QueueOptions',
    target: 'chatbots',
    key: (row) => String(row.id),
    batchSize: 1_000_000,
    page: (after, limit) =>
      after
        ? Promise.resolve([])
        : ctx.source.query<OptionRow>(
            `select o.id, o.title, o.message, o.option, o."queueId", o."parentId", o."forwardQueueId", o."createdAt"
               from "QueueOptions" o join "Queues" q on q.id = o."queueId"
              where q."companyId" = $1 order by o.id limit $2`,
            [ctx.sourceCompanyId, limit],
          ),
    async write(sql, rows) {
      const queues = await ctx.ids.all(sql, 'Queues');
      const made = await ctx.ids.all(sql, 'QueueOptions');
      const mapped: Mapped[] = [];
      let pending = rows;
      while (pending.length > 0) {
        const ready = pending.filter((row) => row.parentId === null || made.has(String(row.parentId)));
        if (ready.length === 0) break;
        const ids = await allocateIds(sql, 'chatbots', ready.length);
        const placed = ready.flatMap((row, i) => {
          const queueId = queues.get(String(row.queueId));
          if (queueId === undefined) return [];
          const forward = row.forwardQueueId === null ? undefined : queues.get(String(row.forwardQueueId));
          return [{ row, id: ids[i] as number, queueId, forward }];
        });
        await insertRows(
          sql,
          'chatbots',
          [
            ['id', 'int'],
            ['company_id', 'int'],
            ['queue_id', 'int'],
            ['parent_id', 'int'],
            ['name', 'text'],
            ['greeting_message', 'text'],
            ['queue_type', 'text'],
            ['opt_queue_id', 'int'],
            ['position', 'int'],
            ['created_at', 'timestamptz'],
          ],
          placed.map(({ row, id, queueId, forward }) => [
            id,
            ctx.companyId,
            queueId,
            row.parentId === null ? null : made.get(String(row.parentId)),
            row.title,
            row.message ?? '',
            forward === undefined ? 'text' : 'queue',
            forward ?? null,
            Number.parseInt(row.option ?? '', 10) || 0,
            iso(row.createdAt),
          ]),
          { overriding: true },
        );
        for (const { row, id } of placed) {
          made.set(String(row.id), id);
          mapped.push([String(row.id), id]);
        }
        const placedIds = new Set(ready.map((row) => row.id));
        ctx.progress.skip('QueueOptions', 'queueMissing', ready.length - placed.length);
        pending = pending.filter((row) => !placedIds.has(row.id));
      }
      ctx.progress.skip('QueueOptions', 'parentOptionMissing', pending.length);
      return mapped;
    },
  };
}

interface TagRow {
  id: number;
  name: string;
  color: string | null;
  kanban: number | null;
  createdAt: Date;
}

/** Tags; a name already used here (case aside), or twice in Ticketz, is one tag. */
export function tagsStep(ctx: Context): Step<TagRow> {
  return {
    table: 'Tags',
    target: 'tags',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<TagRow>(byId('Tags', 'id, name, color, kanban, "createdAt"'), [
        ctx.sourceCompanyId,
        after?.id ?? 0,
        limit,
      ]),
    async write(sql, rows) {
      const { rows: existing } = await sql(
        'select id, lower(name) as name from tags where company_id = $1 and lower(name) = any($2::text[])',
        [ctx.companyId, rows.map((row) => row.name.toLowerCase())],
      );
      const byName = new Map((existing as { id: number; name: string }[]).map((row) => [row.name, row.id]));
      const mapped: Mapped[] = [];
      const fresh: TagRow[] = [];
      for (const row of rows) {
        const same = byName.get(row.name.toLowerCase());
        if (same !== undefined) {
          ctx.progress.skip('Tags', 'tagMerged');
          mapped.push([String(row.id), same, 'merged']);
        } else {
          byName.set(row.name.toLowerCase(), -1);
          fresh.push(row);
        }
      }
      const ids = await allocateIds(sql, 'tags', fresh.length);
      for (const [i, row] of fresh.entries()) byName.set(row.name.toLowerCase(), ids[i] as number);
      // A later duplicate in this same page points at the id just allocated for the first.
      const fixed = mapped.map(([key, id, merged]): Mapped => {
        if (id !== -1) return [key, id, merged];
        const row = rows.find((r) => String(r.id) === key) as TagRow;
        return [key, byName.get(row.name.toLowerCase()) as number, merged];
      });
      await insertRows(
        sql,
        'tags',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['name', 'text'],
          ['color', 'text'],
          ['kanban', 'int'],
          ['created_at', 'timestamptz'],
        ],
        fresh.map((row, i) => [
          ids[i],
          ctx.companyId,
          row.name,
          row.color || '#5C6BC0',
          row.kanban ?? 0,
          iso(row.createdAt),
        ]),
        { overriding: true },
      );
      return [...fixed, ...fresh.map((row, i): Mapped => [String(row.id), ids[i] as number])];
    },
  };
}

interface ConnectionRow {
  id: number;
  name: string;
  channel: string | null;
  isDefault: boolean;
  greetingMessage: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  createdAt: Date;
}

/**
 * Connections, disconnected: their WhatsApp session or Meta token stays in Ticketz, so each needs a
 * new QR code or token here. They are imported so tickets and messages keep saying where they came
 * from; each gets a new API token (ours are unique across the installation).
 */
export function connectionsStep(ctx: Context): Step<ConnectionRow> {
  return {
    table: 'Whatsapps',
    target: 'connections',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<ConnectionRow>(
        byId(
          'Whatsapps',
          `id, name, channel, "isDefault", "greetingMessage", "complationMessage", "outOfHoursMessage", "ratingMessage", "createdAt"`,
        ),
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const { rows: defaults } = await sql(
        'select 1 from connections where company_id = $1 and is_default limit 1',
        [ctx.companyId],
      );
      let hasDefault = defaults.length > 0;
      const ids = await allocateIds(sql, 'connections', rows.length);
      ctx.progress.note({ key: 'connectionsDisconnected' });
      await insertRows(
        sql,
        'connections',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['name', 'text'],
          ['channel', 'text'],
          ['status', 'text'],
          ['is_default', 'bool'],
          ['token', 'text'],
          ['greeting_message', 'text'],
          ['complation_message', 'text'],
          ['out_of_hours_message', 'text'],
          ['rating_message', 'text'],
          ['created_at', 'timestamptz'],
        ],
        rows.map((row, i) => {
          const isDefault = row.isDefault && !hasDefault;
          hasDefault ||= isDefault;
          if (channelOf(row.channel) !== row.channel)
            ctx.progress.note({ key: 'channelUnknown', channel: String(row.channel) });
          return [
            ids[i],
            ctx.companyId,
            row.name,
            channelOf(row.channel),
            'DISCONNECTED',
            isDefault,
            randomBytes(24).toString('base64url'),
            row.greetingMessage ?? '',
            row.complationMessage ?? '',
            row.outOfHoursMessage ?? '',
            row.ratingMessage ?? '',
            iso(row.createdAt),
          ];
        }),
        { overriding: true },
      );
      return rows.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}
