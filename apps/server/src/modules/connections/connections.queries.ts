import type { Connection } from '@balcao/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

export type ConnectionRow = typeof connections.$inferSelect;

/** The token is a credential: only those who manage connections see it. */
export const toConnection = (row: ConnectionRow, withToken = true): Connection => ({
  id: row.id,
  name: row.name,
  channel: row.channel as Connection['channel'],
  status: row.status as Connection['status'],
  isDefault: row.isDefault,
  token: withToken ? row.token : '',
  greetingMessage: row.greetingMessage,
  complationMessage: row.complationMessage,
  outOfHoursMessage: row.outOfHoursMessage,
  ratingMessage: row.ratingMessage,
  updatedAt: row.updatedAt.toISOString(),
});

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
