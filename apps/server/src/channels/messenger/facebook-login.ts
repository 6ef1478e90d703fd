import type { Connection, FacebookLoginBody } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { createConnection, updateConnection } from '../../modules/connections/connections.service.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { GraphClient } from '../graph/graph.client.js';
import { heldElsewhere } from '../graph/graph.connections.js';

interface Page {
  id: string;
  name: string;
  access_token?: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
}

const SUBSCRIBED_FIELDS = 'messages,messaging_postbacks,message_deliveries,message_reads,message_echoes';

/**
 * Protocols §3.5: the admin's short-lived login becomes a long-lived token, which lists their pages
 * with page tokens (these do not expire). Each page becomes a Messenger connection, and its linked
 * Instagram account an Instagram one when asked; a page connected before gets its new token.
 */
export async function connectFacebookPages(ctx: Ctx, graph: GraphClient, input: FacebookLoginBody) {
  const { appId, appSecret } = ctx.config.meta;
  const pages = await graph
    .call<{ access_token: string }>({
      path: 'oauth/access_token',
      query: {
        grant_type: 'fb_exchange_token',
        client_id: appId,
        client_secret: appSecret,
        fb_exchange_token: input.facebookUserToken,
      },
    })
    .then(({ access_token }) =>
      graph.call<{ data: Page[] }>({
        path: 'me/accounts',
        query: {
          fields: 'name,access_token,id,instagram_business_account{id,username,profile_picture_url,name}',
        },
        auth: { accessToken: access_token },
      }),
    )
    .catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'Facebook login exchange failed');
      throw new AppError('ERR_FACEBOOK_LOGIN');
    });

  const listed = pages.data.filter((page) => page.access_token);
  await refuseHeldElsewhere(ctx, listed, input.addInstagram);
  const saved: Connection[] = [];
  for (const page of listed) {
    const token = page.access_token ?? '';
    await graph.call({
      method: 'POST',
      path: `${page.id}/subscribed_apps`,
      query: { subscribed_fields: SUBSCRIBED_FIELDS },
      auth: { accessToken: token },
    });
    const common = {
      facebookUserId: input.facebookUserId,
      facebookPageUserId: page.id,
      accessToken: ctx.secrets.seal(token),
    };
    saved.push(await upsert(ctx, 'facebook', page.name, { ...common }));
    const instagram = page.instagram_business_account;
    if (input.addInstagram && instagram)
      saved.push(
        await upsert(ctx, 'instagram', instagram.username ?? instagram.name ?? page.name, {
          ...common,
          instagramAccountId: instagram.id,
        }),
      );
  }
  return saved;
}

/**
 * Meta lists a page to every admin of it: one already connected in another company stays there, and
 * nothing of this login is saved (or subscribed) rather than part of it.
 */
async function refuseHeldElsewhere(ctx: Ctx, pages: Page[], addInstagram: boolean) {
  const accounts = addInstagram ? pages.flatMap((page) => page.instagram_business_account?.id ?? []) : [];
  const held = [
    ...(await heldElsewhere(
      ctx.db,
      ctx.companyId,
      'facebook',
      pages.map((page) => page.id),
    )),
    ...(await heldElsewhere(ctx.db, ctx.companyId, 'instagram', accounts)),
  ];
  if (held.length)
    throw new AppError('ERR_META_ASSET_TAKEN', `Connected in another company: ${held.join(', ')}`);
}

async function upsert(
  ctx: Ctx,
  channel: 'facebook' | 'instagram',
  name: string,
  provider: Partial<typeof connections.$inferInsert>,
) {
  const key =
    channel === 'instagram'
      ? eq(connections.instagramAccountId, provider.instagramAccountId ?? '')
      : eq(connections.facebookPageUserId, provider.facebookPageUserId ?? '');
  const [existing] = await ctx.db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.companyId, ctx.companyId), eq(connections.channel, channel), key));
  if (existing) {
    await ctx.db
      .update(connections)
      .set({ ...provider, status: 'CONNECTED', updatedAt: new Date() })
      .where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, existing.id)));
    return updateConnection(ctx, existing.id, {});
  }
  const displayName = name.length >= 2 ? name.slice(0, 50) : `${channel} ${name}`;
  return createConnection(
    ctx,
    {
      name: displayName,
      channel,
      isDefault: false,
      greetingMessage: '',
      complationMessage: '',
      outOfHoursMessage: '',
      ratingMessage: '',
    },
    { ...provider, status: 'CONNECTED' },
  );
}
