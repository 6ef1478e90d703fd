import type { Config } from '../../config.js';
import { PermanentSendError, UncertainSendError } from '../../platform/ports/channel-adapter.js';

/** Graph's error envelope: `{"error":{"message","type","code","error_subcode","fbtrace_id"}}`. */
class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly subcode: number | undefined,
    message: string,
  ) {
    super(`Graph ${status} (#${code}${subcode ? `/${subcode}` : ''}) ${message}`);
  }
}

/** Codes that say "later" (throttling, Meta's own trouble): the outbox retries with backoff. */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 32, 341, 613, 80007, 130429, 131000, 131016, 131048, 131056]);

/**
 * What a refused send means for the message. Unknown refusals stay retryable: a message only
 * fails at once when no retry could change the answer.
 */
export function sendFailure(error: unknown): unknown {
  if (mayHaveArrived(error)) return new UncertainSendError(String(error));
  if (!(error instanceof GraphError)) return error;
  if (error.status >= 500 || error.status === 429 || RETRYABLE_CODES.has(error.code)) return error;
  if (error.code === 131047 || (error.code === 10 && error.subcode === 2018278))
    return new PermanentSendError('ERR_OUTSIDE_WINDOW', error.message);
  if (error.code === 132001) return new PermanentSendError('ERR_TEMPLATE_NOT_FOUND', error.message);
  if (error.code === 132000) return new PermanentSendError('ERR_TEMPLATE_PARAMS', error.message);
  if (error.code === 190 || error.code === 0 || error.status === 401)
    return new PermanentSendError('ERR_CHANNEL_AUTH', error.message);
  if ([131026, 131030, 551, 133010].includes(error.code) || error.subcode === 2018001)
    return new PermanentSendError('ERR_RECIPIENT_UNAVAILABLE', error.message);
  if (error.status === 400) return new PermanentSendError('ERR_SENDING_WAPP_MSG', error.message);
  return error;
}

/** Graph said no to the request itself (the token, a permission, the object), not "later". */
export const isRefusal = (error: unknown): error is GraphError =>
  error instanceof GraphError &&
  error.status < 500 &&
  error.status !== 429 &&
  !RETRYABLE_CODES.has(error.code);

/** Graph's #100 on a read: the object's id does not exist, or the token may not see it. */
export const isUnknownObject = (error: unknown) =>
  error instanceof GraphError && error.status === 400 && error.code === 100;

/** A file Meta no longer serves: its media id is unknown, or its address answers "not found"/"gone". */
export const isGoneMedia = (error: unknown) =>
  isUnknownObject(error) || (error instanceof GraphError && (error.status === 404 || error.status === 410));

/** Node's codes for a connection that was never made: the request cannot have left. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Graph did not answer a request that may have reached it: our timeout, or the connection lost
 * after it was made. Only a connection never made proves Meta did not get the request.
 */
function mayHaveArrived(error: unknown): boolean {
  if (error instanceof GraphError || error instanceof PermanentSendError) return false;
  if (error instanceof UncertainSendError) return true;
  const { name, cause } = error as { name?: string; cause?: { code?: string } };
  if (name === 'TimeoutError' || name === 'AbortError') return true;
  if (error instanceof TypeError && cause) return !NOT_CONNECTED.has(cause.code ?? '');
  return false;
}

type Auth = { bearer: string } | { accessToken: string };

export interface GraphRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Path after the version, e.g. `123/messages`. */
  path: string;
  auth?: Auth;
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
}

/** The Graph API at the configured address and version; every Meta channel calls it through here. */
export function createGraphClient(config: Config['meta']) {
  const url = (path: string, query: Record<string, string> = {}) => {
    const address = new URL(`${config.graphUrl}/${config.graphVersion}/${path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(query)) address.searchParams.set(key, value);
    return address;
  };

  async function call<T>(request: GraphRequest): Promise<T> {
    const query = { ...request.query };
    const headers: Record<string, string> = {};
    if (request.auth && 'bearer' in request.auth) headers.authorization = `Bearer ${request.auth.bearer}`;
    if (request.auth && 'accessToken' in request.auth) query.access_token = request.auth.accessToken;
    let body: string | FormData | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) body = request.form;
    const response = await fetch(url(request.path, query), {
      method: request.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await response.text();
    const parsed = parseJson(text);
    if (!response.ok) {
      const error = (parsed as { error?: { code?: number; error_subcode?: number; message?: string } })
        ?.error;
      throw new GraphError(
        response.status,
        error?.code ?? 0,
        error?.error_subcode,
        error?.message ?? text.slice(0, 200),
      );
    }
    return parsed as T;
  }

  /** Media bytes behind a Graph-issued address; the Cloud API's lookaside needs the same bearer token. */
  async function download(address: string, bearer?: string): Promise<{ bytes: Buffer; mime: string }> {
    const response = await fetch(address, {
      headers: bearer ? { authorization: `Bearer ${bearer}`, 'user-agent': 'Balcao/1.0' } : {},
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok)
      throw new GraphError(response.status, 0, undefined, `media download ${response.status}`);
    return {
      bytes: Buffer.from(await response.arrayBuffer()),
      mime: response.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream',
    };
  }

  return { call, download };
}
export type GraphClient = ReturnType<typeof createGraphClient>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
