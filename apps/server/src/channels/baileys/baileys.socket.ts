import type {
  AuthenticationState,
  makeEventBuffer,
  proto,
  WAMessageKey,
  WASocket,
} from '@whiskeysockets/baileys';
import { baileys } from './baileys.lib.js';

/**
 * The part of a Baileys socket the adapter uses. Tests inject a fake with a real Baileys event
 * emitter (protocols.md §1.12), so everything past the socket runs as it does with WhatsApp.
 */
export type WhatsappSocket = Pick<
  WASocket,
  | 'ev'
  | 'sendMessage'
  | 'readMessages'
  | 'sendPresenceUpdate'
  | 'presenceSubscribe'
  | 'profilePictureUrl'
  | 'onWhatsApp'
  | 'groupMetadata'
  | 'groupFetchAllParticipating'
  | 'requestPairingCode'
  | 'rejectCall'
  | 'logout'
  | 'end'
  | 'user'
> & {
  /** Bytes of an inbound media message (Baileys' downloadMediaMessage on the real socket). */
  downloadMedia(message: proto.IWebMessageInfo): Promise<Buffer>;
};

export interface SocketOptions {
  auth: AuthenticationState;
  /** Answers a resend request from the stored copy of a message we sent (protocols.md §1.2). */
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
  /** Whether WhatsApp should send the full history on pairing (a history import is configured). */
  syncFullHistory: boolean;
}

/** Baileys does not export its logger interface; Fastify's (pino) logger satisfies it. */
export type BaileysLogger = Parameters<typeof makeEventBuffer>[0];

export type SocketFactory = (options: SocketOptions) => WhatsappSocket;

/** Real WhatsApp Web. The version is configuration: the bundled one is rejected with 405 sooner or later. */
export function createBaileysFactory(config: {
  version: [number, number, number];
  appName: string;
  socketUrl: string;
  logger: BaileysLogger;
}): SocketFactory {
  const { logger } = config;
  return (options) => {
    const { Browsers, downloadMediaMessage, isJidBroadcast, isJidNewsletter, makeCacheableSignalKeyStore } =
      baileys();
    const socket = baileys().default({
      version: config.version,
      waWebSocketUrl: config.socketUrl,
      // A desktop browser name gets more history on pairing and reads well under "Linked devices".
      browser: Browsers.macOS(config.appName),
      auth: { creds: options.auth.creds, keys: makeCacheableSignalKeyStore(options.auth.keys, logger) },
      logger,
      // Leaves the phone's notifications on while the inbox is open.
      markOnlineOnConnect: false,
      // Our own sends are stored before they leave; their echo would race the stored external id.
      emitOwnEvents: false,
      syncFullHistory: options.syncFullHistory,
      getMessage: options.getMessage,
      // Status updates and channels are not conversations; ignoring them also skips their decryption.
      shouldIgnoreJid: (jid) => isJidBroadcast(jid) || isJidNewsletter(jid) === true,
    });
    return Object.assign(socket, {
      downloadMedia: (message: proto.IWebMessageInfo) =>
        downloadMediaMessage(message, 'buffer', {}, { logger, reuploadRequest: socket.updateMediaMessage }),
    });
  };
}
