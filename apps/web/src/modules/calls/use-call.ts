import { CALLS_NAMESPACE, type CallAnswer, callEvents, callStatusSchema } from '@balcao/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { ApiError } from '../../shared/api/http';
import { getToken } from '../../shared/session/session.store';
import { toast } from '../../shared/toast/toast.store';
import { type CallAudio, openCallAudio } from './call-audio';

export type CallPhase = 'idle' | 'dialing' | 'connected';

/** Longer than the server's own wait for Wavoip (a minute), so the server's answer always arrives first. */
const START_TIMEOUT_MS = 75_000;

const refused = (error: CallAnswer) =>
  toast.apiError(new ApiError(400, error.ok ? undefined : error.error, ''));

/**
 * A voice call to the ticket's contact, placed by the server: this page only ever holds its own
 * session token, and the call ends when the page (or the chat) is left.
 */
export function useCall(ticketId: number) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<CallPhase>('idle');
  const [muted, setMuted] = useState(false);
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const session = useRef<{ socket: Socket; audio?: CallAudio } | null>(null);

  const finish = useCallback(() => {
    const current = session.current;
    session.current = null;
    current?.audio?.stop();
    current?.socket.disconnect();
    setPhase('idle');
    setMuted(false);
    setConnectedAt(null);
  }, []);
  // Leaving the chat, or moving to another ticket in the same header, hangs up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticket change itself is the trigger
  useEffect(() => finish, [finish, ticketId]);

  const start = async () => {
    if (session.current) return;
    setPhase('dialing');
    const socket = io(`${window.location.origin}${CALLS_NAMESPACE}`, {
      auth: (cb) => cb({ token: getToken() }),
    });
    const current: { socket: Socket; audio?: CallAudio } = { socket };
    session.current = current;
    try {
      current.audio = await openCallAudio((frame) => socket.volatile.emit(callEvents.microphone, frame));
    } catch {
      finish();
      toast.error(t('calls.microphoneDenied'));
      return;
    }
    socket.on(callEvents.audio, (frame: ArrayBuffer) => current.audio?.play(frame));
    socket.on(callEvents.status, (payload: unknown) => {
      const status = callStatusSchema.safeParse(payload);
      if (!status.success || session.current !== current) return;
      if (status.data.state === 'ended') return finish();
      setMuted(status.data.muted);
      if (status.data.state === 'connected') {
        setPhase('connected');
        setConnectedAt((at) => at ?? Date.now());
      }
    });
    const answer: CallAnswer = await socket
      .timeout(START_TIMEOUT_MS)
      .emitWithAck(callEvents.start, { ticketId })
      .catch(() => ({ ok: false, error: 'ERR_INTERNAL' }) as const);
    if (!answer.ok && session.current === current) {
      finish();
      refused(answer);
    }
  };

  const control = (event: string) => async () => {
    // A hang-up may end the call (and close the socket) before its own answer arrives.
    const answer: CallAnswer | undefined = await session.current?.socket
      .emitWithAck(event, {})
      .catch(() => undefined);
    if (answer && !answer.ok) refused(answer);
  };

  return {
    phase,
    muted,
    connectedAt,
    start,
    mute: control(callEvents.mute),
    unmute: control(callEvents.unmute),
    hangUp: async () => {
      await control(callEvents.end)();
      finish();
    },
  };
}
