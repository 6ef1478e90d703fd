import type { UpdateConnectionBody } from '@balcao/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ConnectionClaim } from '../../platform/ports/channel-adapter.js';
import type { ConnectionRow } from './connections.queries.js';

const PROVIDER_IDS = ['phoneNumberId', 'facebookPageUserId', 'instagramAccountId'] as const;

/** The indexes that keep a Meta id on one connection of its channel (db/schema/connections.ts). */
const CLAIM_INDEXES = [
  'connections_phone_number_id_key',
  'connections_facebook_page_key',
  'connections_instagram_account_key',
];

/**
 * A save that gives the connection a provider id or a token is first proved by its channel (a Meta
 * channel asks Graph whether the token may act for the id). Saves that change neither ask nothing.
 */
export async function checkClaim(
  ctx: Pick<Ctx, 'channels' | 'secrets'>,
  channel: string,
  input: UpdateConnectionBody,
  current?: ConnectionRow,
) {
  const ids = Object.fromEntries(
    PROVIDER_IDS.map((key) => [key, input[key] !== undefined ? input[key] : (current?.[key] ?? null)]),
  ) as Omit<ConnectionClaim, 'accessToken'>;
  const changed =
    Boolean(input.accessToken) || PROVIDER_IDS.some((key) => ids[key] !== (current?.[key] ?? null));
  if (!changed) return;
  // A blank token field keeps the stored token, which then has to prove a changed id.
  const accessToken = input.accessToken || ctx.secrets.open(current?.accessToken ?? '');
  await ctx.channels.get(channel)?.checkClaim?.({ ...ids, accessToken });
}

/** A Meta id another connection holds: the unique index decides, also between two saves at once. */
export function rethrowTaken(error: unknown): never {
  if (CLAIM_INDEXES.some((name) => isUniqueViolation(error, name)))
    throw new AppError('ERR_META_ASSET_TAKEN');
  throw error;
}
