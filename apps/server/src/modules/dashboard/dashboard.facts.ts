import { addDays, NPS_SCALE_MAX } from '@balcao/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * What one company day holds for the dashboard, each fact on the day it happened (docs/decisions.md,
 * "Dashboard figures"). Days are summed into any period: a figure that is not a plain sum over days
 * (closed chats count a ticket once) keeps what it needs to be exact.
 */
export interface DayFacts {
  day: string;
  /** Cycles started (queued), by the queue they started in, by their holder now and by hour. */
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
  /** Contacts whose first ticket started that day. */
  leads: number;
}

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * The facts of the days from `fromDay` to `toDay`: copies kept of past days while they are current, the
 * others computed, and those of days that ended over an hour ago kept for the next time.
 */
export async function factsOf(
  db: Db,
  companyId: number,
  timezone: string,
  fromDay: string,
  toDay: string,
): Promise<DayFacts[]> {
  const kept = await rowsOf<{ facts: DayFacts }>(
    db,
    sql`
    select c.facts from dashboard_days c
    left join dashboard_day_versions v on v.company_id = c.company_id and v.day = c.day
    where c.company_id = ${companyId} and c.day >= ${fromDay}::date and c.day <= ${toDay}::date
      and c.timezone = ${timezone} and c.version = coalesce(v.version, 0)`,
  );
  const byDay = new Map(kept.map(({ facts }) => [facts.day, facts]));
  const computed = await Promise.all(
    missingRuns(fromDay, toDay, byDay).map(([from, to]) => computeAndKeep(db, companyId, timezone, from, to)),
  );
  for (const { facts } of computed.flat()) byDay.set(facts.day, facts);
  const days: DayFacts[] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    const facts = byDay.get(day);
    if (facts) days.push(facts);
  }
  return days;
}

