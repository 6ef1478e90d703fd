import {
  plainText,
  WEBCHAT_NAMESPACE,
  type WebchatAck,
  type WebchatCredentials,
  webchatEvents,
  webchatSendBody,
  webchatStartBody,
} from '@balcao/shared';
import { and, eq, gte } from 'drizzle-orm';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { messages, webchatVisitors } from '../../db/schema/index.js';
import { receive } from '../../inbox/receive.js';
import { findConnectionByToken } from '../../modules/connections/connections.queries.js';
import { raiseAcks } from '../../modules/messages/messages.delivery.js';
import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { hitRateLimit } from '../../platform/rate-limit.js';
import type { ChannelAdapter } from '../channel.js';
import {
  createVisitor,
  findConversation,
  findVisitor,
  loadSession,
  toWebchatMessage,
  type VisitorRow,
} from './webchat.visitors.js';

const visitorRoom = (connectionId: number, visitorId: string) => `webchat:${connectionId}:${visitorId}`;

/** Flood limits, counted in the database so every server process shares them (numbers in docs/decisions.md). */
const limits = {
  visitorsPerAddress: { max: 10, windowSeconds: 600 },
  messagesPerVisitor: { max: 30, windowSeconds: 60 },
  messagesPerAddress: { max: 120, windowSeconds: 60 },
};
/** A visitor's screen reports reading at most this often; the reports in between add nothing. */
const READ_INTERVAL_MS = 2000;

type Limit = { max: number; windowSeconds: number };

async function overLimit(deps: AppDeps, key: string, limit: Limit) {
  return (await hitRateLimit(deps.db, key, limit.windowSeconds)) > limit.max;
}

/**
 * A socket's own count, so a flood from one socket stops costing database statements. One socket window
 * spans at most two database windows, so past twice the limit it is over the shared limit too: this never
 * refuses what the database would allow.
 */
function socketCounter(limit: Limit) {
  let windowStart = Date.now();
  let count = 0;
  return () => {
    if (Date.now() - windowStart >= limit.windowSeconds * 1000) {
      windowStart = Date.now();
      count = 0;
    }
    count += 1;
    return count > 2 * limit.max;
  };
}

/** The visitor's address as the HTTP side sees it: behind a trusted proxy, the first forwarded one. */
function addressOf(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return (trustProxy && first) || socket.handshake.address;
}

type Ack<T> = (answer: WebchatAck<T>) => void;

function parse<S extends z.ZodType>(schema: S, input: unknown, ack: Ack<object>): z.infer<S> | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  ack({ ok: false, error: 'ERR_VALIDATION', fields });
  return undefined;
}

/**
 * The website chat: a Socket.IO namespace of its own, where a widget proves its connection by the
 * connection's token and a returning visitor by the secret it was given on the first visit.
 */
