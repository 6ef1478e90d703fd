import { NPS_SCALE_MAX } from '@balcao/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

/**
 * What one company day, or a slice of it, holds for the dashboard, each fact on the day it happened
 * (docs/decisions.md, "Dashboard figures"). Facts add up into any period, several slices of one day
 * included: a figure that is not a plain sum (closed chats count a ticket once) keeps what it needs.
 */
export interface DayFacts {
  day: string;
  /** Cycles started (queued), by the queue they started in, by their holder now and by hour of the day. */
  startedByQueue: [queueId: number | null, count: number][];
  startedByUser: [userId: number | null, count: number][];
  startedByHour: [hour: number, count: number][];
  /** Cycles closed, by holder: how many, how many of them were accepted, and their service seconds. */
  closedByUser: [userId: number | null, count: number, accepted: number, serviceSeconds: number][];
  /** Cycles closed, by the day their ticket had last closed before ('' when it never had). */
  closedAfter: Record<string, number>;
  /** Cycles accepted after waiting, by holder: how many and the seconds waited. */
  waitedByUser: [userId: number | null, count: number, seconds: number][];
  /** Answers on the 0–10 scale, by holder and rate. */
  ratedByUser: [userId: number | null, rate: number, count: number][];
  /** Contacts whose first ticket started then. */
  leads: number;
}

