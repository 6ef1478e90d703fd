import { type Connection, maskSecret } from '@balcao/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { connectionQueues, connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type ConnectionRow = typeof connections.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * The token is a credential and the QR code links a phone to the company's number: only those who
 * manage connections see them. Meta tokens never leave; the Wavoip token leaves masked, whoever asks
 * (calls are placed by the server).
 */
export const toConnection = (
  row: ConnectionRow,
  extra: { queueIds: number[]; links: MediaLinks; secrets: SecretBox },
  forManager = true,
): Connection => {
  const { accessToken, leaseOwner, leaseExpiresAt, facebookUserId, companyId, createdAt, ...fields } = row;
  return {
    ...fields,
    channel: row.channel as Connection['channel'],
    status: row.status as Connection['status'],
    groupAsTicket: row.groupAsTicket === 'enabled' ? 'enabled' : 'disabled',
    whenExpiresTicket: row.whenExpiresTicket === '1' ? '1' : '0',
    token: forManager ? row.token : '',
    qrcode: forManager ? row.qrcode : '',
    wavoip: maskSecret(extra.secrets.open(row.wavoip)),
    updatedAt: row.updatedAt.toISOString(),
    importRecentMessages: iso(row.importRecentMessages),
    importOldMessages: iso(row.importOldMessages),
    statusImportMessages: iso(row.statusImportMessages),
    greetingMediaAttachment: extra.links.url(row.greetingMediaAttachment),
    queueIds: extra.queueIds,
    hasAccessToken: Boolean(accessToken),
  };
};

/** The queues of each connection, in their order, in one query. */
export async function queueIdsOf(db: Db | Tx, connectionIds: number[]): Promise<Map<number, number[]>> {
  const byConnection = new Map<number, number[]>(connectionIds.map((id) => [id, []]));
  if (!connectionIds.length) return byConnection;
  const rows = await db
    .select()
    .from(connectionQueues)
    .where(inArray(connectionQueues.connectionId, connectionIds))
    .orderBy(asc(connectionQueues.position));
  for (const row of rows) byConnection.get(row.connectionId)?.push(row.queueId);
  return byConnection;
}

export async function listCompanyConnections(db: Db, companyId: number): Promise<ConnectionRow[]> {
  return db.select().from(connections).where(tenant(connections, companyId)).orderBy(asc(connections.name));
}

export async function findConnection(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(connections)
    .where(tenant(connections, companyId, eq(connections.id, id)));
  return row;
}

/** Tokens are global: a widget or an API client names only its token, never its company. */
export async function findConnectionByToken(db: Db, token: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(connections).where(eq(connections.token, token));
  return row;
}
