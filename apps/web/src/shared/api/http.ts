import { type ErrorCode, isErrorBody, sessionResponse } from '@balcao/shared';
import type { z } from 'zod';
import {
  clearSession,
  getToken,
  markSubscriptionExpired,
  markTwoFactorRequired,
  startSession,
} from '../session/session.store';
import { takeEarlyResponse } from './early-requests';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
    readonly fields?: Record<string, string>,
    /** Facts some refusals carry (e.g. which ticket is in the way); read with the feature's own schema. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Parses the answer; the server's responses follow the same schemas, so a mismatch is a bug worth surfacing. */
  schema?: S;
  /**
   * A credential of the call's own (a connection token for the external API) instead of the session's:
   * its refusals are about that credential, so they neither refresh nor end the session.
   */
  bearer?: string;
}

/** Calls whose 401/403 answers are about the credentials just sent, not about an expired session. */
const sessionPaths = ['/auth/login', '/auth/2fa/verify', '/auth/refresh_token', '/auth/signup'];

let refreshing: Promise<boolean> | null = null;

/** Single-flight: concurrent calls that all meet an expired token share one refresh. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/auth/refresh_token', { method: 'POST', credentials: 'include' })
    .then(async (res) => {
      if (!res.ok) return false;
      startSession(sessionResponse.parse(await res.json()));
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function send(path: string, options: RequestOptions<z.ZodType | undefined>): Promise<Response> {
  const headers = new Headers();
  const token = options.bearer ?? getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const url = buildUrl(path, options.query);
  const early = (options.method ?? 'GET') === 'GET' && !options.bearer;
  return (
    (early && takeEarlyResponse(url, token)) ||
    fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
    })
  );
}

async function toApiError(res: Response): Promise<ApiError> {
  const data: unknown = await res.json().catch(() => null);
  if (isErrorBody(data)) return new ApiError(res.status, data.error, data.message, data.fields, data.details);
  return new ApiError(res.status, undefined, res.statusText);
}

export async function request<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.output<S> : unknown> {
  const isSessionCall = sessionPaths.includes(path) || options.bearer !== undefined;
  let res = await send(path, options);
  let error = res.ok ? null : await toApiError(res);

  // Other 403 codes (no permission, plan feature, out of hours) are answers, not an expired token.
  if (error?.status === 403 && !isSessionCall && (error.code === 'ERR_TOKEN_EXPIRED' || !error.code)) {
    if (!(await refreshSession())) {
      clearSession();
      throw error;
    }
    res = await send(path, options);
    error = res.ok ? null : await toApiError(res);
  }
  if (error) {
    if (error.status === 401 && !isSessionCall) clearSession();
    if (error.code === 'ERR_SUBSCRIPTION_EXPIRED' && options.bearer === undefined) markSubscriptionExpired();
    // Turned on while this admin was signed in (perhaps by themself): enrolment comes before anything else.
    if (error.code === 'ERR_2FA_REQUIRED' && options.bearer === undefined) markTwoFactorRequired();
    throw error;
  }
  if (res.status === 204) return undefined as never;
  const data: unknown = await res.json();
  return (options.schema ? options.schema.parse(data) : data) as never;
}
