import { randomUUID } from 'node:crypto';
import type { WebchatMessage, WebchatSession, WebchatStartBody } from '@balcao/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactIdentities, contacts, messages, webchatVisitors } from '../../db/schema/index.js';
import type { ConnectionRow } from '../../modules/connections/connections.queries.js';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.js';

export type VisitorRow = typeof webchatVisitors.$inferSelect;
const HISTORY = 50;

/** A new visitor becomes a contact of the company, known by a random id and a secret only the browser keeps. */
export async function createVisitor(db: Db, connection: ConnectionRow, input: WebchatStartBody) {
  const visitorId = randomUUID();
  const secret = newOpaqueToken();
  const visitor = await db.transaction(async (tx) => {
    const [contact] = await tx
      .insert(contacts)
      .values({
        companyId: connection.companyId,
        name: input.name,
        email: input.email ?? '',
        number: null,
        channel: 'webchat',
      })
      .returning({ id: contacts.id });
    if (!contact) throw new Error('contact not stored');
    await tx.insert(contactIdentities).values({
      companyId: connection.companyId,
      contactId: contact.id,
      connectionId: connection.id,
      kind: 'webchat',
      value: visitorId,
    });
    const [row] = await tx
      .insert(webchatVisitors)
      .values({
        companyId: connection.companyId,
        connectionId: connection.id,
        contactId: contact.id,
        visitorId,
        secretHash: sha256(secret),
      })
      .returning();
    return row as VisitorRow;
  });
  return { visitor, secret };
}

export async function findVisitor(db: Db, connectionId: number, visitorId: string, secret: string) {
  const [row] = await db
    .select()
    .from(webchatVisitors)
    .where(and(eq(webchatVisitors.connectionId, connectionId), eq(webchatVisitors.visitorId, visitorId)));
  if (!row || row.secretHash !== sha256(secret)) return undefined;
  await db.update(webchatVisitors).set({ lastSeenAt: sql`now()` }).where(eq(webchatVisitors.id, row.id));
  return row;
}

export const toWebchatMessage = (row: typeof messages.$inferSelect): WebchatMessage => ({
  id: row.id,
  body: row.body,
  fromVisitor: !row.fromMe,
  createdAt: row.createdAt.toISOString(),
  ack: row.ack,
});

/** What the widget shows on return: the visitor's name and the latest messages, private notes excluded. */
export async function loadSession(db: Db, visitor: VisitorRow): Promise<WebchatSession> {
  const [contact] = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(eq(contacts.id, visitor.contactId));
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, visitor.companyId),
        eq(messages.contactId, visitor.contactId),
        eq(messages.connectionId, visitor.connectionId),
        eq(messages.isPrivate, false),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(HISTORY);
  return { name: contact?.name ?? '', messages: rows.reverse().map(toWebchatMessage) };
}
