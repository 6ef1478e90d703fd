import { createHash, timingSafeEqual } from 'node:crypto';
import { isSubscriptionActive, zonedParts } from '@balcao/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { connections } from '../../db/schema/index.js';
import { bearerToken } from '../../platform/auth/authenticate.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { hitRateLimit, readRateLimit } from '../../platform/rate-limit.js';
import { findCompanyAndPlan } from '../companies/companies.queries.js';
import type { ConnectionRow } from '../connections/connections.queries.js';

/** Wrong tokens one address may present in the window before it is refused (docs/decisions.md). */
const FAILURES_PER_ADDRESS = 20;
const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Sends one connection may make through the API per minute. */
const SENDS_PER_MINUTE = 120;

/**
 * Looked up by the token's digest (an index on `sha256(token)`), then compared in constant time: the
 * index walk's timing depends on the digest, which tells a guesser nothing about the token.
 */
async function findConnectionByApiToken(deps: AppDeps, token: string): Promise<ConnectionRow | undefined> {
  const given = Buffer.from(token, 'utf8');
  const digest = createHash('sha256').update(given).digest('hex');
  const [row] = await deps.db
    .select()
    .from(connections)
    .where(sql`sha256(${connections.token}::bytea) = decode(${digest}, 'hex')`);
  if (!row) return undefined;
  const stored = Buffer.from(row.token, 'utf8');
  return stored.length === given.length && timingSafeEqual(stored, given) ? row : undefined;
}

/**
 * The connection a call acts through, named by its token alone: it fixes the company and the channel,
 * so nothing in the body can point at another company. Only wrong tokens count against the caller's
 * address: a busy client sending in parallel from one address never trips the guessing limit.
 */
export async function authenticateApiCall(deps: AppDeps, request: FastifyRequest): Promise<ConnectionRow> {
  const addressKey = `api:failures:${request.ip}`;
  if ((await readRateLimit(deps.db, addressKey, FAILURE_WINDOW_SECONDS)) >= FAILURES_PER_ADDRESS)
    throw new AppError('ERR_TOO_MANY_ATTEMPTS');
  const token = bearerToken(request);
  const connection = token ? await findConnectionByApiToken(deps, token) : undefined;
  if (!connection) {
    await hitRateLimit(deps.db, addressKey, FAILURE_WINDOW_SECONDS);
    throw new AppError('ERR_INVALID_API_TOKEN');
  }

  const found = await findCompanyAndPlan(deps.db, connection.companyId);
  if (!found) throw new AppError('ERR_INVALID_API_TOKEN');
  const { company, plan } = found;
  const today = zonedParts(deps.now(), company.timezone).date;
  if (!company.status || !isSubscriptionActive(company.dueDate, today))
    throw new AppError('ERR_SUBSCRIPTION_EXPIRED');
  if (!plan.useExternalApi) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  if ((await hitRateLimit(deps.db, `api:sends:${connection.id}`, 60)) > SENDS_PER_MINUTE)
    throw new AppError('ERR_TOO_MANY_REQUESTS');
  return connection;
}
