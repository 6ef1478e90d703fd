import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { AppError } from '../../platform/errors.js';

/**
 * Wavoip's device protocol, as its browser package (`wavoip-api` 2.0.0) speaks it: a Socket.IO
 * connection whose path is `/{device token}/websocket`; `calls:*` control events acknowledged with
 * `{ type: 'success' }`; and, once the callee answers, `audio_transport:create { room, ip, port }`
 * naming a second Socket.IO connection (`{ip}:{port}/call-{room}`, same path) that carries the
 * call's PCM both ways: `audio_buffer` in, `microphone_buffer` out. Spoken here, by the server, the
 * token stays on the server.
 */
export interface WavoipEvents {
  /** The callee answered: audio flows from now on. */
  onConnected(): void;
  onAudio(frame: Buffer): void;
  /** The call is over, whoever ended it; the connections are already closed. */
  onEnded(): void;
}

export interface WavoipCall {
  mute(): Promise<void>;
  unmute(): Promise<void>;
  /** Asks Wavoip to hang up, then closes the connections whatever it answered. */
  end(): Promise<void>;
  sendMicrophone(frame: Buffer): void;
}

const CONNECT_TIMEOUT_MS = 10_000;
const ACK_TIMEOUT_MS = 10_000;
/** The package waits for `calls:start` without a limit; it may be answered only once the phone rings. */
const DIAL_TIMEOUT_MS = 60_000;

const optionsFor = (token: string): Partial<ManagerOptions & SocketOptions> => ({
  path: `/${encodeURIComponent(token)}/websocket`,
  transports: ['websocket'],
  forceNew: true,
  // A call that lost its connection is over; redialing on its own would surprise both ends.
  reconnection: false,
  timeout: CONNECT_TIMEOUT_MS,
});

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    // Wavoip answers an unknown token by refusing the connection.
    socket.once('connect_error', () => reject(new AppError('ERR_CHANNEL_AUTH')));
  });
}

async function control(device: Socket, event: string, payload: unknown, timeoutMs = ACK_TIMEOUT_MS) {
  const answer = (await device
    .timeout(timeoutMs)
    .emitWithAck(event, payload)
    .catch(() => null)) as { type?: string } | null;
  if (answer?.type !== 'success') throw new AppError('ERR_RECIPIENT_UNAVAILABLE', `${event} refused`);
}

/** Dials `phone` from the WhatsApp device behind `token`; resolves once Wavoip accepted the call. */
export async function dialWavoip(
  baseUrl: string,
  token: string,
  phone: string,
  events: WavoipEvents,
): Promise<WavoipCall> {
  const options = optionsFor(token);
  const device = io(baseUrl, options);
  let audio: Socket | undefined;
  let over = false;
  const finish = () => {
    if (over) return;
    over = true;
    audio?.disconnect();
    device.disconnect();
    events.onEnded();
  };

  device.on('audio_transport:create', ({ room, ip, port }: { room: string; ip: string; port: number }) => {
    audio?.disconnect();
    audio = io(`${ip}:${port}/call-${room}`, options);
    audio.on('audio_buffer', (frame: ArrayBuffer | Buffer) =>
      events.onAudio(Buffer.from(frame as ArrayBuffer)),
    );
    events.onConnected();
  });
  device.on('audio_transport:terminate', finish);
  device.on('disconnect', finish);

  try {
    await connected(device);
    await control(device, 'calls:start', phone, DIAL_TIMEOUT_MS);
  } catch (error) {
    finish();
    throw error;
  }

  return {
    mute: () => control(device, 'calls:mute', {}),
    unmute: () => control(device, 'calls:unmute', {}),
    end: async () => {
      await control(device, 'calls:end', {}).finally(finish);
    },
    sendMicrophone(frame) {
      audio?.volatile.emit('microphone_buffer', frame);
    },
  };
}
