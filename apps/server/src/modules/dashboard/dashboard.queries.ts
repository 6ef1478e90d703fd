import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Period } from './dashboard.period.js';

/**
 * What the dashboard reads now rather than from its day facts (dashboard.facts.ts): who is waiting and in
 * service, names, and connection health. Each query is led by the company's id.
 */

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const at = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;
/** Cycles waiting and in service now, whatever the period; group conversations never wait. */
export async function liveCounts(db: Db, companyId: number) {
  const [row] = await rowsOf<{ pending: number; happening: number }>(
    db,
    sql`
    select count(*) filter (where c.accepted_at is null)::int as pending,
           count(*) filter (where c.accepted_at is not null)::int as happening
    from ticket_cycles c
    where c.company_id = ${companyId} and c.closed_at is null
      -- An active group conversation is a ticket in status 'group': a few ids, hashed once.
      and c.ticket_id not in (select t.id from tickets t where t.company_id = ${companyId} and t.status = 'group')`,
  );
  return row ?? { pending: 0, happening: 0 };
}

/** Every user of the company, by name: the attendants table lists them all. */
export const companyUsers = (db: Db, companyId: number) =>
  rowsOf<{ id: number; name: string; online: boolean }>(
    db,
    sql`select u.id, u.name, u.online from users u where u.company_id = ${companyId} order by u.name, u.id`,
  );

export const companyQueues = (db: Db, companyId: number) =>
  rowsOf<{ id: number; name: string; color: string }>(
    db,
    sql`select q.id, q.name, q.color from queues q where q.company_id = ${companyId}`,
  );

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
