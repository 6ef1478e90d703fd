import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { connections } from '../../db/schema/index.js';

export type ConnectionRow = typeof connections.$inferSelect;

type ProviderKey = 'phoneNumberId' | 'facebookPageUserId' | 'instagramAccountId';

/**
 * The connection a webhook entry belongs to. Provider ids are global (Meta issued them), so this is
 * one of the few lookups across companies, like a widget token.
 */
export async function findByProviderId(
  db: Db,
  channel: string,
  key: ProviderKey,
  value: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections[key], value), eq(connections.channel, channel)))
    .limit(1);
  return row;
}
