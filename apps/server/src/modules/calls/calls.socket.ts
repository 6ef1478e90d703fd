import { type CallAnswer, type CallStatus, callEvents, type ErrorCode, startCallInput } from '@balcao/shared';
import type { Socket } from 'socket.io';
import type { RequestActor } from '../../platform/auth/actor.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError, loggableError } from '../../platform/errors.js';
import { callTicketContact } from './calls.service.js';
import type { WavoipCall } from './wavoip.client.js';

/** The browser sends a frame every 40 ms (25 a second); this leaves room for control events. */
export const CALL_FLOOD_MAX_EVENTS = 400;
/** A 40 ms frame of 16 kHz 16-bit mono PCM is 1,280 bytes; anything far larger is not a frame. */
const MAX_FRAME_BYTES = 16_384;

type Ack = (answer: CallAnswer) => void;
type ActiveCall = { ticketId: number; wavoip?: WavoipCall; muted: boolean; state: CallStatus['state'] };

const codeOf = (error: unknown): ErrorCode => (error instanceof AppError ? error.code : 'ERR_INTERNAL');

/**
 * One socket, at most one call: its audio goes to that socket alone, and the call ends when the
 * socket goes, so a call never outlives the attendant's page.
 */
export const callRelay =
  (deps: AppDeps) =>
  (socket: Socket, { userId }: RequestActor) => {
    let call: ActiveCall | undefined;

    const publish = ({ ticketId, state, muted }: ActiveCall) => {
      const status: CallStatus = { ticketId, state, muted };
      socket.emit(callEvents.status, status);
    };

    const start = async (ticketId: number) => {
      // Rights as they are now, not as they were when the socket connected.
      const actor = await deps.actors.load(userId);
      if (!actor) throw new AppError('ERR_SESSION_EXPIRED');
      const current: ActiveCall = { ticketId, muted: false, state: 'dialing' };
      call = current;
      current.wavoip = await callTicketContact(deps, actor, ticketId, {
        onConnected() {
          current.state = 'connected';
          publish(current);
        },
        onAudio: (frame) => socket.volatile.emit(callEvents.audio, frame),
        onEnded() {
          current.state = 'ended';
          publish(current);
          if (call === current) call = undefined;
        },
      });
      if (socket.disconnected) await current.wavoip.end();
    };

    socket.on(callEvents.start, (input: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const reply = ack as Ack;
      const parsed = startCallInput.safeParse(input);
      if (!parsed.success) return reply({ ok: false, error: 'ERR_VALIDATION' });
      if (call) return reply({ ok: false, error: 'ERR_TOO_MANY_REQUESTS' });
      start(parsed.data.ticketId).then(
        () => reply({ ok: true }),
        (error) => {
          call = undefined;
          if (!(error instanceof AppError)) deps.log.error(loggableError(error), 'call not started');
          reply({ ok: false, error: codeOf(error) });
        },
      );
    });

    const control = (event: string, act: (active: ActiveCall, wavoip: WavoipCall) => Promise<void>) =>
      socket.on(event, (_input: unknown, ack: unknown) => {
        const reply = typeof ack === 'function' ? (ack as Ack) : () => undefined;
        const active = call;
        if (!active?.wavoip) return reply({ ok: false, error: 'ERR_NOT_FOUND' });
        act(active, active.wavoip).then(
          () => reply({ ok: true }),
          (error) => reply({ ok: false, error: codeOf(error) }),
        );
      });

    const setMuted = (active: ActiveCall, muted: boolean) => {
      active.muted = muted;
      publish(active);
    };
    control(callEvents.mute, (active, wavoip) => wavoip.mute().then(() => setMuted(active, true)));
    control(callEvents.unmute, (active, wavoip) => wavoip.unmute().then(() => setMuted(active, false)));
    control(callEvents.end, (_active, wavoip) => wavoip.end());

    socket.on(callEvents.microphone, (frame: unknown) => {
      if (!Buffer.isBuffer(frame) || frame.length > MAX_FRAME_BYTES || call?.muted) return;
      call?.wavoip?.sendMicrophone(frame);
    });

    socket.on('disconnect', () => {
      call?.wavoip?.end().catch(() => undefined);
    });
  };
