import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Listen } from '../db/notifications.js';
import { connections } from '../db/schema/index.js';

export type ConnectionRow = typeof connections.$inferSelect;

/**
 * The id each Meta channel's webhooks name it by. One connection of the channel holds an id (the
 * partial unique indexes of `connections`); the channel is written as the indexes' literal predicate,
 * so the lookup reads them.
 */
const claims = {
  whatsappapi: { column: connections.phoneNumberId, only: sql`${connections.channel} = 'whatsappapi'` },
  facebook: { column: connections.facebookPageUserId, only: sql`${connections.channel} = 'facebook'` },
  instagram: { column: connections.instagramAccountId, only: sql`${connections.channel} = 'instagram'` },
};
export type MetaChannel = keyof typeof claims;

/** The NOTIFY channel of the trigger on connections (migration 0015); the payload is the row's id. */
const CONNECTION_CHANGES = 'balcao_connection_change';

/**
 * The connection a webhook entry belongs to. Provider ids are global (Meta issued them), so this is
 * one of the few lookups across companies, like a widget token.
 */
async function findByProviderId(
  db: Db,
  channel: MetaChannel,
  value: string,
): Promise<ConnectionRow | undefined> {
  const claim = claims[channel];
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(claim.column, value), claim.only));
  return row;
}

/** Which of these ids of the channel a connection of another company already holds. */
export async function heldElsewhere(
  db: Db,
  companyId: number,
  channel: MetaChannel,
  ids: string[],
): Promise<string[]> {
  if (!ids.length) return [];
  const claim = claims[channel];
  const rows = await db
    .select({ id: claim.column })
    .from(connections)
    .where(and(inArray(claim.column, ids), claim.only, ne(connections.companyId, companyId)));
  return rows.flatMap((row) => (row.id ? [row.id] : []));
}

/**
 * Every webhook delivery names its connection by a provider id: the rows are cached in memory until
 * the database says a connection changed (the trigger notifies at commit, whatever code path wrote,
 * in every process). A change drops that connection and every "not found", since an insert or an
 * edit may have given the id to a connection. While the notification connection is down nothing is
 * cached, and a read that started before a change to what it found (or, for "not found", before any
 * change) is not cached after it: other connections' changes (Baileys renews its leases every few
 * seconds) must not keep a Cloud API connection from being cached.
 */
export function createProviderConnections(db: Db) {
  const found = new Map<string, ConnectionRow | undefined>();
  let listening = false;
  /** Counts changes; each connection's last change, and the last time everything was forgotten. */
  let generation = 0;
  const changedAt = new Map<number, number>();
  let forgottenAt = 0;

  function changed(payload: string) {
    generation++;
    const id = Number(payload);
    changedAt.set(id, generation);
    for (const [lookup, row] of found) if (!row || row.id === id) found.delete(lookup);
  }
  function forgetAll() {
    generation++;
    forgottenAt = generation;
    changedAt.clear();
    found.clear();
  }
  const stillCurrent = (row: ConnectionRow | undefined, started: number) =>
    forgottenAt <= started && (row ? (changedAt.get(row.id) ?? 0) <= started : generation === started);

  return {
    /** Starts following changes; until then (and whenever the feed is down) every lookup reads. */
    follow(listen: Listen) {
      return listen(CONNECTION_CHANGES, {
        message: changed,
        up: () => {
          forgetAll();
          listening = true;
        },
        down: () => {
          listening = false;
          forgetAll();
        },
      });
    },
    async find(channel: MetaChannel, value: string): Promise<ConnectionRow | undefined> {
      const lookup = `${channel}:${value}`;
      if (listening && found.has(lookup)) return found.get(lookup);
      const started = generation;
      const row = await findByProviderId(db, channel, value);
      if (listening && stillCurrent(row, started)) found.set(lookup, row);
      return row;
    },
  };
}
export type ProviderConnections = ReturnType<typeof createProviderConnections>;
