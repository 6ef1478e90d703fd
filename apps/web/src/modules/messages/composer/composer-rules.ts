import type { Ticket } from '@balcao/shared';

/** Spec 000 §5 and §9: a recording under this many bytes is a slip of the finger, and is dropped. */
export const MIN_AUDIO_BYTES = 10_000;
const HOUR_MS = 3600_000;
/** Meta's customer-service window: free-form replies within 24 h of the customer's last message. */
const META_WINDOW_MS = 24 * HOUR_MS;
/** Messenger and Instagram still take a reply tagged HUMAN_AGENT up to 7 days after it. */
const HUMAN_AGENT_MS = 7 * 24 * HOUR_MS;

/** Spec 000 §4: replies go out only on an open or group ticket. */
export const isWritable = (ticket: Pick<Ticket, 'status'>) =>
  ticket.status === 'open' || ticket.status === 'group';

/** What is sent when the send button is pressed, or nothing: blank text is never sent. */
export function messageToSend(draft: string, writable: boolean, maxLength: number): string | undefined {
  const body = draft.trim();
  return body && writable && body.length <= maxLength ? body : undefined;
}

/**
 * Where a Meta conversation stands with the server's window rule: `open` takes any reply (Messenger
 * and Instagram tag it HUMAN_AGENT after the first day), `template` is a Cloud API conversation past
 * 24 hours that only an approved template reaches, and `closed` is Messenger or Instagram past 7 days.
 */
export function metaWindow(
  ticket: Pick<Ticket, 'channel' | 'lastCustomerMessageAt'>,
  now = Date.now(),
): 'open' | 'template' | 'closed' {
  const last = ticket.lastCustomerMessageAt ? Date.parse(ticket.lastCustomerMessageAt) : Number.NaN;
  const age = Number.isNaN(last) ? Number.POSITIVE_INFINITY : now - last;
  if (ticket.channel === 'whatsappapi') return age < META_WINDOW_MS ? 'open' : 'template';
  if (ticket.channel === 'facebook' || ticket.channel === 'instagram')
    return age < HUMAN_AGENT_MS ? 'open' : 'closed';
  return 'open';
}

/** Whether the company lets attendants sign their messages (setting sendSignMessage). */
export const signingAllowed = (settings: { key: string; value: string }[]) =>
  settings.some((s) => s.key === 'sendSignMessage' && s.value === 'enabled');
