import { z } from 'zod';
import type { ErrorCode } from '../errors.js';
import { dbId } from '../validation.js';

/**
 * Voice calls through Wavoip run on their own Socket.IO namespace: the server holds the connection's
 * Wavoip token and relays call control and audio, so the token never reaches a browser. Audio is
 * 16-bit little-endian PCM, mono, at this rate, both ways (what Wavoip's audio transport carries).
 */
export const CALLS_NAMESPACE = '/calls';
export const CALL_SAMPLE_RATE = 16_000;

/** The namespace's events; each control event the client sends is answered through its acknowledgement. */
export const callEvents = {
  /** Client → server, `{ ticketId }` → `CallAnswer`: dials the ticket's contact from the ticket's connection. */
  start: 'call:start',
  mute: 'call:mute',
  unmute: 'call:unmute',
  end: 'call:end',
  /** Client → server: a binary frame of microphone PCM, no acknowledgement. */
  microphone: 'call:microphone',
  /** Server → client: a binary frame of the customer's PCM. */
  audio: 'call:audio',
  /** Server → client: `CallStatus` whenever the call changes. */
  status: 'call:status',
} as const;

export const startCallInput = z.object({ ticketId: dbId() });

export type CallAnswer = { ok: true } | { ok: false; error: ErrorCode };

export const callStatusSchema = z.object({
  ticketId: z.number(),
  state: z.enum(['dialing', 'connected', 'ended']),
  muted: z.boolean(),
});
export type CallStatus = z.infer<typeof callStatusSchema>;