export function attachWebchat(io: Server, deps: AppDeps): ChannelAdapter {
  const nsp = io.of(WEBCHAT_NAMESPACE);

  // A failing handler answers ERR_INTERNAL; it never becomes an unhandled rejection that ends the process.
  const guarded =
    <A extends unknown[]>(handler: (...args: A) => Promise<unknown>) =>
    (...args: A) => {
      handler(...args).catch((error: unknown) => {
        deps.log.error(loggableError(error), 'webchat handler failed');
        const ack = args.at(-1);
        if (typeof ack === 'function') ack({ ok: false, error: 'ERR_INTERNAL' });
      });
    };

  nsp.use((socket, next) => {
    const { token, visitorId, secret } = (socket.handshake.auth ?? {}) as Partial<
      WebchatCredentials & { token: string }
    >;
    const identify = async () => {
      const wellFormed = plainText(64).safeParse(token).success;
      const connection = wellFormed ? await findConnectionByToken(deps.db, token as string) : undefined;
      if (connection?.channel !== 'webchat') throw new Error('ERR_NO_WAPP_FOUND');
      socket.data.connection = connection;
      if (plainText(200).safeParse(visitorId).success && plainText(200).safeParse(secret).success) {
        socket.data.visitor = await findVisitor(
          deps.db,
          connection.id,
          visitorId as string,
          secret as string,
        );
      }
    };
    identify().then(
      () => next(),
      (error: Error) =>
        next(new Error(error.message === 'ERR_NO_WAPP_FOUND' ? error.message : 'ERR_INTERNAL')),
    );
  });

  nsp.on('connection', (socket: Socket) => {
    const connection = socket.data.connection;
    const address = addressOf(socket, deps.config.trustProxy);
    const startsFlooded = socketCounter(limits.visitorsPerAddress);
    const sendsFlooded = socketCounter(limits.messagesPerVisitor);
    const join = async (visitor: VisitorRow) => {
      socket.data.visitor = visitor;
      await socket.join(visitorRoom(connection.id, visitor.visitorId));
    };

    // Always answered, so the widget knows whether to show the conversation or ask who is writing.
    guarded(async () => {
      const visitor: VisitorRow | undefined = socket.data.visitor;
      if (visitor) await join(visitor);
      socket.emit(webchatEvents.session, visitor ? await loadSession(deps.db, visitor) : null);
    })();

    socket.on(
      webchatEvents.start,
      guarded(async (input: unknown, ack: Ack<WebchatCredentials>) => {
        const body = parse(webchatStartBody, input, ack);
        if (!body) return;
        if (
          startsFlooded() ||
          (await overLimit(deps, `webchat:visitors:${connection.id}:${address}`, limits.visitorsPerAddress))
        )
          return ack({ ok: false, error: 'ERR_TOO_MANY_REQUESTS' });
        const { visitor, secret } = await createVisitor(deps.db, connection, body);
        await join(visitor);
        ack({ ok: true, visitorId: visitor.visitorId, secret });
      }),
    );

    socket.on(
      webchatEvents.send,
      guarded(async (input: unknown, ack: Ack<{ id: number }>) => {
        const visitor: VisitorRow | undefined = socket.data.visitor;
        if (!visitor) return ack({ ok: false, error: 'ERR_SESSION_EXPIRED' });
        const body = parse(webchatSendBody, input, ack);
        if (!body) return;
        if (
          sendsFlooded() ||
          (await overLimit(deps, `webchat:messages:${visitor.visitorId}`, limits.messagesPerVisitor)) ||
          (await overLimit(deps, `webchat:messages:${connection.id}:${address}`, limits.messagesPerAddress))
        )
          return ack({ ok: false, error: 'ERR_TOO_MANY_REQUESTS' });
        // The visitor's identity exists since `start`, so the contact is found, never created, here.
        const received = await receive(deps, {
          companyId: connection.companyId,
          connectionId: connection.id,
          channel: 'webchat',
          identity: { kind: 'webchat', value: visitor.visitorId },
          contact: { name: visitor.visitorId },
          externalId: `visitor:${visitor.visitorId}:${body.clientId}`,
          body: body.body,
        });
        // Other tabs of the same visitor show it too.
        const { id, createdAt, ack: messageAck } = received.message;
        socket.to(visitorRoom(connection.id, visitor.visitorId)).emit(webchatEvents.message, {
          id,
          body: body.body,
          fromVisitor: true,
          createdAt,
          ack: messageAck,
        });
        ack({ ok: true, id: received.message.id });
      }),
    );

    // However often the screen reports reading, one statement per interval reaches the database.
    let readPending = false;
    let lastRead = 0;
    const markRead = guarded(async () => {
      readPending = false;
      lastRead = Date.now();
      const visitor: VisitorRow | undefined = socket.data.visitor;
      if (!visitor) return;
      const ticket = await findConversation(deps.db, visitor);
      if (!ticket) return;
      // Only what reached the visitor (1 sent, 2 delivered) can be read; pending and failed stay as they are.
      const shown = and(
        eq(messages.companyId, connection.companyId),
        eq(messages.ticketId, ticket.id),
        eq(messages.fromMe, true),
        gte(messages.ack, 1),
      );
      if (shown) await raiseAcks(deps, shown, 3);
    });
    socket.on(webchatEvents.read, () => {
      if (readPending) return;
      readPending = true;
      setTimeout(markRead, Math.max(0, lastRead + READ_INTERVAL_MS - Date.now()));
    });
  });

  return {
    async send({ connection, contact, message }) {
      const visitors = await deps.db
        .select({ visitorId: webchatVisitors.visitorId })
        .from(webchatVisitors)
        .where(
          and(eq(webchatVisitors.connectionId, connection.id), eq(webchatVisitors.contactId, contact.id)),
        );
      const targets = visitors.map((v) => visitorRoom(connection.id, v.visitorId));
      if (targets.length === 0) throw new Error('ERR_WAPP_INVALID_CONTACT');
      const online = (await nsp.in(targets).fetchSockets()).length > 0;
      nsp.to(targets).emit(webchatEvents.message, toWebchatMessage({ ...message, ack: online ? 2 : 1 }));
      return { externalId: `agent:${message.id}`, ack: online ? 2 : 1 };
    },
    async conversationClosed({ connectionId, contactId }) {
      const visitors = await deps.db
        .select({ visitorId: webchatVisitors.visitorId })
        .from(webchatVisitors)
        .where(and(eq(webchatVisitors.connectionId, connectionId), eq(webchatVisitors.contactId, contactId)));
      if (visitors.length === 0) return;
      nsp.to(visitors.map((v) => visitorRoom(connectionId, v.visitorId))).emit(webchatEvents.closed);
    },
  };
}

/** Tells a website-chat visitor that their conversation was closed (other channels have nothing to do). */
export async function notifyConversationClosed(
  deps: Pick<AppDeps, 'channels'>,
  ticket: { connectionId: number | null; contactId: number },
) {
  const { connectionId, contactId } = ticket;
  if (connectionId !== null)
    await deps.channels.get('webchat')?.conversationClosed?.({ connectionId, contactId });
}
