import pg from 'pg';

/** A database that does not answer the sign-in in this time is taken as unreachable. */
const CONNECT_TIMEOUT_MS = 10_000;
/** No page of the import reads for longer: keyset pages on indexed columns take milliseconds. */
const STATEMENT_TIMEOUT_MS = 300_000;

/**
 * The Ticketz database, read in one read-only transaction of a read-only session: every page comes
 * from the same snapshot, so keyset paging neither misses nor repeats a row written meanwhile, and
 * nothing can be written. Connecting and each statement are bounded in time.
 */
export class Source {
  private constructor(private readonly client: pg.Client) {}

  static async open(url: string) {
    const client = new pg.Client({
      connectionString: url,
      application_name: 'balcao-import-ticketz',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      keepAlive: true,
    });
    // An error of the connection after it was opened (the server went away) ends the import through
    // the query that meets it; unheard, it would end the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('set session characteristics as transaction read only');
      await client.query('begin isolation level repeatable read read only');
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
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
