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

/**
 * WhatsApp's marks (*bold*, _italic_, ~struck~), which signatures and customers use. A mark opens and
 * closes at a word's edge, so snake_case and 2*3*4 stay as typed. The web draws what this matches.
 */
export const WHATSAPP_MARK = /(?<![\p{L}\p{N}])([*_~])(?=\S)([^\n]*?\S)\1(?![\p{L}\p{N}])/gu;
const MONOSPACE = /```([\s\S]*?)```/g;

/** The text as a channel without WhatsApp's formatting shows it: the marks taken off, the words kept. */
export function plainFromWhatsapp(text: string): string {
  const strip = (part: string): string =>
    part.replace(WHATSAPP_MARK, (_whole, _mark, inner: string) => strip(inner));
  return strip(text.replace(MONOSPACE, '$1'));
}
