import { randomUUID } from 'node:crypto';
import { makeEventBuffer, proto, type WAMessageKey } from '@whiskeysockets/baileys';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SocketFactory, SocketOptions, WhatsappSocket } from '../src/channels/baileys/baileys.socket.js';
import type { Db } from '../src/db/client.js';
import { baileysSessions, connections } from '../src/db/schema/index.js';

type Logger = Parameters<typeof makeEventBuffer>[0];

/** Baileys' logger, quiet: the fakes' own records say what happened. */
export const silentLogger: Logger = {
  level: 'silent',
  child: () => silentLogger,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** A Baileys error as a closed socket reports it (a Boom with the disconnect code). */
export const disconnect = (statusCode: number, message = 'Connection Closed') =>
  Object.assign(new Error(message), { output: { statusCode, payload: { statusCode, message } } });

export interface FakeSocket extends WhatsappSocket {
  options: SocketOptions;
  sent: { jid: string; content: Record<string, unknown>; options?: Record<string, unknown> }[];
  presences: { state: string; jid?: string }[];
  /** The numbers asked of onWhatsApp, in order. */
  checked: string[];
  rejected: string[];
  ended: boolean;
  loggedOut: boolean;
}

/**
 * The Baileys harness of protocols.md §1.12: sockets whose `ev` is Baileys' own event buffer, so
 * replayed fixture events reach the adapter exactly as WhatsApp's would, and whose calls are recorded.
 */
export function createBaileysHarness(media: Map<string, Buffer> = new Map()) {
  const sockets: FakeSocket[] = [];
  /**
   * What WhatsApp answers for a number (protocols.md §1.11 "Number check"): the number it knows the
   * account by (a Brazilian mobile without its 9th digit), or null for no account. A number not
   * listed has an account under itself. Tests set their own numbers.
   */
  const accounts = new Map<string, string | null>();
  let sequence = 0;

  const factory: SocketFactory = (options) => {
    const socket: FakeSocket = {
      options,
      sent: [],
      presences: [],
      checked: [],
      rejected: [],
      ended: false,
      loggedOut: false,
      ev: makeEventBuffer(silentLogger),
      user: { id: '5511999990000:12@s.whatsapp.net', name: 'Loja' },
      async sendMessage(jid, content, messageOptions) {
        socket.sent.push({
          jid,
          content: content as Record<string, unknown>,
          options: messageOptions as Record<string, unknown>,
        });
        sequence += 1;
        return proto.WebMessageInfo.fromObject({
          key: { remoteJid: jid, fromMe: true, id: `3EB0${String(sequence).padStart(6, '0')}` },
          message: { conversation: (content as { text?: string }).text ?? '' },
          messageTimestamp: Math.floor(Date.now() / 1000),
          status: 1,
        });
      },
      readMessages: async () => undefined,
      async sendPresenceUpdate(state, jid) {
        socket.presences.push({ state, jid });
      },
      presenceSubscribe: async () => undefined,
      profilePictureUrl: async (jid) => {
        if (jid.startsWith('5511')) return `https://pps.whatsapp.net/${jid.split('@')[0]}.jpg`;
        throw disconnect(404, 'item-not-found');
      },
      async onWhatsApp(...numbers) {
        socket.checked.push(...numbers);
        // Baileys reads the digits before any '@' and leaves numbers without an account out.
        return numbers.flatMap((number) => {
          const digits = number.split('@')[0]?.replace(/\D/g, '') ?? '';
          const known = accounts.has(digits) ? accounts.get(digits) : digits;
          return known ? [{ jid: `${known}@s.whatsapp.net`, exists: true, lid: undefined }] : [];
        });
      },
      groupMetadata: async (jid) => ({
        id: jid,
        subject: 'Grupo da loja',
        participants: [],
        owner: undefined,
        addressingMode: 'pn' as never,
      }),
      groupFetchAllParticipating: async () => ({}),
      requestPairingCode: async () => 'ABCD1234',
      async rejectCall(callId) {
        socket.rejected.push(callId);
      },
      async logout() {
        socket.loggedOut = true;
      },
      end() {
        socket.ended = true;
      },
      async downloadMedia(message) {
        const id = message.key?.id ?? '';
        const bytes = media.get(id);
        if (!bytes) throw disconnect(404, 'media expired');
        return bytes;
      },
    };
    sockets.push(socket);
    return socket;
  };

  return {
    factory,
    sockets,
    accounts,
    latest(): FakeSocket {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('no socket was created');
      return socket;
    },
  };
}

/** A WhatsApp message as a live event carries it (protobuf types, numbers and Buffers). */
export function waMessage(input: {
  id: string;
  from: string;
  message: proto.IMessage;
  fromMe?: boolean;
  participant?: string;
  pushName?: string;
  at?: Date;
  keyExtra?: Partial<WAMessageKey> & { senderPn?: string; participantPn?: string };
}) {
  const message = proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: input.from,
      fromMe: input.fromMe ?? false,
      id: input.id,
      ...(input.participant ? { participant: input.participant } : {}),
    },
    message: input.message,
    messageTimestamp: Math.floor((input.at ?? new Date()).getTime() / 1000),
    pushName: input.pushName ?? 'Maria',
  });
  // senderPn and participantPn are not protobuf fields: Baileys sets them on the decoded key.
  Object.assign(message.key, input.keyExtra);
  return message;
}

/** A WhatsApp (Baileys) connection of the company, not yet started. */
export async function createWhatsappConnection(
  app: FastifyInstance,
  companyId: number,
  overrides: Partial<typeof connections.$inferInsert> = {},
) {
  const [row] = await app.deps.db
    .insert(connections)
    .values({
      companyId,
      name: `WhatsApp ${randomUUID().slice(0, 6)}`,
      channel: 'whatsapp',
      token: randomUUID().replaceAll('-', '').slice(0, 30),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('connection not created');
  return row;
}

/**
 * Marks the connection's session as held by another live process for `until` (an interval: '1 minute';
 * a negative one, '-1 second', lets it go), as that process's lease would.
 */
export const holdSessionElsewhere = (app: FastifyInstance, connectionId: number, until: string) =>
  app.deps.db
    .update(connections)
    .set({ leaseOwner: 'another-process', leaseExpiresAt: sql`now() + ${until}::interval` })
    .where(eq(connections.id, connectionId));

/** Replays `connection.update` events the way a socket emits them. */
export const replay = {
  qr: (socket: FakeSocket, qr: string) => socket.ev.emit('connection.update', { qr }),
  open: (socket: FakeSocket) => socket.ev.emit('connection.update', { connection: 'open' }),
  close: (socket: FakeSocket, code: number, message?: string) =>
    socket.ev.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: disconnect(code, message), date: new Date() },
    }),
};

/**
 * Test files share one database: a stored session left behind would be taken over by the next
 * file's app. Files that store sessions forget them all when they end.
 */
export async function forgetStoredSessions(db: Db) {
  await db.delete(baileysSessions);
}
