import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';

/**
 * A local stand-in for Wavoip's device server, speaking what `wavoip-api` 2.0.0 expects of it:
 * Socket.IO at `/{token}/websocket` (any other token is refused), `calls:start` with the number,
 * acknowledged `{ type: 'success' }`, then `audio_transport:create { room, ip, port }` naming the
 * call's audio namespace `/call-{room}`, where it sends `greeting` as `audio_buffer` and keeps every
 * `microphone_buffer`; `calls:end` answers `audio_transport:terminate`.
 */
export async function createFakeWavoip(token: string, greeting: Buffer) {
  const http = createServer();
  const io = new Server(http, { path: `/${token}/websocket` });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const dialed: string[] = [];
  const controls: string[] = [];
  const microphone: Buffer[] = [];
  let refuseCalls = false;
  let rooms = 0;

  const openAudio = (device: Socket) => {
    const room = `room-${++rooms}`;
    io.of(`/call-${room}`).on('connection', (audio) => {
      audio.on('microphone_buffer', (frame: Buffer) => microphone.push(Buffer.from(frame)));
      audio.emit('audio_buffer', greeting);
    });
    device.emit('audio_transport:create', { room, ip: 'http://127.0.0.1', port });
    return room;
  };

  io.on('connection', (device) => {
    let room: string | undefined;
    device.on('calls:start', (whatsappid: string, ack: (answer: unknown) => void) => {
      dialed.push(whatsappid);
      if (refuseCalls) return ack({ type: 'error', result: 'Device is busy' });
      ack({ type: 'success', result: 'Calling' });
      room = openAudio(device);
    });
    for (const action of ['mute', 'unmute', 'end'] as const) {
      device.on(`calls:${action}`, (_payload: unknown, ack: (answer: unknown) => void) => {
        controls.push(action);
        ack({ type: 'success' });
        if (action === 'end') device.emit('audio_transport:terminate', { room });
      });
    }
  });

  return {
    url: `http://127.0.0.1:${port}`,
    dialed,
    controls,
    microphone,
    refuseCalls: () => {
      refuseCalls = true;
    },
    /** How many device connections are open now. */
    devices: () => io.of('/').sockets.size,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
