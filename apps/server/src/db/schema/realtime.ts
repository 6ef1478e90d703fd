import { bigserial, customType, pgTable } from 'drizzle-orm/pg-core';
import { at } from './columns.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Large socket events relayed between server processes by the Socket.IO Postgres adapter. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: at('created_at').defaultNow(),
  payload: bytea('payload'),
});
