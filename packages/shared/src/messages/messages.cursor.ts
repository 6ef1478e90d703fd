import { z } from 'zod';
import { MAX_ID, msg } from '../validation.js';

/**
 * Where the next (older) page of a conversation starts: the last listed message's creation time in
 * microseconds (PostgreSQL's precision; a JS Date would round it and skip or repeat a message) and
 * its id, the order of the index messages_ticket_created_idx. Opaque to clients.
 */
export interface MessageCursor {
  createdAtMicros: string;
  id: number;
}

/** Both numbers in base 36: short, URL-safe, and not something a client should take apart. */
export const encodeMessageCursor = (cursor: MessageCursor) =>
  `${Number(cursor.createdAtMicros).toString(36)}.${cursor.id.toString(36)}`;

const cursorText = /^([0-9a-z]{1,11})\.([0-9a-z]{1,7})$/;

function decodeMessageCursor(value: string): MessageCursor | undefined {
  const [, micros, id] = cursorText.exec(value) ?? [];
  if (!micros || !id) return undefined;
  const createdAtMicros = Number.parseInt(micros, 36);
  const messageId = Number.parseInt(id, 36);
  if (!Number.isSafeInteger(createdAtMicros) || messageId < 1 || messageId > MAX_ID) return undefined;
  return { createdAtMicros: String(createdAtMicros), id: messageId };
}

/** `before=<cursor>`: anything the server did not hand out is a validation error, never a query. */
export const messageCursor = z.string().transform((value, ctx) => {
  const cursor = decodeMessageCursor(value);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: msg.invalidValue });
    return z.NEVER;
  }
  return cursor;
});
