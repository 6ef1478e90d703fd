import { randomUUID } from 'node:crypto';
import type { WebchatMessage, WebchatSession, WebchatStartBody } from '@balcao/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contactCustomFields,
  contactIdentities,
  contacts,
  messages,
  tickets,
  webchatVisitors,
} from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { ConnectionRow } from '../../modules/connections/connections.queries.js';
import { findMessages, findReactions } from '../../modules/messages/messages.queries.js';
import { newOpaqueToken, sha256 } from '../../platform/auth/tokens.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type VisitorRow = typeof webchatVisitors.$inferSelect;
const HISTORY = 50;

/**
 * A new visitor becomes a contact of the company, known by a random id and a secret only the browser keeps.
 * The phone the visitor typed is kept as the contact's number, unless another website-chat contact has it:
 * an unverified phone must never merge two visitors (the second would read the first one's conversation),
 * so it is then kept as an extra field.
 */
export async function createVisitor(db: Db, connection: ConnectionRow, input: WebchatStartBody) {
  const visitorId = randomUUID();
  const secret = newOpaqueToken();
  const phone = input.phone || null;
  const visitor = await db.transaction(async (tx) => {
    const values = {
      companyId: connection.companyId,
      name: input.name,
      email: input.email ?? '',
      channel: 'webchat',
    };
    const [withNumber] = await tx
      .insert(contacts)
      .values({ ...values, number: phone })
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    const contact =
      withNumber ??
      (
        await tx
          .insert(contacts)
          .values({ ...values, number: null })
          .returning({ id: contacts.id })
      )[0];
    if (!contact) throw new Error('contact not stored');
    if (!withNumber && phone) {
      await tx
        .insert(contactCustomFields)
        .values({ companyId: connection.companyId, contactId: contact.id, name: 'phone', value: phone });
    }
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
  await db
    .update(webchatVisitors)
    .set({ lastSeenAt: sql`now()` })
    .where(tenant(webchatVisitors, row.companyId, eq(webchatVisitors.id, row.id)));
  return row;
}

type MessageRow = typeof messages.$inferSelect;

/** A contact card as the widget prints it: the name and number lines of the vCard. */
const cardText = (vCard: string) =>
  vCard
    .split('\n')
    .filter((line) => line.startsWith('FN') || line.startsWith('TEL'))
    .map((line) => line.slice(line.indexOf(':') + 1))
    .join('\n');

const toWebchatMessage = (
  row: MessageRow,
  links: MediaLinks,
  quoted: MessageRow | undefined,
  reactions: string[],
): WebchatMessage => ({
  id: row.id,
  body: row.isDeleted ? '' : row.mediaType === 'contactMessage' ? cardText(row.body) : row.body,
  fromVisitor: !row.fromMe,
  createdAt: row.createdAt.toISOString(),
  ack: row.ack,
  edited: row.isEdited,
  deleted: row.isDeleted,
  media:
    row.mediaPath && !row.isDeleted
      ? { url: links.url(row.mediaPath) ?? '', type: row.mediaType ?? 'application', name: row.mediaName }
      : null,
  // A private note is never quoted to the customer.
  quoted:
    quoted && !quoted.isPrivate
      ? { body: quoted.isDeleted ? '' : quoted.body, fromVisitor: !quoted.fromMe, deleted: quoted.isDeleted }
      : null,
  reactions,
});

/** Messages as the widget shows them, with their quotes and reactions loaded in two queries. */
export async function presentToVisitor(
  db: Db,
  links: MediaLinks,
  companyId: number,
  rows: MessageRow[],
): Promise<WebchatMessage[]> {
  const quotedIds = rows.flatMap((row) => (row.quotedMessageId ? [row.quotedMessageId] : []));
  const [quoted, reactions] = await Promise.all([
    findMessages(db, companyId, quotedIds),
    findReactions(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
  ]);
  const byId = new Map(quoted.map((row) => [row.id, row]));
  return rows.map((row) =>
    toWebchatMessage(
      row,
      links,
      row.quotedMessageId ? byId.get(row.quotedMessageId) : undefined,
      reactions.filter((r) => r.messageId === row.id).map((r) => r.emoji),
    ),
  );
}

/**
 * What the widget shows on return: the visitor's name and the newest messages of their current or last
 * conversation, private notes excluded.
 */
export async function loadSession(db: Db, links: MediaLinks, visitor: VisitorRow): Promise<WebchatSession> {
  const [contact] = await db
    .select({ name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.companyId, visitor.companyId), eq(contacts.id, visitor.contactId)));
  const ticket = await findConversation(db, visitor);
  const rows = ticket
    ? await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.companyId, visitor.companyId),
            eq(messages.ticketId, ticket.id),
            eq(messages.isPrivate, false),
          ),
        )
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(HISTORY)
    : [];
  return {
    name: contact?.name ?? '',
    messages: await presentToVisitor(db, links, visitor.companyId, rows.reverse()),
    closed: ticket?.status === 'closed',
  };
}

/** The visitor's current or last ticket: the conversation the widget shows. */
export async function findConversation(db: Db, visitor: VisitorRow) {
  const [ticket] = await db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId })
    .from(tickets)
    .where(
      and(
        eq(tickets.companyId, visitor.companyId),
        eq(tickets.contactId, visitor.contactId),
        eq(tickets.connectionId, visitor.connectionId),
      ),
    )
    .orderBy(desc(tickets.id))
    .limit(1);
  return ticket;
}
