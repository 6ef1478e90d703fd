import { clientEvents, type TypingState } from '@balcao/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useSocket } from '../../../shared/socket/socket';

/** While typing goes on, colleagues and the customer are told again this often (the server drops more). */
const REPORT_EVERY_MS = 3000;
/** Without a keystroke for this long, the typing is over. */
const IDLE_MS = 5000;

/** Tells the server, throttled, that this attendant is typing or recording in the ticket. */
export function useTypingReporter(ticketId: number) {
  const socket = useSocket();
  const last = useRef<{ state: TypingState | null; at: number }>({ state: null, at: 0 });
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);

  const report = useCallback(
    (state: TypingState | null) => {
      clearTimeout(idle.current);
      const now = Date.now();
      const repeat = state === last.current.state && now - last.current.at < REPORT_EVERY_MS;
      if (!repeat && (state !== null || last.current.state !== null)) {
        socket?.emit(clientEvents.typing, { ticketId, state });
        last.current = { state, at: now };
      }
      if (state === 'composing') idle.current = setTimeout(() => report(null), IDLE_MS);
    },
    [socket, ticketId],
  );

  useEffect(
    () => () => {
      clearTimeout(idle.current);
      if (last.current.state !== null) socket?.emit(clientEvents.typing, { ticketId, state: null });
    },
    [socket, ticketId],
  );
  return report;
}
