import pg from 'pg';

/** Past this many distinct statements a process stops naming new ones (each costs server memory per connection). */
const MAX_NAMED = 2_000;

/**
 * A pool client that turns every parameterised statement into a named prepared statement, so each
 * connection parses and plans a statement once instead of on every request: planning the ticket
 * join alone cost PostgreSQL more than running it. PostgreSQL keeps re-planning per call for a
 * statement whose generic plan would cost more (plan_cache_mode auto). Statements without
 * parameters stay in the simple protocol, which also carries the multi-statement scripts of pg-boss.
 */
export function namingClient(): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < MAX_NAMED) {
      name = `balcao_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };

  return class NamingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's own overloaded signature
    override query(config: any, values?: any, callback?: any): any {
      const params = Array.isArray(values) ? values : config?.values;
      const text = typeof config === 'string' ? config : config?.text;
      const named = typeof config === 'string' || (typeof config?.submit !== 'function' && !config?.name);
      const name = named && typeof text === 'string' && params?.length > 0 ? nameOf(text) : undefined;
      if (!name) return super.query(config, values, callback);
      const withName = typeof config === 'string' ? { text, name } : { ...config, name };
      return super.query(withName, values, callback);
    }
  };
}
