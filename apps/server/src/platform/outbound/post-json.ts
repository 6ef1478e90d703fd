import { exchange } from './http-exchange.js';
import { type AddressPolicy, BlockedUrlError } from './url-guard.js';

/** An outside service answered with an error, or could not be reached in time. */
export class IntegrationCallError extends Error {}

/** Typebot's longest flows answer tens of kilobytes; past this an answer is not a service's. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * POSTs JSON (a value, or a string already serialised) or a form to an outside service and answers its
 * JSON; a non-2xx answer, a redirect included, is an error. `addresses` says whose URL it is: a company
 * user's (`deps.urlGuard`, checked and pinned) or the operator's (`operatorAddresses`).
 */
export async function postJson<T>(
  url: string,
  body: unknown,
  options: { timeoutMs: number; addresses: AddressPolicy; headers?: Record<string, string>; form?: boolean },
): Promise<T> {
  const answer = await exchange(url, options.addresses, {
    method: 'POST',
    headers: {
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...options.headers,
    },
    body: options.form
      ? new URLSearchParams(body as Record<string, string>).toString()
      : typeof body === 'string'
        ? body
        : JSON.stringify(body),
    timeoutMs: options.timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
  }).catch((error: unknown) => {
    if (error instanceof BlockedUrlError) throw error;
    throw new IntegrationCallError(`${url} unreachable: ${(error as Error).name}`);
  });
  if (answer.status < 200 || answer.status > 299)
    throw new IntegrationCallError(`${url} answered ${answer.status}`);
  try {
    return JSON.parse(answer.body.toString('utf8')) as T;
  } catch {
    return {} as T;
  }
}
