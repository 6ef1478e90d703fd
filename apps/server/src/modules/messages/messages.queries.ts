import type { Message, MessageCursor, QuotedMessage } from '@balcao/shared';

type Reaction = NonNullable<Message['reactions']>[number];

import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { inlineLimit, statementsByShape } from '../../db/prepared.js';
import { connections, contacts, messageReactions, messages, tickets } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { MediaLinks } from '../../platform/storage/media-links.js';

export type MessageRow = typeof messages.$inferSelect;

type QuotedRow = Pick<MessageRow, 'id' | 'body' | 'fromMe' | 'isDeleted' | 'mediaType'>;

/** A deleted message is quoted without its text. */
const toQuoted = (row: QuotedRow): QuotedMessage => ({
  id: row.id,
  body: row.isDeleted ? '' : row.body,
  fromMe: row.fromMe,
  isDeleted: row.isDeleted,
  mediaType: row.mediaType,
});

/**
 * `quoted` is required: a message that quotes one and is sent without it (an ack update) reads as
 * quoting nothing, and the open chats drop the quote they were showing.
 */
export const toMessage = (
  row: MessageRow,
  links: MediaLinks,
  quoted: QuotedRow | null | undefined,
): Message => ({
  id: row.id,
  ticketId: row.ticketId,
  body: row.body,
  fromMe: row.fromMe,
  ack: row.ack,
  failedReason: row.failedReason,
  sendState: row.sendState,
  kind: row.kind,
  mediaUrl: links.url(row.mediaPath),
  mediaType: row.mediaType,
  mediaName: row.mediaName,
  mediaStatus: row.mediaStatus,
  mediaError: row.mediaError,
  isDeleted: row.isDeleted,
  isEdited: row.isEdited,
  isForwarded: row.isForwarded,
  isPrivate: row.isPrivate,
  quotedMsg: quoted ? toQuoted(quoted) : null,
  userId: row.userId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// Spelled out: a correlated subquery over a second table must say which table's columns it means.
const pageMessageId = sql.raw('"messages"."id"');
const pageCompanyId = sql.raw('"messages"."company_id"');
const quotedMessage = alias(messages, 'quoted');

/**
 * Where a page starts: the newest message, the `offset`th, or right after the cursor `before` (going
 * back), or right after the cursor `after` (going forward, oldest first).
 */
type MessagesPageStart = 'newest' | 'offset' | 'before' | 'after';

interface PageShape {
  start: MessagesPageStart;
  /** Only messages of the chosen queues (and those written without one). */
  queues: boolean;
}

/**
 * A page of a ticket's messages, newest first, each with its reactions and the message it quotes in
 * the same statement. Rendered once per shape; the first page's plan is reused (its limit is written in).
 */
const messagesPage = statementsByShape('messages_page', (db, shape: PageShape) => {
  // A row comparison in the index's own order: the scan starts right after the cursor, no sort.
  const cursorRow = sql`(${messageAt(sql.placeholder('cursorMicros'))}, ${sql.placeholder('cursorId')}::integer)`;
  const fromCursor =
    shape.start === 'before'
      ? sql`(${messages.createdAt}, ${messages.id}) < ${cursorRow}`
      : shape.start === 'after'
        ? sql`(${messages.createdAt}, ${messages.id}) > ${cursorRow}`
        : undefined;
  const forward = shape.start === 'after';
  const query = db
    .select({
      ...getTableColumns(messages),
      cursorMicros: micros(messages.createdAt),
      reactions: sql<
        Reaction[]
      >`(select coalesce(json_agg(json_build_object('emoji', ${messageReactions.emoji}, 'userId', ${messageReactions.userId}) order by ${messageReactions.updatedAt}, ${messageReactions.id}), '[]'::json) from ${messageReactions} where ${messageReactions.messageId} = ${pageMessageId} and ${messageReactions.companyId} = ${pageCompanyId})`,
      quoted: {
        id: quotedMessage.id,
        body: quotedMessage.body,
        fromMe: quotedMessage.fromMe,
        isDeleted: quotedMessage.isDeleted,
        mediaType: quotedMessage.mediaType,
      },
    })
    .from(messages)
    .leftJoin(
      quotedMessage,
      and(eq(quotedMessage.companyId, messages.companyId), eq(quotedMessage.id, messages.quotedMessageId)),
    )
    .where(
      and(
        eq(messages.companyId, sql.placeholder('companyId')),
        eq(messages.ticketId, sql.placeholder('ticketId')),
        fromCursor,
        shape.queues
          ? or(sql`${messages.queueId} = any(${sql.placeholder('queueIds')})`, isNull(messages.queueId))
          : undefined,
      ),
    )
    .orderBy(
      ...(forward
        ? [asc(messages.createdAt), asc(messages.id)]
        : [desc(messages.createdAt), desc(messages.id)]),
    )
    .limit(inlineLimit(MESSAGES_PAGE + 1));
  return shape.start === 'offset' ? query.offset(sql.placeholder('offset')) : query;
});

/** Rows past the page's `MESSAGES_PAGE` only tell that an older (or, going forward, a newer) page exists. */
export const MESSAGES_PAGE = 20;

type PageStart =
  | { offset: number; before?: undefined; after?: undefined }
  | { before: MessageCursor; after?: undefined }
  | { after: MessageCursor; before?: undefined };

/** Newest first, except an `after` page, which comes oldest first. */
export function findMessagesPage(
  db: Db | Tx,
  companyId: number,
  ticketId: number,
  page: PageStart,
  queueIds: number[] | undefined,
) {
  const cursor = page.before ?? page.after;
  const start: MessagesPageStart = page.before
    ? 'before'
    : page.after
      ? 'after'
      : page.offset > 0
        ? 'offset'
        : 'newest';
  return messagesPage(db, { start, queues: (queueIds?.length ?? 0) > 0 }).execute({
    companyId,
    ticketId,
    offset: 'offset' in page ? page.offset : 0,
    cursorMicros: cursor?.createdAtMicros,
    cursorId: cursor?.id,
    queueIds,
  });
}

const messageCursorStatement = statementsByShape('message_cursor', (db) =>
  db
    .select({ id: messages.id, createdAtMicros: micros(messages.createdAt) })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, sql.placeholder('companyId')),
        eq(messages.ticketId, sql.placeholder('ticketId')),
        eq(messages.id, sql.placeholder('id')),
      ),
    ),
);

