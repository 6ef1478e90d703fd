import { NPS_PASSIVE_FROM, NPS_PROMOTER_FROM, NPS_SCALE_MAX } from '@balcao/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Period } from './dashboard.period.js';

/**
 * Every figure of the dashboard, aggregated in SQL from the per-cycle facts (`ticket_cycles`,
 * `ticket_ratings`), each query led by the company's id. docs/decisions.md ("Dashboard figures")
 * holds the one definition of each; an event counts on the company day it happened.
 */

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
const within = (column: SQL, period: Period) =>
  sql`${column} >= ${at(period.from)} and ${column} < ${at(period.to)}`;
/** Seconds → minutes, null when nothing was averaged. */
const avgMinutes = (seconds: SQL, filter?: SQL) =>
  filter
    ? sql`(avg(extract(epoch from ${seconds})) filter (where ${filter}) / 60)::float8`
    : sql`(avg(extract(epoch from ${seconds})) / 60)::float8`;

/** Only the 0–10 answers count: a score on another scale is never mixed in. */
const onNpsScale = sql`scale = ${NPS_SCALE_MAX}`;

interface CounterRow {
  pending: number;
  happening: number;
  finished: number;
  closed_chats: number;
  avg_support: number | null;
  avg_wait: number | null;
  leads: number;
}

export async function counters(db: Db, companyId: number, period: Period) {
  const [row] = await rowsOf<CounterRow>(
    db,
    sql`
    with live as (
      select count(*) filter (where c.accepted_at is null)::int as pending,
             count(*) filter (where c.accepted_at is not null)::int as happening
      from ticket_cycles c
      where c.company_id = ${companyId} and c.closed_at is null
        -- An active group conversation is a ticket in status 'group': a few ids, hashed once.
        and c.ticket_id not in (select t.id from tickets t where t.company_id = ${companyId} and t.status = 'group')
    ), closed as (
      select count(*)::int as finished, count(distinct c.ticket_id)::int as closed_chats,
             ${avgMinutes(sql`c.closed_at - c.accepted_at`, sql`c.accepted_at is not null`)} as avg_support
      from ticket_cycles c
      where c.company_id = ${companyId} and ${within(sql`c.closed_at`, period)}
    ), accepted as (
      select ${avgMinutes(sql`c.accepted_at - c.queued_at`)} as avg_wait
      from ticket_cycles c
      where c.company_id = ${companyId} and ${within(sql`c.accepted_at`, period)} and c.accepted_at > c.queued_at
    ), leads as (
      select count(distinct t.contact_id)::int as leads
      from tickets t
      where t.company_id = ${companyId} and ${within(sql`t.created_at`, period)} and not t.is_group
        and not exists (select 1 from tickets p where p.company_id = ${companyId}
                          and p.contact_id = t.contact_id and p.created_at < ${at(period.from)})
    )
    select * from live, closed, accepted, leads`,
  );
  return row as CounterRow;
}

interface AttendantRow {
  id: number;
  name: string;
  online: boolean;
  rating: number | null;
  count_rating: number;
  tickets: number;
  avg_wait: number | null;
  avg_support: number | null;
}

/** Every user of the company with their figures of the period, by name. */
export function attendants(db: Db, companyId: number, period: Period) {
  return rowsOf<AttendantRow>(
    db,
    sql`
    with closed as (
      select c.user_id, count(*)::int as tickets,
             ${avgMinutes(sql`c.closed_at - c.accepted_at`, sql`c.accepted_at is not null`)} as avg_support
      from ticket_cycles c
      where c.company_id = ${companyId} and ${within(sql`c.closed_at`, period)} and c.user_id is not null
      group by c.user_id
    ), accepted as (
      select c.user_id, ${avgMinutes(sql`c.accepted_at - c.queued_at`)} as avg_wait
      from ticket_cycles c
      where c.company_id = ${companyId} and ${within(sql`c.accepted_at`, period)}
        and c.accepted_at > c.queued_at and c.user_id is not null
      group by c.user_id
    ), rated as (
      select r.user_id, avg(r.rate)::float8 as rating, count(*)::int as count_rating
      from ticket_ratings r
      where r.company_id = ${companyId} and ${within(sql`r.created_at`, period)} and r.${onNpsScale}
        and r.user_id is not null
      group by r.user_id
    )
    select u.id, u.name, u.online, rated.rating, coalesce(rated.count_rating, 0) as count_rating,
           coalesce(closed.tickets, 0) as tickets, accepted.avg_wait, closed.avg_support
    from users u
    left join closed on closed.user_id = u.id
    left join accepted on accepted.user_id = u.id
    left join rated on rated.user_id = u.id
    where u.company_id = ${companyId}
    order by u.name, u.id`,
  );
}

