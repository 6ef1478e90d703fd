import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { connections, messages } from '../../src/db/schema/index.js';
import { waitFor } from '../wait.js';
import type { FakeWhatsappWeb } from './server.js';

/** The connection's row as stored now (status, QR, lease). */
export const connectionRow = async (db: Db, id: number) =>
  (await db.select().from(connections).where(eq(connections.id, id)))[0];

export const waitForStatus = (db: Db, id: number, status: string, timeoutMs?: number) =>
  waitFor(
    () => connectionRow(db, id),
    (row) => row?.status === status,
    timeoutMs,
  );

/** Once a socket (of the process named `label`) shows a QR, the phone of `number` scans it. */
export async function scanWhenShown(wa: FakeWhatsappWeb, number: string, label?: string) {
  await waitFor(
    async () => wa.showsQr(label),
    (shown) => shown,
    15_000,
  );
  if (!wa.scan(number, label)) throw new Error(`no QR shown to scan for ${number}`);
}

/** The customer's message with WhatsApp id `externalId`, once stored. */
export async function storedMessage(db: Db, connectionId: number, externalId: string) {
  const row = await waitFor(
    async () =>
      (
        await db
          .select()
          .from(messages)
          .where(and(eq(messages.connectionId, connectionId), eq(messages.externalId, externalId)))
      )[0],
    (value) => value !== undefined,
  );
  if (!row) throw new Error(`message ${externalId} was not stored`);
  return row;
}

/** Our messages of a ticket in the order written, once none is pending (each sent or failed). */
export function settledReplies(db: Db, ticketId: number, count: number, timeoutMs = 30_000) {
  return waitFor(
    () =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
        .orderBy(asc(messages.id)),
    (rows) => rows.length >= count && rows.every((row) => row.ack !== 0),
    timeoutMs,
  );
}
