import type { connections } from '../../db/schema/index.js';
import type { WhatsappSocket } from './baileys.socket.js';

/** One live session, held by this process. */
export interface LiveSession {
  companyId: number;
  connectionId: number;
  /** The lease generation this session took: once the row's differs, another session took over. */
  generation: number;
  socket?: WhatsappSocket;
  /** Reconnects since the session last opened: drives the backoff. */
  attempt: number;
  timer?: NodeJS.Timeout;
  pairingNumber?: string;
  /** Since when the session was down, until it opens again; messages from that gap arrived while offline. */
  offline?: { since: Date; until?: Date };
  ended: boolean;
  /**
   * The last creds save, each chained after the one before: saves land in the order Baileys made the
   * changes, and a reconnect (the 515 right after pairing) reads the creds only once they are stored.
   */
  credsSaved: Promise<void>;
}

/** A live session's socket and connection row, as its event handlers see them. */
export interface SessionContext {
  session: LiveSession;
  socket: WhatsappSocket;
  connection: typeof connections.$inferSelect;
}