/** The runs of consecutive days with no current copy, as [first, last]. */
function missingRuns(fromDay: string, toDay: string, kept: Map<string, DayFacts>): [string, string][] {
  const runs: [string, string][] = [];
  for (let day = fromDay; day <= toDay; day = addDays(day, 1)) {
    if (kept.has(day)) continue;
    const last = runs.at(-1);
    if (last && addDays(last[1], 1) === day) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

/**
 * One statement, so the facts and the versions they are kept under come from the same snapshot: a change
 * that commits after it raised the version past the one kept, and the copy no longer counts.
 */
function computeAndKeep(db: Db, companyId: number, timezone: string, fromDay: string, toDay: string) {
  const tz = sql`${timezone}::text`;
  const dayOf = (column: SQL) => sql`(${column} at time zone ${tz})::date`;
  const from = sql`(${fromDay}::date::timestamp at time zone ${tz})`;
  const to = sql`((${toDay}::date + 1)::timestamp at time zone ${tz})`;
  const within = (column: SQL) => sql`${column} >= ${from} and ${column} < ${to}`;
  const list = (columns: SQL) => sql`coalesce(jsonb_agg(jsonb_build_array(${columns})), '[]')`;
  return rowsOf<{ facts: DayFacts }>(
    db,
    sql`
    with started as (
      select ${dayOf(sql`c.created_at`)} as day, c.queue_id, c.user_id,
             extract(hour from c.created_at at time zone ${tz})::int as hour
      from ticket_cycles c
      where c.company_id = ${companyId} and ${within(sql`c.created_at`)}
    ), by_queue as (
      select day, ${list(sql`queue_id, n`)} as v
      from (select day, queue_id, count(*)::int as n from started group by 1, 2) x group by day
    ), by_user as (
      select day, ${list(sql`user_id, n`)} as v
      from (select day, user_id, count(*)::int as n from started group by 1, 2) x group by day
    ), by_hour as (
      select day, ${list(sql`hour, n`)} as v
      from (select day, hour, count(*)::int as n from started group by 1, 2) x group by day
    ), closed as (
      select ${dayOf(sql`c.closed_at`)} as day, c.user_id, c.accepted_at,
             extract(epoch from c.closed_at - c.accepted_at) as seconds,
             -- The ticket is the company's (c is), so its own index answers without visiting rows.
             (select ${dayOf(sql`max(p.closed_at)`)} from ticket_cycles p
               where p.ticket_id = c.ticket_id and p.closed_at < c.closed_at) as before
      from ticket_cycles c
      where c.company_id = ${companyId} and ${within(sql`c.closed_at`)}
    ), closed_by_user as (
      select day, ${list(sql`user_id, n, accepted, seconds`)} as v
      from (select day, user_id, count(*)::int as n, count(accepted_at)::int as accepted,
                   coalesce(sum(seconds), 0)::float8 as seconds
            from closed group by 1, 2) x group by day
    ), closed_after as (
      select day, jsonb_object_agg(coalesce(before::text, ''), n) as v
      from (select day, before, count(*)::int as n from closed group by 1, 2) x group by day
    ), waited as (
      select day, ${list(sql`user_id, n, seconds`)} as v
      from (select ${dayOf(sql`c.accepted_at`)} as day, c.user_id, count(*)::int as n,
                   sum(extract(epoch from c.accepted_at - c.queued_at))::float8 as seconds
            from ticket_cycles c
            where c.company_id = ${companyId} and ${within(sql`c.accepted_at`)} and c.accepted_at > c.queued_at
            group by 1, 2) x group by day
    ), rated as (
      select day, ${list(sql`user_id, rate, n`)} as v
      from (select ${dayOf(sql`r.created_at`)} as day, r.user_id, r.rate, count(*)::int as n
            from ticket_ratings r
            where r.company_id = ${companyId} and ${within(sql`r.created_at`)} and r.scale = ${NPS_SCALE_MAX}
            group by 1, 2, 3) x group by day
    ), leads as (
      select t.day, count(distinct t.contact_id)::int as v
      from (select ${dayOf(sql`t.created_at`)} as day, t.contact_id
            from tickets t
            where t.company_id = ${companyId} and ${within(sql`t.created_at`)} and not t.is_group) t
      where not exists (select 1 from tickets p where p.company_id = ${companyId} and p.contact_id = t.contact_id
                          and p.created_at < (t.day::timestamp at time zone ${tz}))
      group by t.day
    ), computed as (
      select d.day, coalesce(v.version, 0) as version,
             -- Kept only once it ended over an hour ago: the triggers raise only days that have ended, and a
             -- change whose statement ran before midnight may commit a little after it.
             d.day < ((clock_timestamp() - interval '1 hour') at time zone ${tz})::date as keep,
             jsonb_build_object(
               'day', d.day::text,
               'startedByQueue', coalesce(q.v, '[]'), 'startedByUser', coalesce(u.v, '[]'),
               'startedByHour', coalesce(h.v, '[]'), 'closedByUser', coalesce(cu.v, '[]'),
               'closedAfter', coalesce(ca.v, '{}'), 'waitedByUser', coalesce(w.v, '[]'),
               'ratedByUser', coalesce(r.v, '[]'), 'leads', coalesce(l.v, 0)) as facts
      from (select g::date as day from generate_series(${fromDay}::date, ${toDay}::date, interval '1 day') g) d
      left join dashboard_day_versions v on v.company_id = ${companyId} and v.day = d.day
      left join by_queue q on q.day = d.day left join by_user u on u.day = d.day
      left join by_hour h on h.day = d.day left join closed_by_user cu on cu.day = d.day
      left join closed_after ca on ca.day = d.day left join waited w on w.day = d.day
      left join rated r on r.day = d.day left join leads l on l.day = d.day
    ), kept as (
      insert into dashboard_days (company_id, day, timezone, version, facts)
      select ${companyId}, day, ${tz}, version, facts from computed where keep
      on conflict (company_id, day) do update
        set timezone = excluded.timezone, version = excluded.version, facts = excluded.facts
    )
    select facts from computed`,
  );
}
