import type { Channel } from '../connections/connections.contract.js';

/**
 * Channels whose customers see a sent message change when it is edited or deleted: WhatsApp through
 * Baileys and the website chat. The Cloud API, Messenger and Instagram have no such call, so there
 * Balcão neither offers nor accepts the change (the server checks the channel's adapter; a test keeps
 * the two in step).
 */
const CHANGEABLE: readonly Channel[] = ['whatsapp', 'webchat'];
export const channelChangesSentMessages = (channel: Channel): boolean => CHANGEABLE.includes(channel);

/** The attendant's signature (`sendSignMessage`): their name in WhatsApp bold, on its own line. */
const SIGNATURE = /^\*([^*\n]+):\*\n/;

export const signedText = (name: string, text: string) => `*${name}:*\n${text}`;

/** Who signed a message (null when unsigned) and the text the attendant wrote after the signature. */
export function splitSignature(body: string): { signer: string | null; text: string } {
  const match = SIGNATURE.exec(body);
  return match
    ? { signer: match[1] as string, text: body.slice(match[0].length) }
    : { signer: null, text: body };
}
