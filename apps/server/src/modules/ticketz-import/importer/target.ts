import type { ExecuteSql } from '../../../db/client.js';

/** A column written by `insertRows`: its name and the PostgreSQL type its array is cast to. */
export type Column = readonly [name: string, type: string];

/**
 * Ids for `count` new rows of `table`, taken from its identity sequence before the rows are written,
 * so a batch knows every row's id (quotes, id map) and sends one statement per table.
 */
export async function allocateIds(sql: ExecuteSql, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql(
    `select nextval(pg_get_serial_sequence($1, 'id'))::bigint as id from generate_series(1, $2::int)`,
    [table, count],
  );
  return (rows as { id: string | number }[]).map((row) => Number(row.id));
}

/**
 * Writes rows in one statement, a column per array (unnest): the statement's size does not grow
 * with the batch, and PostgreSQL and PGlite take it alike. Rows carrying their own `id` need
 * `overriding`, their ids having come from `allocateIds`.
 */
export async function insertRows(
  sql: ExecuteSql,
  table: string,
  columns: readonly Column[],
  rows: unknown[][],
  { overriding = false, onConflict = '' } = {},
) {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const values = columns.map((_, i) => rows.map((row) => row[i] ?? null));
  await sql(
    `insert into ${table} (${names}) ${overriding ? 'overriding system value ' : ''}select * from unnest(${arrays}) ${onConflict}`,
    values,
  );
}

/** One company's id map (import_id_map): what each source row became. */
export class IdMap {
  constructor(readonly companyId: number) {}

  /** The targets of those of `sourceIds` already imported. */
  async lookup(sql: ExecuteSql, sourceTable: string, sourceIds: readonly string[]) {
    const found = new Map<string, number>();
    if (sourceIds.length === 0) return found;
    const { rows } = await sql(
      `select source_id, target_id from import_id_map
        where company_id = $1 and source_table = $2 and source_id = any($3::text[])`,
      [this.companyId, sourceTable, [...new Set(sourceIds)]],
    );
    for (const row of rows as { source_id: string; target_id: string | number }[])
      found.set(row.source_id, Number(row.target_id));
    return found;
  }

  /** Every row of a small table (users, queues, tags, connections): read once per step. */
  async all(sql: ExecuteSql, sourceTable: string) {
    const { rows } = await sql(
      'select source_id, target_id from import_id_map where company_id = $1 and source_table = $2',
      [this.companyId, sourceTable],
    );
    return new Map(
      (rows as { source_id: string; target_id: string | number }[]).map((row) => [
        row.source_id,
        Number(row.target_id),
      ]),
    );
  }

  async record(
    sql: ExecuteSql,
    sourceTable: string,
    entries: readonly (readonly [string, number, ...unknown[]])[],
  ) {
    await insertRows(
      sql,
      'import_id_map',
      [
        ['company_id', 'int'],
        ['source_table', 'text'],
        ['source_id', 'text'],
        ['target_id', 'bigint'],
      ],
      entries.map(([sourceId, targetId]) => [this.companyId, sourceTable, sourceId, targetId]),
    );
  }
}

/**
 * Runs a lookup by the columns of a btree index with bitmap scans off, for this transaction's
 * statement only: the trigram and btree_gin indexes also answer `=`, and on a table growing during
 * the import (statistics not yet refreshed) the planner picks them, and a 2,000-value lookup through
 * a trigram index takes a minute instead of milliseconds.
 */
export async function byBtree<T>(sql: ExecuteSql, lookup: () => Promise<T>): Promise<T> {
  await sql('set local enable_bitmapscan = off');
  try {
    return await lookup();
  } finally {
    await sql('set local enable_bitmapscan = on');
  }
}
