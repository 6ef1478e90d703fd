import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * True while a job of one of `jobNames` whose data carries the row's id under `dataKey` is still alive:
 * created, retrying or active. Name the dead-letter queue among `jobNames` so that a job waiting there
 * counts too. Sweeps use it to find rows whose job was lost, e.g. during downtime.
 */
export function liveJobFor(jobNames: string[], dataKey: string, id: SQLWrapper): SQL {
  return sql`exists (
    select 1 from pgboss.job j
    where j.name in (${sql.join(
      jobNames.map((name) => sql`${name}`),
      sql`, `,
    )})
      and j.state in ('created', 'retry', 'active')
      and j.data->>${dataKey} = ${id}::text
  )`;
}
