import type pg from 'pg';
import { expect, vi } from 'vitest';

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

interface Statement {
  text: string;
  values: unknown[];
}

/** The parameterised statements the server sends to PostgreSQL while `run` runs. */
export async function statementsSent(pool: pg.Pool, run: () => Promise<unknown>): Promise<Statement[]> {
  const spy = vi.spyOn(pool, 'query');
  try {
    await run();
    return spy.mock.calls.flatMap(([config, values]) => {
      const query: pg.QueryConfig =
        typeof config === 'string' ? { text: config } : (config as pg.QueryConfig);
      const bound = (values as unknown[] | undefined) ?? query.values;
      return bound?.length ? [{ text: query.text, values: bound }] : [];
    });
  } finally {
    spy.mockRestore();
  }
}

let prepared = 0;

/** A bound value as SQL text: arrays (of ids, of statuses) as PostgreSQL array literals. */
function literal(client: pg.PoolClient, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.join(',')}}`);
  return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

/**
 * The plan PostgreSQL runs the statement with, executed: both the plan it makes for the values
 * (custom) and the one it may keep for every call of a prepared statement (generic).
 */
export async function plansOf(pool: pg.Pool, statement: Statement): Promise<PlanNode[]> {
  const client = await pool.connect();
  const name = `plan_check_${++prepared}`;
  try {
    await client.query(`prepare ${name} as ${statement.text}`);
    // EXPLAIN takes no bound parameters: the values go in as literals, typed by the statement.
    const args = statement.values.map((value) => literal(client, value)).join(', ');
    const plans: PlanNode[] = [];
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      const { rows } = await client.query(`explain (analyze, format json) execute ${name}(${args})`);
      plans.push(rows[0]['QUERY PLAN'][0].Plan);
    }
    return plans;
  } finally {
    await client.query(`deallocate ${name}`).catch(() => undefined);
    await client.query('reset plan_cache_mode');
    client.release();
  }
}

export const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** Each index of the tables, by name: its table, its first column (null: an expression) and its kind. */
export async function indexesOf(pool: pg.Pool, tables: string[]) {
  const { rows } = await pool.query<{ index: string; table: string; first: string | null; method: string }>(
    `select i.relname as index, t.relname as table, a.attname as first, am.amname as method
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_am am on am.oid = i.relam
       join pg_class t on t.oid = x.indrelid
       left join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
      where t.relname = any($1::text[])`,
    [tables],
  );
  return new Map(rows.map((row) => [row.index, row]));
}

/** Rows an index hands over, over every loop. */
export const rowsFrom = (node: PlanNode) => node['Actual Rows'] * node['Actual Loops'];

/**
 * Reads of `tables` in the plan go through an index that starts with the company or with a row the
 * company owns (its ticket, its contact, the row's own id): never a whole table, never an index over
 * every tenant's rows.
 */
export function expectTenantReads(
  plan: PlanNode,
  indexes: Awaited<ReturnType<typeof indexesOf>>,
  tables: string[],
) {
  const tenantLeading = new Set(['company_id', 'ticket_id', 'contact_id', 'id']);
  for (const node of nodesOf(plan)) {
    if (node['Relation Name'] && tables.includes(node['Relation Name']))
      expect(node['Node Type'], `${node['Relation Name']} read whole`).not.toBe('Seq Scan');
    const index = node['Index Name'] && indexes.get(node['Index Name']);
    if (index && tables.includes(index.table))
      expect(index.first, `${index.index} starts with ${index.first}`).toSatisfy(
        (first: string | null) => first !== null && tenantLeading.has(first),
      );
  }
}
