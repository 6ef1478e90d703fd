import { type ErrorBody, type ErrorCode, errorStatus, msg } from '@balcao/shared';
import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error type: a code from the catalogue, answered with the catalogue's status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.status = errorStatus[code];
  }
}

const knownMessages = new Set<string>(Object.values(msg));

/**
 * What an error log may carry: its kind, database code and stack frames. Never its message or the query
 * parameters a database error quotes (they held password hashes and customers' messages).
 */
export function loggableError(error: unknown) {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const err = error as { name?: unknown; code?: unknown; stack?: unknown };
  return {
    type: err.name,
    code: err.code ?? cause?.code,
    stack:
      typeof err.stack === 'string'
        ? err.stack.split('\n').filter((l) => l.trimStart().startsWith('at '))
        : [],
  };
}

/** PostgreSQL data exceptions (SQLSTATE class 22: out of range, bad encoding, NUL) come from input. */
function isBadInput(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && code.startsWith('22');
}

/** Socket errors and SQLSTATEs of a database that is gone for now (restarting, failing over, unreachable). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);
/** node-postgres says these in words only: a connection cut mid-query, or none to be had in time. */
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|connection error/i;

function isConnectionLoss(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/**
 * The database is down for now: the caller may try again shortly, and nothing of the request was kept.
 * Only the error itself or the cause of a failed query counts: a refused call to an outside service
 * (its cause also ECONNREFUSED) is not the database.
 */
function isDatabaseUnavailable(error: unknown): boolean {
  return isConnectionLoss(error) || (error instanceof DrizzleQueryError && isConnectionLoss(error.cause));
}

/** How long a client is asked to wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = {
        error: error.code,
        message: error.message,
        fields: error.fields,
        details: error.details,
      };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
        fields[path] ??= knownMessages.has(issue.message ?? '')
          ? (issue.message as string)
          : msg.invalidValue;
      }
      const body: ErrorBody = { error: 'ERR_VALIDATION', message: 'Invalid request', fields };
      return reply.status(400).send(body);
    }
    if (isBadInput(error)) {
      const body: ErrorBody = {
        error: 'ERR_VALIDATION',
        message: 'Invalid request',
        fields: { _: msg.invalidValue },
      };
      return reply.status(400).send(body);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        { route: request.routeOptions.url, error: loggableError(error) },
        'database unavailable',
      );
      const body: ErrorBody = {
        error: 'ERR_DATABASE_UNAVAILABLE',
        message: 'Database unavailable, try again',
      };
      return reply.status(503).header('retry-after', RETRY_AFTER_SECONDS).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error(
        { method: request.method, route: request.routeOptions.url, error: loggableError(error) },
        'request failed',
      );
      return reply.status(500).send({ error: 'ERR_INTERNAL', message: 'Internal error' } satisfies ErrorBody);
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type) keep their status.
    const code =
      status === 413 ? 'ERR_FILE_TOO_LARGE' : status === 415 ? 'ERR_FILE_TYPE_NOT_ALLOWED' : 'ERR_VALIDATION';
    return reply.status(status).send({ error: code, message: error.message } satisfies ErrorBody);
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: 'ERR_NOT_FOUND', message: 'Not found' } satisfies ErrorBody);
  });
}
