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
  /** An attachment on its way; a refused one says why (its code) and is not retried. */
  file?: File;
  refusal?: string;
}

/** How often the attendants are told again that the visitor is still typing. */
const TYPING_EVERY_MS = 3000;
/** Silence from the attendant's side this long means they stopped typing. */
const AGENT_TYPING_FADE_MS = 7000;

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
  const [agentTyping, setAgentTyping] = useState<'composing' | 'recording' | null>(null);
  const typingSent = useRef(0);

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
        if (!message.fromVisitor) setAgentTyping(null);
        setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
      });
      socket.on(webchatEvents.presence, ({ state }: { state: 'composing' | 'recording' | null }) =>
        setAgentTyping(state),
      );
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
                    media: null,
                    quoted: null,
                    reactions: [],
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

  /** One message per file, over HTTP: a socket message is no place for megabytes. */
  const sendFile = useCallback(
    async (file: File) => {
      const clientId = crypto.randomUUID();
      setPending((list) => [...list, { clientId, body: file.name, failed: false, file }]);
      const credentials = readCredentials(token);
      const form = new FormData();
      form.append('clientId', clientId);
      form.append('file', file, file.name);
      const answer = await fetch(`/webchat/${encodeURIComponent(token)}/media`, {
        method: 'POST',
        body: form,
        headers: {
          'x-visitor-id': credentials?.visitorId ?? '',
          'x-visitor-secret': credentials?.secret ?? '',
        },
      }).catch(() => undefined);
      const data = await answer?.json().catch(() => undefined);
      if (!answer?.ok) {
        const refusal = typeof data?.error === 'string' ? data.error : undefined;
        setPending((list) =>
          list.map((p) => (p.clientId === clientId ? { ...p, failed: true, refusal } : p)),
        );
        return;
      }
      const message = data as WebchatMessage;
      setPending((list) => list.filter((p) => p.clientId !== clientId));
      setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
    },
    [token],
  );

  /** Tells the attendants the visitor is typing, at most once per interval; `false` when they stop. */
  const typing = useCallback((active: boolean) => {
    const now = Date.now();
    if (active && now - typingSent.current < TYPING_EVERY_MS) return;
    typingSent.current = active ? now : 0;
    socketRef.current?.emit(webchatEvents.typing, active);
  }, []);

  useEffect(() => {
    if (!agentTyping) return;
    const fade = setTimeout(() => setAgentTyping(null), AGENT_TYPING_FADE_MS);
    return () => clearTimeout(fade);
  }, [agentTyping]);

  const markRead = useCallback(() => socketRef.current?.emit(webchatEvents.read), []);

  const startAgain = useCallback(() => {
    setMessages([]);
    setClosed(false);
  }, []);

  const dismiss = useCallback(
    (clientId: string) => setPending((list) => list.filter((p) => p.clientId !== clientId)),
    [],
  );

  return {
    phase,
    online,
    messages,
    pending,
    closed,
    agentTyping,
    start,
    send,
    sendFile,
    typing,
    retry,
    dismiss,
    markRead,
    startAgain,
  };
}
