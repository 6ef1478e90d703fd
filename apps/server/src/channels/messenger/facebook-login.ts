import type { Connection, FacebookLoginBody } from '@balcao/shared';
import { eq, inArray } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import {
  createConnections,
  type NewConnection,
  updateConnection,
} from '../../modules/connections/connections.service.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { heldElsewhere } from '../../platform/provider-connections.js';
import type { GraphClient } from '../graph/graph.client.js';

export interface Page {
  id: string;
  name: string;
  access_token?: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
}

/** A listed page and what of it becomes a connection. */
export interface Chosen {
  page: Page;
  messenger: boolean;
  instagram: boolean;
}

const SUBSCRIBED_FIELDS = 'messages,messaging_postbacks,message_deliveries,message_reads,message_echoes';

/** Graph's refusal of a login (expired, another app's, revoked) is the admin's to retry, logged for us. */
function loginRefused(ctx: Ctx) {
  return (error: unknown): never => {
    ctx.log.warn({ err: error }, 'Facebook login exchange failed');
    throw new AppError('ERR_FACEBOOK_LOGIN');
  };
}

/** Protocols §3.5 step 2: the SDK's short-lived user token becomes a long-lived one (about 60 days). */
export async function exchangeLogin(ctx: Ctx, graph: GraphClient, userToken: string): Promise<string> {
  const { appId, appSecret } = ctx.config.meta;
  const { access_token } = await graph
    .call<{ access_token: string }>({
      path: 'oauth/access_token',
      query: {
        grant_type: 'fb_exchange_token',
        client_id: appId,
        client_secret: appSecret,
        fb_exchange_token: userToken,
      },
    })
    .catch(loginRefused(ctx));
  return access_token;
}

/**
 * Protocols §3.5 step 3: the login's pages with their page tokens (which do not expire) and linked
 * Instagram accounts. A page listed without a token is one the user cannot message from: skipped.
 */
export async function listPages(ctx: Ctx, graph: GraphClient, longLivedToken: string): Promise<Page[]> {
  const pages = await graph
    .call<{ data: Page[] }>({
      path: 'me/accounts',
      query: {
        fields: 'name,access_token,id,instagram_business_account{id,username,profile_picture_url,name}',
        limit: '100',
      },
      auth: { accessToken: longLivedToken },
    })
    .catch(loginRefused(ctx));
  return pages.data.filter((page) => page.access_token);
}

/**
 * POST /facebook (spec 000 §7): every page of the login becomes a Messenger connection, and its
 * linked Instagram account an Instagram one when asked; a page connected before gets its new token.
 */
export async function connectFacebookPages(ctx: Ctx, graph: GraphClient, input: FacebookLoginBody) {
  const pages = await listPages(ctx, graph, await exchangeLogin(ctx, graph, input.facebookUserToken));
  return connectPages(
    ctx,
    graph,
    input.facebookUserId,
    pages.map((page) => ({ page, messenger: true, instagram: input.addInstagram })),
  );
}

/** Subscribes each chosen page to the app and saves its connections, all or none of the new ones. */
export async function connectPages(ctx: Ctx, graph: GraphClient, facebookUserId: string, chosen: Chosen[]) {
  await refuseHeldElsewhere(ctx, chosen);
  const found: Found[] = [];
  for (const { page, messenger, instagram } of chosen) {
    const token = page.access_token ?? '';
    await graph.call({
      method: 'POST',
      path: `${page.id}/subscribed_apps`,
      query: { subscribed_fields: SUBSCRIBED_FIELDS },
      auth: { accessToken: token },
    });
    const common = { facebookUserId, facebookPageUserId: page.id, accessToken: ctx.secrets.seal(token) };
    if (messenger) found.push({ channel: 'facebook', name: page.name, provider: common });
    const account = page.instagram_business_account;
    if (instagram && account)
      found.push({
        channel: 'instagram',
        name: account.username ?? account.name ?? page.name,
        provider: { ...common, instagramAccountId: account.id },
      });
  }
  return save(ctx, found);
}

/**
 * Meta lists a page to every admin of it: one already connected in another company stays there, and
 * nothing of this login is saved (or subscribed) rather than part of it.
 */
async function refuseHeldElsewhere(ctx: Ctx, chosen: Chosen[]) {
  const pages = chosen.filter((entry) => entry.messenger).map((entry) => entry.page.id);
  const accounts = chosen.flatMap((entry) =>
    entry.instagram ? (entry.page.instagram_business_account?.id ?? []) : [],
  );
  const held = [
    ...(await heldElsewhere(ctx.db, ctx.companyId, 'facebook', pages)),
    ...(await heldElsewhere(ctx.db, ctx.companyId, 'instagram', accounts)),
  ];
  if (held.length)
    throw new AppError('ERR_META_ASSET_TAKEN', `Connected in another company: ${held.join(', ')}`);
}

interface Found {
  channel: 'facebook' | 'instagram';
  name: string;
  provider: Partial<typeof connections.$inferInsert>;
}

const keyOf = (
  channel: string,
  row: { facebookPageUserId?: string | null; instagramAccountId?: string | null },
) => `${channel}:${channel === 'instagram' ? row.instagramAccountId : row.facebookPageUserId}`;

/**
 * Pages connected before get their new token; the new ones are created together, so a login the plan
 * has no room for connects none of them. Answers the connections in the order Meta listed them.
 */
async function save(ctx: Ctx, found: Found[]): Promise<Connection[]> {
  const known = await ctx.db
    .select({
      id: connections.id,
      channel: connections.channel,
      facebookPageUserId: connections.facebookPageUserId,
      instagramAccountId: connections.instagramAccountId,
    })
    .from(connections)
    .where(tenant(connections, ctx.companyId, inArray(connections.channel, ['facebook', 'instagram'])));
  const knownIds = new Map(known.map((row) => [keyOf(row.channel, row), row.id]));
  const existingId = (entry: Found) => knownIds.get(keyOf(entry.channel, entry.provider));

  const created = await createConnections(
    ctx,
    found.filter((entry) => existingId(entry) === undefined).map(toNewConnection),
  );
  const saved: Connection[] = [];
  for (const entry of found) {
    const id = existingId(entry);
    saved.push(id === undefined ? (created.shift() as Connection) : await refresh(ctx, id, entry.provider));
  }
  return saved;
}

async function refresh(ctx: Ctx, id: number, provider: Found['provider']) {
  await ctx.db
    .update(connections)
    .set({ ...provider, status: 'CONNECTED', updatedAt: new Date() })
    .where(tenant(connections, ctx.companyId, eq(connections.id, id)));
  return updateConnection(ctx, id, {});
}

function toNewConnection({ channel, name, provider }: Found): NewConnection {
  const displayName = name.length >= 2 ? name.slice(0, 50) : `${channel} ${name}`;
  return {
    input: {
      name: displayName,
      channel,
      isDefault: false,
      greetingMessage: '',
      complationMessage: '',
      outOfHoursMessage: '',
      ratingMessage: '',
    },
    provider: { ...provider, status: 'CONNECTED' },
  };
}
