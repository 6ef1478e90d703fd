import type { Ticket } from '@balcao/shared';

/** Spec 000 §5 and §9: a recording under this many bytes is a slip of the finger, and is dropped. */
export const MIN_AUDIO_BYTES = 10_000;
/** Meta's customer-service window: replies only within 24 h of the customer's last message. */
const META_WINDOW_MS = 24 * 3600_000;
const metaChannels: readonly string[] = ['whatsappapi', 'facebook', 'instagram'];

/** Spec 000 §4: replies go out only on an open or group ticket. */
export const isWritable = (ticket: Pick<Ticket, 'status'>) =>
  ticket.status === 'open' || ticket.status === 'group';

/** What is sent when the send button is pressed, or nothing: blank text is never sent. */
export function messageToSend(draft: string, writable: boolean, maxLength: number): string | undefined {
  const body = draft.trim();
  return body && writable && body.length <= maxLength ? body : undefined;
}

/** A Meta channel whose 24-hour window closed (or never opened): the composer says replies may be refused. */
export function outsideMetaWindow(
  ticket: Pick<Ticket, 'channel' | 'lastCustomerMessageAt'>,
  now = Date.now(),
): boolean {
  if (!metaChannels.includes(ticket.channel)) return false;
  const last = ticket.lastCustomerMessageAt ? Date.parse(ticket.lastCustomerMessageAt) : Number.NaN;
  return !(now - last < META_WINDOW_MS);
}

/** Whether the company lets attendants sign their messages (setting sendSignMessage). */
export const signingAllowed = (settings: { key: string; value: string }[]) =>
  settings.some((s) => s.key === 'sendSignMessage' && s.value === 'enabled');
