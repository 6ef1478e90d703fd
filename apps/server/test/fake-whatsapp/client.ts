import type { Readable } from 'node:stream';
import { type AuthenticationCreds, makeEventBuffer, proto } from '@whiskeysockets/baileys';
import { io } from 'socket.io-client';
import type { SocketFactory, WhatsappSocket } from '../../src/channels/baileys/baileys.socket.js';
import { disconnect, silentLogger } from '../baileys-harness.js';
import { type Answer, type Frame, fromWire, type Hello, toWire, type WireMessage } from './wire.js';

const MEDIA_KEYS = ['image', 'video', 'audio', 'document', 'sticker'] as const;
/** Baileys' `query` timeout is a minute; a fake answers at once unless its process is frozen. */
const CALL_TIMEOUT_MS = 10_000;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function hello(label: string, creds: AuthenticationCreds, syncFullHistory: boolean): Hello {
  return {
    label,
    noise: base64(creds.noiseKey.public),
    identity: base64(creds.signedIdentityKey.public),
    adv: creds.advSecretKey,
    me: creds.me?.id,
    account: creds.account !== undefined,
    syncFullHistory,
  };
}

/** Media leave as their size: the fake records what was sent, not the bytes. */
async function wireContent(content: object) {
  const out: Record<string, unknown> = { ...content };
  for (const key of MEDIA_KEYS) {
    const media = out[key] as { stream?: Readable } | undefined;
    if (!media?.stream) continue;
    let bytes = 0;
    for await (const chunk of media.stream) bytes += (chunk as Buffer).length;
    out[key] = { bytes };
  }
  return out;
}

const asMessage = (message: WireMessage) => proto.WebMessageInfo.fromObject(message);

/** Events whose messages Baileys hands over as protobuf objects. */
function revive(name: string, data: unknown) {
  if (name === 'messages.upsert' || name === 'messaging-history.set') {
    const withMessages = data as { messages: WireMessage[] };
    return { ...withMessages, messages: withMessages.messages.map(asMessage) };
  }
  return data;
}

/**
 * Sockets of the fake WhatsApp Web at `url` (./server.ts), made the way Baileys makes them: the
 * factory answers at once and the socket connects in the background with the creds it was given.
 * `label` names this server process in the fake's records.
 */
export function fakeWhatsappSockets(url: string, label: string): SocketFactory {
  return (options) => {
    const { creds, keys } = options.auth;
    const ev = makeEventBuffer(silentLogger);
    const link = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: hello(label, creds, options.syncFullHistory),
    });
    let closed = false;
    // Frames are applied one after another, as Baileys processes a connection's stanzas.
    let chain = Promise.resolve();
    const inOrder = (work: () => Promise<void> | void) => {
      chain = chain.then(work).catch(() => undefined);
    };

    const close = (error: Error | undefined) => {
      if (closed) return;
      closed = true;
      link.disconnect();
      ev.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
      // Baileys drops these listeners with the dead socket; a new socket gets new ones.
      ev.removeAllListeners('connection.update');
    };

    const apply = async (frame: Frame) => {
      if (closed) return;
      if (frame.kind === 'update') {
        if (frame.close) close(disconnect(frame.close.code, frame.close.message));
        else ev.emit('connection.update', frame.update);
      } else if (frame.kind === 'creds') {
        const update = fromWire(frame.update);
        Object.assign(creds, update);
        ev.emit('creds.update', update);
      } else if (frame.kind === 'keys') await keys.set(fromWire(frame.data));
      else ev.emit(frame.name as 'messages.upsert', revive(frame.name, frame.data) as never);
    };
    link.on('frame', (frame: Frame) => inOrder(() => apply(frame)));
    link.on('readKeys', ({ type, ids }: { type: 'session'; ids: string[] }, ack: (text: string) => void) =>
      inOrder(async () => ack(toWire(await keys.get(type, ids)))),
    );
    // The transport gone without a word from WhatsApp (the fake stopped): Baileys reports 428.
    link.on('disconnect', () => inOrder(() => close(disconnect(428, 'Connection Closed'))));
    link.on('connect_error', () => inOrder(() => close(disconnect(428, 'Connection Closed'))));

    const call = async (method: string, ...args: unknown[]) => {
      if (closed) throw disconnect(428, 'Connection Closed');
      const answer: Answer = await link.timeout(CALL_TIMEOUT_MS).emitWithAck('call', { method, args });
      if ('error' in answer) throw disconnect(answer.error.code, answer.error.message);
      return answer.value;
    };

    const socket: WhatsappSocket = {
      ev,
      get user() {
        return creds.me;
      },
      async sendMessage(jid, content, messageOptions) {
        const sent = await call('sendMessage', jid, await wireContent(content), messageOptions ?? {});
        return asMessage(sent as WireMessage);
      },
      readMessages: async (messageKeys) => {
        await call('readMessages', messageKeys);
      },
      sendPresenceUpdate: async (state, jid) => {
        await call('sendPresenceUpdate', state, jid);
      },
      presenceSubscribe: async () => undefined,
      profilePictureUrl: async (jid) => (await call('profilePictureUrl', jid)) as string | undefined,
      onWhatsApp: async (...numbers) => (await call('onWhatsApp', ...numbers)) as never,
      groupMetadata: async (jid) => (await call('groupMetadata', jid)) as never,
      groupFetchAllParticipating: async () => ({}),
      async requestPairingCode(number) {
        const code = (await call('requestPairingCode', number)) as string;
        // Baileys keeps the number it pairs with as `me` until the phone confirms.
        Object.assign(creds, { pairingCode: code, me: { id: `${number}@s.whatsapp.net`, name: '~' } });
        ev.emit('creds.update', { pairingCode: code, me: creds.me });
        return code;
      },
      rejectCall: async (callId, from) => {
        await call('rejectCall', callId, from);
      },
      async logout() {
        await call('logout');
        close(disconnect(401, 'Intentional Logout'));
      },
      end: (error) => close(error),
      downloadMedia: async (message) =>
        Buffer.from((await call('downloadMedia', message.key?.id ?? '')) as string, 'base64'),
    } as WhatsappSocket;
    return socket;
  };
}