/** Where message `id` of the ticket sits in the conversation's order; undefined when not the ticket's. */
export async function findMessageCursor(
  db: Db | Tx,
  companyId: number,
  ticketId: number,
  id: number,
): Promise<MessageCursor | undefined> {
  const [row] = await messageCursorStatement(db, {}).execute({ companyId, ticketId, id });
  return row;
}

/** A timestamp as microseconds since the epoch, as text (beyond a double's exact integers otherwise). */
function micros(column: SQLWrapper) {
  return sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
}

/**
 * Microseconds since the epoch back to a timestamp. PostgreSQL multiplies the interval by a double, exact
 * for any whole number of microseconds the cursor accepts (a safe integer); float seconds would not be.
 */
const messageAt = (micros: SQLWrapper) =>
  sql`('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond')`;

/** One message of the company, whatever its ticket. */
export async function findMessage(db: Db | Tx, companyId: number, messageId: number) {
  const [row] = await db
    .select()
    .from(messages)
    .where(tenant(messages, companyId, eq(messages.id, messageId)));
  return row;
}

/** The message `row` quotes, if it quotes one. */
export async function findQuoted(db: Db | Tx, row: MessageRow): Promise<QuotedRow | null> {
  if (!row.quotedMessageId) return null;
  return (await findMessage(db, row.companyId, row.quotedMessageId)) ?? null;
}

/** The company's messages among `ids`, in no particular order. */
export function findMessages(db: Db | Tx, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(messages)
    .where(tenant(messages, companyId, inArray(messages.id, ids)));
}

/** A deleted message stays deleted: a late edit or a second delete changes nothing. */
export async function updateLiveMessage(
  db: Db | Tx,
  companyId: number,
  messageId: number,
  values: Partial<Pick<MessageRow, 'body' | 'isEdited' | 'isDeleted'>>,
) {
  const [row] = await db
    .update(messages)
    .set({ ...values, updatedAt: new Date() })
    .where(tenant(messages, companyId, eq(messages.id, messageId), eq(messages.isDeleted, false)))
    .returning();
  return row;
}

/** The reactions under the company's messages among `messageIds`, in the order their emoji was chosen. */
export function findReactions(db: Db | Tx, companyId: number, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      messageId: messageReactions.messageId,
      emoji: messageReactions.emoji,
      userId: messageReactions.userId,
    })
    .from(messageReactions)
    .where(tenant(messageReactions, companyId, inArray(messageReactions.messageId, messageIds)))
    .orderBy(asc(messageReactions.updatedAt), asc(messageReactions.id));
}

export function setReaction(
  db: Db | Tx,
  companyId: number,
  messageId: number,
  userId: number,
  emoji: string,
) {
  return db
    .insert(messageReactions)
    .values({ companyId, messageId, userId, emoji })
    .onConflictDoUpdate({
      target: [messageReactions.messageId, messageReactions.userId],
      set: { emoji, updatedAt: new Date() },
    });
}

