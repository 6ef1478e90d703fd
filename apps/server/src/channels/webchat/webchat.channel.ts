import {
  plainText,
  WEBCHAT_NAMESPACE,
  type WebchatAck,
  type WebchatCredentials,
  type WebchatMessage,
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
import { publishPresence, TYPING_REPORTS_PER_SECOND } from '../../modules/messages/messages.presence.js';
import type { AppDeps } from '../../platform/context.js';
import { loggableError } from '../../platform/errors.js';
import { type ChannelAdapter, PermanentSendError } from '../../platform/ports/channel-adapter.js';
import { allowance, latestOnly } from '../../platform/realtime/flood.js';
import { socketLimits, throttleReads } from './webchat.limits.js';
import {
  createVisitor,
  findConversation,
  findVisitor,
  loadSession,
  presentToVisitor,
  type VisitorRow,
} from './webchat.visitors.js';

export const visitorRoom = (connectionId: number, visitorId: string) =>
  `webchat:${connectionId}:${visitorId}`;

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
    const limits = socketLimits(deps, socket, connection.id);
    const join = async (visitor: VisitorRow) => {
      socket.data.visitor = visitor;
      await socket.join(visitorRoom(connection.id, visitor.visitorId));
    };

    // Always answered, so the widget knows whether to show the conversation or ask who is writing.
    guarded(async () => {
      const visitor: VisitorRow | undefined = socket.data.visitor;
      if (visitor) await join(visitor);
      socket.emit(webchatEvents.session, visitor ? await loadSession(deps.db, deps.links, visitor) : null);
    })();

    socket.on(
      webchatEvents.start,
      guarded(async (input: unknown, ack: Ack<WebchatCredentials>) => {
        const body = parse(webchatStartBody, input, ack);
        if (!body) return;
        if (!(await limits.mayStart())) return ack({ ok: false, error: 'ERR_TOO_MANY_REQUESTS' });
        const { visitor, secret } = await createVisitor(deps.db, connection, body);
        await join(visitor);
        ack({ ok: true, visitorId: visitor.visitorId, secret });
      }),
    );

    // Messages the visitor sends in sequence are stored in that order: each waits for the one before
    // (run side by side, a later one could commit first and sort before it).
    let previous: Promise<unknown> = Promise.resolve();
    const inTurn =
      <A extends unknown[]>(handler: (...args: A) => Promise<unknown>) =>
      (...args: A) => {
        const run = previous.then(() => handler(...args));
        previous = run.catch(() => undefined);
        return run;
      };

    socket.on(
      webchatEvents.send,
      guarded(
        inTurn(async (input: unknown, ack: Ack<{ id: number }>) => {
          const visitor: VisitorRow | undefined = socket.data.visitor;
          if (!visitor) return ack({ ok: false, error: 'ERR_SESSION_EXPIRED' });
          const body = parse(webchatSendBody, input, ack);
          if (!body) return;
          if (!(await limits.maySend(visitor.visitorId)))
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
            edited: false,
            deleted: false,
            media: null,
            quoted: null,
            reactions: [],
          } satisfies WebchatMessage);
          ack({ ok: true, id: received.message.id });
        }),
      ),
    );

    // However often the screen reports reading, one statement per interval reaches the database.
    const markRead = guarded(async () => {
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
      if (shown) await raiseAcks(deps, connection.companyId, shown, 3);
    });
    socket.on(webchatEvents.read, throttleReads(markRead));

    // The attendants who may open the conversation see the visitor typing; a closed one has nobody to tell.
    const typingAllowed = allowance(TYPING_REPORTS_PER_SECOND, 1000);
    const relayTyping = latestOnly(async (typing: boolean) => {
      const visitor: VisitorRow | undefined = socket.data.visitor;
      const ticket = visitor && (await findConversation(deps.db, visitor));
      if (!ticket || ticket.status === 'closed') return;
      publishPresence(deps, connection.companyId, ticket, null, typing ? 'composing' : null);
    });
    socket.on(webchatEvents.typing, (typing: unknown) => {
      if (typeof typing === 'boolean' && typingAllowed()) relayTyping(typing);
    });
  });

  const visitorRooms = async (connectionId: number, contactId: number) => {
    const visitors = await deps.db
      .select({ visitorId: webchatVisitors.visitorId })
      .from(webchatVisitors)
      .where(and(eq(webchatVisitors.connectionId, connectionId), eq(webchatVisitors.contactId, contactId)));
    return visitors.map((v) => visitorRoom(connectionId, v.visitorId));
  };

  const announceChange = async (
    connectionId: number,
    contactId: number,
    message: typeof messages.$inferSelect,
  ) => {
    const targets = await visitorRooms(connectionId, contactId);
    if (targets.length === 0) return;
    const [shown] = await presentToVisitor(deps.db, deps.links, message.companyId, [message]);
    nsp.to(targets).emit(webchatEvents.changed, shown);
  };

  return {
    async send({ connection, contact, message }) {
      const targets = await visitorRooms(connection.id, contact.id);
      // A contact that never chatted on this site has no visitor to receive it, now or later.
      if (targets.length === 0)
        throw new PermanentSendError('ERR_WAPP_INVALID_CONTACT', `contact ${contact.id} has no visitor`);
      const online = (await nsp.in(targets).fetchSockets()).length > 0;
      const [shown] = await presentToVisitor(deps.db, deps.links, connection.companyId, [
        { ...message, ack: online ? 2 : 1 },
      ]);
      nsp.to(targets).emit(webchatEvents.message, shown);
      return { externalId: `agent:${message.id}`, ack: online ? 2 : 1 };
    },
    edit: ({ connection, contact, message }) => announceChange(connection.id, contact.id, message),
    revoke: ({ connection, contact, message }) => announceChange(connection.id, contact.id, message),
    react: ({ connection, contact, message }) => announceChange(connection.id, contact.id, message),
    async presence({ connectionId, contactId }, state) {
      const targets = await visitorRooms(connectionId, contactId);
      if (targets.length > 0) nsp.to(targets).emit(webchatEvents.presence, { state });
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
