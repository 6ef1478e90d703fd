import { BufferJSON } from '@whiskeysockets/baileys';

/**
 * What passes between a fake socket (in the app's process, at Baileys' socket boundary) and the fake
 * WhatsApp Web (in the test's process) over Socket.IO. Values holding Buffers (creds, signal keys)
 * travel as BufferJSON text, as the auth store keeps them.
 */

/** What a socket presents when it connects: the parts of its creds WhatsApp would see. */
export interface Hello {
  /** Names the server process the socket lives in (a pid, or a test's name for an in-process app). */
  label: string;
  /** The creds' noise public key, base64: the device's identity towards WhatsApp. */
  noise: string;
  identity: string;
  adv: string;
  /** `creds.me.id` once paired (or once a pairing code was asked for). */
  me?: string;
  /** Whether the creds carry the signed account WhatsApp gave at pairing. */
  account: boolean;
  syncFullHistory: boolean;
}

export type ConnectionUpdate = {
  connection?: 'connecting' | 'open' | 'close';
  qr?: string;
  isNewLogin?: boolean;
  receivedPendingNotifications?: boolean;
};

/** Pushed to a socket, applied in the order sent. */
export type Frame =
  /** `connection.update`; with `close` the socket is dead afterwards (the Boom's code and message). */
  | { kind: 'update'; update: ConnectionUpdate; close?: { code: number; message: string } }
  /** Merged into the creds object, then `creds.update` (Baileys' order). BufferJSON text. */
  | { kind: 'creds'; update: string }
  /** Written through the auth state's key store, as Baileys' signal layer does. BufferJSON text. */
  | { kind: 'keys'; data: string }
  /** Any other Baileys event; messages inside are plain objects the socket turns into protobufs. */
  | { kind: 'event'; name: string; data: unknown };

/** A socket method run by the fake WhatsApp Web. */
export interface Call {
  method: string;
  args: unknown[];
}

export type Answer = { value: unknown } | { error: { code: number; message: string } };

export const toWire = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
export const fromWire = (text: string) => JSON.parse(text, BufferJSON.reviver);

/** A WhatsApp message as an event carries it, before protobuf decoding on the socket's side. */
export interface WireMessage {
  key: { remoteJid: string; fromMe: boolean; id: string; participant?: string };
  message?: Record<string, unknown>;
  messageTimestamp: number;
  pushName?: string;
  status?: number;
  /** 2 (CIPHERTEXT): WhatsApp could not decrypt it for this device, as Baileys reports a lost signal session. */
  messageStubType?: number;
  messageStubParameters?: string[];
}
