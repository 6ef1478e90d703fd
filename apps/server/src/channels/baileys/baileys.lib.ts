import type * as BaileysModule from '@whiskeysockets/baileys';

type Baileys = typeof BaileysModule;
let loaded: Baileys | undefined;

/**
 * Baileys, with its signal and protobuf code, holds about 65 MiB once loaded: a process that runs no
 * WhatsApp session never pays for it. A session loads it before any of its code runs (`connect`).
 */
export async function loadBaileys(): Promise<Baileys> {
  loaded ??= await import('@whiskeysockets/baileys');
  return loaded;
}

/** The library, for code that only runs inside a session, after `loadBaileys`. */
export function baileys(): Baileys {
  if (!loaded) throw new Error('Baileys is used before a WhatsApp session loaded it');
  return loaded;
}
