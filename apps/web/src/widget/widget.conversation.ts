import {
  WEBCHAT_NAMESPACE,
  type WebchatAck,
  type WebchatCredentials,
  type WebchatMessage,
  type WebchatSession,
  webchatEvents,
} from '@balcao/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';

const storageKey = (token: string) => `balcao:webchat:${token}`;

function readCredentials(token: string): WebchatCredentials | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(token)) ?? 'null');
    return stored?.visitorId && stored?.secret ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** A message the visitor wrote that the server has not confirmed yet. */
export interface PendingMessage {
  clientId: string;
  body: string;
  failed: boolean;
  /** Refused for sending too fast, not lost: the visitor waits before retrying. */
  tooMany?: boolean;
}

type Phase = 'connecting' | 'unavailable' | 'introduce' | 'chat';

/**
 * The visitor's side of the conversation. The visitor is remembered in this browser, so a return
 * continues the same contact; unconfirmed messages are resent with the same id after a reconnect.
 */
export function useConversation(token: string) {
  const socketRef = useRef<Socket | null>(null);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [online, setOnline] = useState(false);
  const [messages, setMessages] = useState<WebchatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  /** An attendant closed the conversation shown; the visitor's next message starts a new one. */
  const [closed, setClosed] = useState(false);

  const connect = useCallback(
    (credentials?: WebchatCredentials) => {
      socketRef.current?.disconnect();
      const socket = io(WEBCHAT_NAMESPACE, {
        auth: { token, ...credentials },
        transports: ['websocket', 'polling'],
      });
      socketRef.current = socket;
      socket.on('connect', () => setOnline(true));
      socket.on('disconnect', () => setOnline(false));
      socket.on('connect_error', (error) => {
        if (error.message === 'ERR_NO_WAPP_FOUND') {
          setPhase('unavailable');
          socket.disconnect();
        }
      });
      socket.on(webchatEvents.session, (session: WebchatSession | null) => {
        if (!session) {
          // Unknown here (never met, or forgotten by the company): introduce again.
          localStorage.removeItem(storageKey(token));
          setPhase('introduce');
          return;
        }
        setMessages(session.messages);
        setClosed(session.closed);
        setPhase('chat');
      });
      socket.on(webchatEvents.closed, () => setClosed(true));
      socket.on(webchatEvents.message, (message: WebchatMessage) => {
        setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
      });
      socket.on(webchatEvents.changed, (changed: WebchatMessage) => {
        setMessages((list) => list.map((m) => (m.id === changed.id ? changed : m)));
      });
      return socket;
    },
    [token],
  );

  useEffect(() => {
    const socket = connect(readCredentials(token));
    return () => {
      socket.disconnect();
    };
  }, [connect, token]);

  const start = useCallback(
    (visitor: { name: string; email?: string; phone?: string }) =>
      new Promise<WebchatAck<WebchatCredentials>>((resolve) => {
        socketRef.current?.emit(webchatEvents.start, visitor, (answer: WebchatAck<WebchatCredentials>) => {
          if (answer.ok) {
            localStorage.setItem(
              storageKey(token),
              JSON.stringify({ visitorId: answer.visitorId, secret: answer.secret }),
            );
            setPhase('chat');
          }
          resolve(answer);
        });
      }),
    [token],
  );

  const deliver = useCallback((message: PendingMessage) => {
    socketRef.current
      ?.timeout(10_000)
      .emit(
        webchatEvents.send,
        { body: message.body, clientId: message.clientId },
        (error: Error | null, answer?: WebchatAck<{ id: number }>) => {
          if (error || !answer?.ok) {
            const tooMany = answer?.ok === false && answer.error === 'ERR_TOO_MANY_REQUESTS';
            setPending((list) =>
              list.map((p) => (p.clientId === message.clientId ? { ...p, failed: true, tooMany } : p)),
            );
            return;
          }
          setPending((list) => list.filter((p) => p.clientId !== message.clientId));
          setMessages((list) =>
            list.some((m) => m.id === answer.id)
              ? list
              : [
                  ...list,
                  {
                    id: answer.id,
                    body: message.body,
                    fromVisitor: true,
                    createdAt: new Date().toISOString(),
                    ack: 0,
                    edited: false,
                    deleted: false,
                  },
                ],
          );
        },
      );
  }, []);

  const send = useCallback(
    (body: string) => {
      const message = { clientId: crypto.randomUUID(), body, failed: false };
      setPending((list) => [...list, message]);
      deliver(message);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const message = pending.find((p) => p.clientId === clientId);
      if (!message) return;
      setPending((list) => list.map((p) => (p.clientId === clientId ? { ...p, failed: false } : p)));
      deliver(message);
    },
    [deliver, pending],
  );

  const markRead = useCallback(() => socketRef.current?.emit(webchatEvents.read), []);

  const startAgain = useCallback(() => {
    setMessages([]);
    setClosed(false);
  }, []);

  return { phase, online, messages, pending, closed, start, send, retry, markRead, startAgain };
}
