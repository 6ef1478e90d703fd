import { createHash } from 'node:crypto';
import { Column, getTableName, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/**
 * A LIMIT written into the statement instead of bound: PostgreSQL prices a generic plan with a bound
 * limit as if it read a tenth of the table, so it kept planning the list's joins on every call (0.9 ms
 * of planning for 0.2 ms of execution) instead of reusing one plan. Only for counts the code chose.
 */
export const inlineLimit = (count: number) => sql.raw(String(Math.trunc(count))) as unknown as number;

/**
 * A bound value the planner cannot see (an initplan): PostgreSQL then plans the statement once per
 * connection instead of on every call. Given a batch's arrays, it priced a plan for the batch's exact
 * length cheaper than the reusable one and planned every call (0.3–0.5 ms each, as much as running
 * them). Only where one plan serves every value: the lookups stay exact, whatever the arrays hold.
 * Under `any(…)` it needs a cast (`any(planOnce(x)::int[])`), or PostgreSQL reads it as a subquery of rows.
 */
export const planOnce = (value: SQLWrapper) => sql`(select ${value})`;

interface Preparable<P> {
  prepare(name: string): P;
  toSQL(): { sql: string };
}

/** The connection a database handle runs on: the pool or PGlite, or a transaction's own client. */
const connectionOf = (db: Db | Tx) => (db._.session as unknown as { client: object }).client;

/**
 * Statements rendered once per driver and shape, then only executed with their placeholders' values
 * on the connection of the handle they are asked for: drizzle rendering a statement cost more Node
 * time than the rest of a list request. A transaction's handle runs them on its own client, inside
 * its locks (drizzle's own prepared statements stay on the pool they were made with). `build` may
 * read nothing but `shape` (everything else goes in as a placeholder), so one key never stands for
 * two statements. Named after their text, so each connection parses and plans one once.
 */
export function statementsByShape<Shape, P extends object>(
  prefix: string,
  build: (db: Db | Tx, shape: Shape) => Preparable<P>,
) {
  // node-postgres and PGlite execute differently: a process running both (tests) keeps one set each.
  const byDriver = new WeakMap<object, Map<string, P>>();
  return (db: Db | Tx, shape: Shape): P => {
    const driver = db._.session.constructor;
    let statements = byDriver.get(driver);
    if (!statements) {
      statements = new Map();
      byDriver.set(driver, statements);
    }
    const key = JSON.stringify(shape);
    let statement = statements.get(key);
    if (!statement) {
      const query = build(db, shape);
      statement = query.prepare(
        `${prefix}_${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`,
      );
      mapRowsOnce(statement);
      statements.set(key, statement);
    }
    // Both drivers' prepared statements run on `this.client`: the same statement, this handle's connection.
    return Object.create(statement, { client: { value: connectionOf(db) } }) as P;
  };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
type Decoded = { decoder: Decoder };

/** An SQL field's decoder, an aliased one's, or a subquery's, as drizzle reads them. */
const decoderOf = (field: unknown): Decoder =>
  is(field, SQL)
    ? (field as unknown as Decoded).decoder
    : 'sql' in (field as object)
      ? (field as { sql: Decoded }).sql.decoder
      : (field as { _: { sql: Decoded } })._.sql.decoder;
/** What drizzle keeps on a prepared select (node-postgres and PGlite alike) to turn rows into objects. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Drizzle works out again for every value of every row which kind of field it is and which table it
 * came from (a tenth of a list request's Node time); a prepared select is mapped the same way, with
 * that worked out once. Same result as drizzle's mapResultRow, its left-join rule included: an object
 * of one joined table whose first column is null is null when that join may miss.
 */
function mapRowsOnce(statement: unknown) {
  const prepared = statement as PreparedSelect;
  const { fields, joinsNotNullableMap } = prepared;
  if (!fields || prepared.customResultMapper) return;
  // The nested objects of a row, parents before children, each under its parent (-1: the row itself).
  const objects: { parent: number; key: string }[] = [];
  const objectOf = (path: string[]): number => {
    if (path.length === 0) return -1;
    const parent = objectOf(path.slice(0, -1));
    const key = path.at(-1) as string;
    const known = objects.findIndex((object) => object.parent === parent && object.key === key);
    return known !== -1 ? known : objects.push({ parent, key }) - 1;
  };
  const columns = fields.map(({ path, field }) => {
    const column = is(field, Column) ? field : undefined;
    return {
      object: objectOf(path.slice(0, -1)),
      key: path.at(-1) as string,
      decoder: column ?? decoderOf(field),
    };
  });
  // Drizzle's left-join rule, decided by the columns alone: an object of one table's columns that a join
  // may miss is null when its first column is.
  const tablesOf = new Map<number, { first: number; tables: Set<string> }>();
  fields.forEach(({ path, field }, index) => {
    if (!joinsNotNullableMap || path.length !== 2 || !is(field, Column)) return;
    const object = columns[index]?.object as number;
    const entry = tablesOf.get(object) ?? { first: index, tables: new Set<string>() };
    entry.tables.add(getTableName(field.table));
    tablesOf.set(object, entry);
  });
  const nullable = [...tablesOf]
    .filter(([, { tables }]) => tables.size === 1 && !joinsNotNullableMap?.[[...tables][0] as string])
    .map(([object, { first }]) => ({ key: objects[object]?.key as string, first }));

  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    const nodes: Record<string, unknown>[] = [];
    for (const { parent, key } of objects) {
      const node = {};
      (parent === -1 ? result : (nodes[parent] as Record<string, unknown>))[key] = node;
      nodes.push(node);
    }
    const values: unknown[] = [];
    for (let index = 0; index < columns.length; index++) {
      const { object, key, decoder } = columns[index] as (typeof columns)[number];
      const raw = row[index];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      values.push(value);
      (object === -1 ? result : (nodes[object] as Record<string, unknown>))[key] = value;
    }
    for (const { key, first } of nullable) if (values[first] === null) result[key] = null;
    return result;
  };
  prepared.customResultMapper = (rows) => rows.map(mapRow);
}
