/** What a closed WhatsApp socket calls for, by its disconnect code (protocols.md §1.4). */
export type CloseAction =
  /** Build a new socket at once (515: pairing done, restart required). */
  | { kind: 'restart' }
  /** Build a new socket after a growing delay; never a loop (an offline 408 comes back in ms). */
  | { kind: 'retry'; delayMs: number }
  /** The phone removed the device or the account is barred: wipe the session, a new QR is needed. */
  | { kind: 'logout'; status: 'DISCONNECTED' }
  /** Someone must act (scan again, update the WhatsApp Web version, close the other client). */
  | { kind: 'stop'; status: 'DISCONNECTED' | 'TIMEOUT' };

const MAX_DELAY_MS = 5 * 60_000;
/** 500 (bad session) is retried this many times before the session is wiped to pair again. */
const BAD_SESSION_TRIES = 2;

export function backoffMs(attempt: number, baseMs: number) {
  const delay = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempt));
  // Jitter keeps many sessions that lost the network together from reconnecting in step.
  return Math.round(delay * (0.8 + Math.random() * 0.4));
}

export function onClose(
  code: number | undefined,
  message: string,
  attempt: number,
  baseMs: number,
): CloseAction {
  switch (code) {
    case 515:
      return { kind: 'restart' };
    case 401:
    case 403:
    case 411:
      return { kind: 'logout', status: 'DISCONNECTED' };
    case 500:
      return attempt < BAD_SESSION_TRIES
        ? { kind: 'retry', delayMs: backoffMs(attempt, baseMs) }
        : { kind: 'logout', status: 'DISCONNECTED' };
    case 405:
    case 440:
      return { kind: 'stop', status: 'DISCONNECTED' };
    case 408:
      // The QR was never scanned: nobody is there to scan the next one.
      if (message.includes('QR refs attempts ended')) return { kind: 'stop', status: 'DISCONNECTED' };
      return { kind: 'retry', delayMs: backoffMs(attempt, baseMs) };
    default:
      return { kind: 'retry', delayMs: backoffMs(attempt, baseMs) };
  }
}