const rowsOf = async <T>(db: Db | Tx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The facts of the days from `fromDay` to `toDay`, in one statement: each day that has ended is one slice,
 * the current day (the database's) one slice per hour begun. A slice with a current copy is read from it;
 * the others are computed, and those that ended over ten minutes ago kept for the next call. One statement,
 * so the facts and the versions they are kept under come from one snapshot: a change committing after it
 * has raised the version past the one kept, and the copy no longer counts.
 */
export async function factsOf(
  db: Db,
  companyId: number,
  timezone: string,
  fromDay: string,
  toDay: string,
): Promise<DayFacts[]> {
  const tz = sql`${timezone}::text`;
  const dayOf = (column: SQL) => sql`(${column} at time zone ${tz})::date`;
  const list = (columns: SQL) => sql`coalesce(json_agg(json_build_array(${columns})), '[]')`;
  /** What falls in a slice nothing current is kept of. */
  const within = (column: SQL) => sql`${column} >= m.starts and ${column} < m.ends`;
  const rows = await db.transaction(async (tx) => {
    // PostgreSQL sizes each hash table of the plan by its guess of the rows (a thousand slices, each a
    // ninth of the company's cycles) and clears that memory on every call: with the default work_mem that
    // took four times as long as the work. The rows a call meets are a few hundred.
    await tx.execute(sql`set local work_mem = '256kB'`);
    return rowsOf<{ facts: DayFacts }>(
      tx,
      sql`
    with clock as (
      select clock_timestamp() as now, (clock_timestamp() at time zone ${tz})::date as today
    ), days as (
      select g::date as day, (g::date::timestamp at time zone ${tz}) as starts,
             ((g::date + 1)::timestamp at time zone ${tz}) as ends
      from generate_series(${fromDay}::date, ${toDay}::date, interval '1 day') g
    ), slices as (
      select d.day, -1 as part, d.starts, d.ends from days d, clock where d.day <> clock.today
      union all
      select d.day, h.part, d.starts + h.part * interval '1 hour',
             least(d.starts + (h.part + 1) * interval '1 hour', d.ends)
      from days d, clock, generate_series(0, 24) h(part)
      where d.day = clock.today and d.starts + h.part * interval '1 hour' < least(clock.now, d.ends)
    ), kept as (
      select s.day, s.part, k.facts
      from slices s
      join dashboard_days k on k.company_id = ${companyId} and k.day = s.day and k.part = s.part
      left join dashboard_day_versions v on v.company_id = ${companyId} and v.day = s.day and v.part = s.part
      where k.timezone = ${tz} and k.version = coalesce(v.version, 0)
    ), missing as (
      select s.* from slices s where not exists (select 1 from kept k where k.day = s.day and k.part = s.part)
    ), started as (
      select m.day, m.part, c.queue_id, c.user_id, extract(hour from c.created_at at time zone ${tz})::int as hour
      from missing m
      join ticket_cycles c on c.company_id = ${companyId} and ${within(sql`c.created_at`)}
    ), by_queue as (
      select day, part, ${list(sql`queue_id, n`)} as v
      from (select day, part, queue_id, count(*)::int as n from started group by 1, 2, 3) x group by 1, 2
    ), by_user as (
      select day, part, ${list(sql`user_id, n`)} as v
      from (select day, part, user_id, count(*)::int as n from started group by 1, 2, 3) x group by 1, 2
    ), by_hour as (
      select day, part, ${list(sql`hour, n`)} as v
      from (select day, part, hour, count(*)::int as n from started group by 1, 2, 3) x group by 1, 2
    ), closed as (
      select m.day, m.part, c.user_id, c.accepted_at, extract(epoch from c.closed_at - c.accepted_at) as seconds,
             -- The ticket is the company's (c is), so its own index answers without visiting rows.
             (select ${dayOf(sql`max(p.closed_at)`)} from ticket_cycles p
               where p.ticket_id = c.ticket_id and p.closed_at < c.closed_at) as before
      from missing m
      join ticket_cycles c on c.company_id = ${companyId} and ${within(sql`c.closed_at`)}
    ), closed_by_user as (
      select day, part, ${list(sql`user_id, n, accepted, seconds`)} as v
      from (select day, part, user_id, count(*)::int as n, count(accepted_at)::int as accepted,
                   coalesce(sum(seconds), 0)::float8 as seconds
            from closed group by 1, 2, 3) x group by 1, 2
    ), closed_after as (
      select day, part, json_object_agg(coalesce(before::text, ''), n) as v
      from (select day, part, before, count(*)::int as n from closed group by 1, 2, 3) x group by 1, 2
    ), waited as (
      select day, part, ${list(sql`user_id, n, seconds`)} as v
      from (select m.day, m.part, c.user_id, count(*)::int as n,
                   sum(extract(epoch from c.accepted_at - c.queued_at))::float8 as seconds
            from missing m
            join ticket_cycles c on c.company_id = ${companyId} and ${within(sql`c.accepted_at`)}
            where c.accepted_at > c.queued_at
            group by 1, 2, 3) x group by 1, 2
    ), rated as (
      select day, part, ${list(sql`user_id, rate, n`)} as v
      from (select m.day, m.part, r.user_id, r.rate, count(*)::int as n
            from missing m
            join ticket_ratings r on r.company_id = ${companyId} and ${within(sql`r.created_at`)}
            where r.scale = ${NPS_SCALE_MAX}
            group by 1, 2, 3, 4) x group by 1, 2
    ), leads as (
      select m.day, m.part, count(distinct t.contact_id)::int as v
      from missing m
      join tickets t on t.company_id = ${companyId} and ${within(sql`t.created_at`)} and not t.is_group
      where not exists (select 1 from tickets p where p.company_id = ${companyId} and p.contact_id = t.contact_id
                          and p.created_at < m.starts)
      group by 1, 2
    ), computed as (
      select m.day, m.part, coalesce(v.version, 0) as version,
             -- A change whose statement ran in the slice's last minutes may commit a little after it ended.
             m.ends <= (select now from clock) - interval '10 minutes' as keep,
             json_build_object(
               'day', m.day::text,
               'startedByQueue', coalesce(q.v, '[]'), 'startedByUser', coalesce(u.v, '[]'),
               'startedByHour', coalesce(h.v, '[]'), 'closedByUser', coalesce(cu.v, '[]'),
               'closedAfter', coalesce(ca.v, '{}'), 'waitedByUser', coalesce(w.v, '[]'),
               'ratedByUser', coalesce(r.v, '[]'), 'leads', coalesce(l.v, 0)) as facts
      from missing m
      left join dashboard_day_versions v on v.company_id = ${companyId} and v.day = m.day and v.part = m.part
      left join by_queue q on q.day = m.day and q.part = m.part
      left join by_user u on u.day = m.day and u.part = m.part
      left join by_hour h on h.day = m.day and h.part = m.part
      left join closed_by_user cu on cu.day = m.day and cu.part = m.part
      left join closed_after ca on ca.day = m.day and ca.part = m.part
      left join waited w on w.day = m.day and w.part = m.part
      left join rated r on r.day = m.day and r.part = m.part
      left join leads l on l.day = m.day and l.part = m.part
    ), stored as (
      insert into dashboard_days (company_id, day, part, timezone, version, facts)
      select ${companyId}, day, part, ${tz}, version, facts from computed where keep
      on conflict (company_id, day, part) do update
        set timezone = excluded.timezone, version = excluded.version, facts = excluded.facts
    )
    select facts from kept
    union all
    select facts from computed`,
    );
  });
  return rows.map((row) => row.facts);
}
