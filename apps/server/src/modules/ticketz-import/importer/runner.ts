import type { Database, ExecuteSql } from '../../../db/client.js';
import { executeSqlIn } from '../../../db/client.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { ImportOptions } from './options.js';
import type { Progress } from './report.js';
import type { Source } from './source.js';
import { IdMap } from './target.js';

/** Thrown when --max-batches is reached: what was committed stays, and a rerun goes on from there. */
export class BatchLimitReached extends Error {
  constructor(readonly batches: number) {
    super(`stopped after ${batches} batches (--max-batches); run the same command again to go on`);
  }
}

export interface Context {
  database: Database;
  source: Source;
  options: ImportOptions;
  progress: Progress;
  sourceCompanyId: number;
  /** The Balcão company the source company became. */
  companyId: number;
  ids: IdMap;
  /** Where copied media go, when --media is given. */
  storage?: MediaStorage;
  batches: { committed: number };
}

export function createContext(base: Omit<Context, 'ids'>): Context {
  return { ...base, ids: new IdMap(base.companyId) };
}

/** A source row and the row it became; `merged` when that row was already there (a duplicate). */
export type Mapped = readonly [sourceKey: string, targetId: number, merged?: 'merged'];

/**
 * One source table, imported page by page. `page` reads the next page after the last row of the
 * previous one (keyset), `key` names a row in the id map, `write` stores the rows not imported yet
 * and answers what each became (a row left out answers nothing and counts its reason).
 */
export interface Step<Row> {
  table: string;
  page(after: Row | undefined, limit: number): Promise<Row[]>;
  key(row: Row): string;
  write(sql: ExecuteSql, rows: Row[]): Promise<Mapped[]>;
  /** Rows per page, when the table's rows are much larger or smaller than most. */
  batchSize?: number;
  /** The table it writes: its statistics are refreshed as it grows. */
  target: string;
}

/**
 * Runs a step to the end. Each page's rows and their id-map rows commit in one transaction, so a
 * run killed at any point leaves whole pages behind it and a rerun skips exactly those.
 */
export async function runStep<Row>(ctx: Context, step: Step<Row>) {
  const counts = ctx.progress.counts(step.table);
  const expected = await ctx.source.estimate(step.table);
  const limit = step.batchSize ?? ctx.options.batchSize;
  let after: Row | undefined;
  let written = 0;
  for (;;) {
    const page = await step.page(after, limit);
    if (page.length === 0) break;
    after = page.at(-1);
    counts.read += page.length;
    const known = await ctx.ids.lookup(ctx.database.executeSql, step.table, page.map(step.key));
    const seen = new Set<string>();
    const fresh = page.filter((row) => {
      const key = step.key(row);
      if (known.has(key)) ctx.progress.skip(step.table, 'alreadyImported');
      else if (seen.has(key)) ctx.progress.skip(step.table, 'sameSourceIdTwice');
      else {
        seen.add(key);
        return true;
      }
      return false;
    });
    if (fresh.length > 0) {
      let imported = 0;
      await ctx.database.db.transaction(async (tx) => {
        const sql = executeSqlIn(tx);
        const entries = await step.write(sql, fresh);
        await ctx.ids.record(sql, step.table, entries);
        imported = entries.filter(([, , merged]) => !merged).length;
      });
      counts.imported += imported;
      ctx.batches.committed += 1;
      written += 1;
      // The tables grow from nothing during the run, faster than autovacuum notices: with the
      // statistics of an empty table the planner reads every id-map row of a table per lookup.
      if ((written & (written - 1)) === 0)
        await ctx.database.executeSql(`analyze import_id_map, ${step.target}`);
      if (ctx.options.maxBatches !== undefined && ctx.batches.committed >= ctx.options.maxBatches)
        throw new BatchLimitReached(ctx.batches.committed);
    }
    await ctx.progress.tick(step.table, expected);
    if (page.length < limit) break;
  }
  await ctx.progress.tick(step.table, expected, true);
}
