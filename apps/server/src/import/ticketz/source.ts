import pg from 'pg';

/**
 * The Ticketz database, read in one read-only transaction: every page comes from the same snapshot,
 * so keyset paging neither misses nor repeats a row written meanwhile, and nothing can be written.
 */
export class Source {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string) {
    const client = new pg.Client({ connectionString: url, application_name: 'balcao-import-ticketz' });
    await client.connect();
    await client.query('begin isolation level repeatable read read only');
    return new Source(client);
  }

  async query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.client.query(text, values)).rows as T[];
  }

  /** The planner's row count of a table: free on any size, good enough for "time left". */
  async estimate(table: string): Promise<number | undefined> {
    const [row] = await this.query<{ n: string | null }>(
      'select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass($1)',
      [`public."${table}"`],
    );
    const n = Number(row?.n ?? 0);
    return n > 0 ? n : undefined;
  }

  async close() {
    await this.client.query('rollback').catch(() => undefined);
    await this.client.end();
  }
}