interface NpsRow {
  promoters: number;
  passives: number;
  detractors: number;
  previous_promoters: number;
  previous_detractors: number;
  previous_total: number;
}

/** The period's 0–10 answers in bands, and the equal period before it for the trend. */
export async function nps(db: Db, companyId: number, period: Period) {
  const current = sql`r.created_at >= ${at(period.from)}`;
  const [row] = await rowsOf<NpsRow>(
    db,
    sql`
    select count(*) filter (where ${current} and r.rate >= ${NPS_PROMOTER_FROM})::int as promoters,
           count(*) filter (where ${current} and r.rate >= ${NPS_PASSIVE_FROM} and r.rate < ${NPS_PROMOTER_FROM})::int as passives,
           count(*) filter (where ${current} and r.rate < ${NPS_PASSIVE_FROM})::int as detractors,
           count(*) filter (where not ${current} and r.rate >= ${NPS_PROMOTER_FROM})::int as previous_promoters,
           count(*) filter (where not ${current} and r.rate < ${NPS_PASSIVE_FROM})::int as previous_detractors,
           count(*) filter (where not ${current})::int as previous_total
    from ticket_ratings r
    where r.company_id = ${companyId} and r.${onNpsScale}
      and r.created_at >= ${at(period.previousFrom)} and r.created_at < ${at(period.to)}`,
  );
  return row as NpsRow;
}

export interface ReceivedRow {
  kind: 'queue' | 'user' | 'bucket';
  id: number | null;
  name: string | null;
  color: string | null;
  at: string | null;
  count: number;
}

/**
 * Cycles started in the period, in one pass three ways: by the queue they started in, by the
 * attendant holding them last (null: nobody yet, or none), and per company day (per hour of its one day).
 */
export function received(db: Db, companyId: number, period: Period) {
  const format = period.unit === 'hour' ? 'HH24' : 'YYYY-MM-DD';
  const bucket = sql`to_char(c.created_at at time zone ${period.timezone}, ${format})`;
  return rowsOf<ReceivedRow>(
    db,
    sql`
    with started as (
      select c.queue_id, c.user_id, ${bucket} as at
      from ticket_cycles c
      where c.company_id = ${companyId} and ${within(sql`c.created_at`, period)}
    ), counted as (
      select case when grouping(queue_id) = 0 then 'queue' when grouping(user_id) = 0 then 'user' else 'bucket' end as kind,
             queue_id, user_id, at, count(*)::int as count
      from started
      group by grouping sets ((queue_id), (user_id), (at))
    )
    select k.kind, case k.kind when 'queue' then k.queue_id when 'user' then k.user_id end as id,
           case k.kind when 'queue' then q.name when 'user' then u.name end as name,
           case k.kind when 'queue' then q.color end as color,
           k.at, k.count
    from counted k
    left join queues q on k.kind = 'queue' and q.id = k.queue_id and q.company_id = ${companyId}
    left join users u on k.kind = 'user' and u.id = k.user_id and u.company_id = ${companyId}`,
  );
}

interface HealthRow {
  id: number;
  name: string;
  channel: string;
  status: string;
  up: number | null;
  known: number | null;
}

/**
 * Per connection, the seconds of the period (up to now) its status timeline covers and those it was
 * CONNECTED: each event lasts until the next, the one in force when the period began from its start.
 */
export function connectionHealth(db: Db, companyId: number, period: Period) {
  const from = at(period.from);
  const end = at(period.end);
  return rowsOf<HealthRow>(
    db,
    sql`
    with spans as (
      select e.connection_id, e.status, greatest(e.created_at, ${from}) as starts,
             least(coalesce(lead(e.created_at) over (partition by e.connection_id order by e.created_at, e.id), ${end}), ${end}) as ends
      from connection_status_events e
      where e.company_id = ${companyId} and e.created_at < ${end}
        and e.created_at >= coalesce((select max(p.created_at) from connection_status_events p
                                      where p.company_id = ${companyId} and p.connection_id = e.connection_id
                                        and p.created_at <= ${from}), '-infinity')
    )
    select w.id, w.name, w.channel, w.status,
           sum(extract(epoch from s.ends - s.starts)) filter (where s.status = 'CONNECTED' and s.ends > s.starts)::float8 as up,
           sum(extract(epoch from s.ends - s.starts)) filter (where s.ends > s.starts)::float8 as known
    from connections w left join spans s on s.connection_id = w.id
    where w.company_id = ${companyId}
    group by w.id, w.name, w.channel, w.status
    order by w.name, w.id`,
  );
}
