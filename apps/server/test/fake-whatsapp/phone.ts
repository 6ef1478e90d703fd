import { randomBytes } from 'node:crypto';
import type { WireMessage } from './wire.js';

/** What the fake WhatsApp Web keeps of phones and their linked devices, and the payloads they send. */

/** One line of what WhatsApp saw, in order: which server process (label) did what. */
export interface Recorded {
  label: string;
  kind: 'connect' | 'qr' | 'open' | 'close' | 'send' | 'refused';
  number?: string;
  code?: number;
  jid?: string;
  text?: string;
  id?: string;
}

/** What the phone has to hand over at the first connection after pairing (`messaging-history.set`). */
export interface PhoneHistory {
  chats: { id: string; name?: string }[];
  messages: { from: string; text: string; id: string; at: Date; fromMe?: boolean }[];
}

/** A linked device: what WhatsApp keeps of a pairing, and what it expects the device to have kept. */
export interface Device {
  number: string;
  /** `creds.me.id`: number, device number, server. */
  jid: string;
  noise: string;
  loggedOut: boolean;
  /** Signal keys handed to the device (type → id → BufferJSON text), read back at every connection. */
  keys: Map<string, Map<string, string>>;
  /** Keys the device had lost at its last connection: its messages from those peers cannot be decrypted. */
  lostKeys: string[];
  /** Whether it connected since pairing (the history goes with the first connection). */
  connected: boolean;
  /** Messages for it while no socket of it was open: handed over as `append` at the next. */
  offline: WireMessage[];
  ratchet: number;
}

export const idOf = () => `3EB0${randomBytes(8).toString('hex').toUpperCase()}`;
export const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
export const userOf = (jid: string) => jid.split(/[:@]/)[0] ?? '';
/** The text a send carries, whatever its kind (text, caption, reaction). */
export const textOf = (content: Record<string, unknown>) =>
  String(content.text ?? content.caption ?? (content.react as { text?: string } | undefined)?.text ?? '');

/** What WhatsApp hands a device the phone just linked (Baileys merges it into the creds). */
export function pairedCreds(jid: string) {
  const signed = randomBytes(32);
  return {
    me: { id: jid, name: 'Loja' },
    account: { details: signed, accountSignatureKey: randomBytes(32), accountSignature: signed },
    signalIdentities: [{ identifier: { name: jid, deviceId: 0 }, identifierKey: randomBytes(33) }],
    platform: 'android',
    registered: true,
  };
}

/** The phone's chats and messages as one `messaging-history.set` batch. */
export function historySync(history: PhoneHistory) {
  const messages: WireMessage[] = history.messages.map((message) => ({
    key: { remoteJid: message.from, fromMe: message.fromMe ?? false, id: message.id },
    message: { conversation: message.text },
    messageTimestamp: seconds(message.at),
    pushName: 'Cliente',
  }));
  return { chats: history.chats, contacts: [], messages, isLatest: true, syncType: 2 };
}