/** Takes back the user's reaction only while it is still `emoji`. */
export function removeReaction(
  db: Db | Tx,
  companyId: number,
  messageId: number,
  userId: number,
  emoji: string,
) {
  return db
    .delete(messageReactions)
    .where(
      tenant(
        messageReactions,
        companyId,
        eq(messageReactions.messageId, messageId),
        eq(messageReactions.userId, userId),
        eq(messageReactions.emoji, emoji),
      ),
    )
    .returning();
}

export async function insertMessage(tx: Db | Tx, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [message] = await tx.insert(messages).values(values).returning();
  if (!message) throw new Error('message not stored');
  return message;
}

/** A message with the connection and contact its delivery needs (null once deleted). */
export async function findDelivery(db: Db | Tx, companyId: number, messageId: number) {
  const [row] = await db
    .select({ message: messages, connection: connections, contact: contacts })
    .from(messages)
    .leftJoin(contacts, and(eq(contacts.companyId, companyId), eq(contacts.id, messages.contactId)))
    .leftJoin(
      connections,
      and(eq(connections.companyId, companyId), eq(connections.id, messages.connectionId)),
    )
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId)));
  return row;
}

const deliveries = statementsByShape('deliveries', (db) =>
  db
    .select({ message: messages, connection: connections, contact: contacts })
    .from(messages)
    .leftJoin(contacts, and(eq(contacts.companyId, messages.companyId), eq(contacts.id, messages.contactId)))
    .leftJoin(
      connections,
      and(eq(connections.companyId, messages.companyId), eq(connections.id, messages.connectionId)),
    )
    .where(
      sql`(${messages.companyId}, ${messages.id}) in (select * from unnest(${sql.placeholder('companyIds')}::integer[], ${sql.placeholder('messageIds')}::integer[]))`,
    ),
);

/** `findDelivery` for many messages in one statement, each read in its own company; in no particular order. */
export function findDeliveries(db: Db | Tx, keys: { companyId: number; messageId: number }[]) {
  return deliveries(db, {}).execute({
    companyIds: keys.map((key) => key.companyId),
    messageIds: keys.map((key) => key.messageId),
  });
}

/** Acks only move forward; a late "sent" never undoes "read". */
export function raiseAck(
  db: Db | Tx,
  companyId: number,
  messageId: number,
  ack: number,
  extra: { externalId?: string } = {},
) {
  return db
    .update(messages)
    .set({ ack: sql`greatest(${messages.ack}, ${ack})`, ...extra, updatedAt: new Date() })
    .where(and(eq(messages.companyId, companyId), eq(messages.id, messageId), lt(messages.ack, ack)))
    .returning();
}

/** Raises every message matching `where` to `ack`, leaving failed ones (-1) alone. */
export function raiseAcksWhere(db: Db | Tx, companyId: number, where: SQL, ack: number) {
  return db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(and(eq(messages.companyId, companyId), where, lt(messages.ack, ack), gte(messages.ack, 0)))
    .returning();
}

/** The stored copy of an inbound message the provider delivers again. */
export async function findByExternalId(
  db: Db | Tx,
  companyId: number,
  connectionId: number,
  externalId: string,
) {
  const [message] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.connectionId, connectionId),
        eq(messages.externalId, externalId),
      ),
    );
  return message;
}

/** The newest message of a ticket the customer could see (private notes aside), deleted ones only if `withDeleted`. */
async function newestShown(db: Db | Tx, companyId: number, ticketId: number, withDeleted: boolean) {
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.ticketId, ticketId),
        eq(messages.isPrivate, false),
        withDeleted ? undefined : eq(messages.isDeleted, false),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row;
}

/**
 * After the newest message of a ticket was edited or deleted, the list's preview shows its new text,
 * or the newest message still standing. Answers whether the preview changed.
 */
export async function refreshTicketPreview(
  db: Db | Tx,
  companyId: number,
  changed: MessageRow,
  preview: (row: MessageRow) => string,
): Promise<boolean> {
  if (changed.isPrivate) return false;
  const newest = await newestShown(db, companyId, changed.ticketId, true);
  if (newest?.id !== changed.id) return false;
  const standing = changed.isDeleted ? await newestShown(db, companyId, changed.ticketId, false) : changed;
  await db
    .update(tickets)
    .set({ lastMessage: standing ? preview(standing) : '' })
    .where(tenant(tickets, companyId, eq(tickets.id, changed.ticketId)));
  return true;
}
