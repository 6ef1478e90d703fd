import type {
  FacebookConnectBody,
  FacebookPage,
  FacebookPagesBody,
  FacebookPagesResponse,
} from '@balcao/shared';
import { inArray } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { heldElsewhere } from '../../platform/provider-connections.js';
import type { GraphClient } from '../graph/graph.client.js';
import { type Chosen, connectPages, exchangeLogin, listPages, type Page } from './facebook-login.js';

/** How long the admin has to choose after logging in; the long-lived token itself lasts about 60 days. */
const LOGIN_NOTE_MINUTES = 30;

/** What the sealed `login` carries: the long-lived user token, for whom, until when. */
interface LoginNote {
  companyId: number;
  userId: number;
  facebookUserId: string;
  token: string;
  expiresAt: number;
}

/**
 * POST /facebook/pages: the SDK's login exchanged and its pages listed with their Instagram accounts
 * and where each already is, creating nothing. The page tokens stay on the server: the browser gets a
 * sealed note of the long-lived user token, and the chosen pages' tokens are fetched again with it.
 */
export async function listLoginPages(
  ctx: Ctx,
  graph: GraphClient,
  input: FacebookPagesBody,
): Promise<FacebookPagesResponse> {
  const token = await exchangeLogin(ctx, graph, input.facebookUserToken);
  const pages = await listPages(ctx, graph, token);
  const note: LoginNote = {
    companyId: ctx.companyId,
    userId: ctx.actor.userId,
    facebookUserId: input.facebookUserId,
    token,
    expiresAt: Date.now() + LOGIN_NOTE_MINUTES * 60_000,
  };
  return { login: ctx.secrets.seal(JSON.stringify(note)), pages: await withStates(ctx, pages) };
}

/** POST /facebook/connections: the chosen pages of a listed login become connections. */
export async function connectChosenPages(ctx: Ctx, graph: GraphClient, input: FacebookConnectBody) {
  const note = openNote(ctx, input.login);
  const listed = new Map((await listPages(ctx, graph, note.token)).map((page) => [page.id, page]));
  const chosen: Chosen[] = input.pages.map(({ id, messenger, instagram }) => {
    const page = listed.get(id);
    if (!page || (instagram && !page.instagram_business_account))
      throw new AppError('ERR_FACEBOOK_LOGIN', `Page ${id} is not among the login's pages`);
    return { page, messenger, instagram };
  });
  return connectPages(ctx, graph, note.facebookUserId, chosen);
}

/** A note sealed for another company or user, altered, or too old is a login to do again. */
function openNote(ctx: Ctx, sealed: string): LoginNote {
  let note: LoginNote;
  try {
    note = JSON.parse(ctx.secrets.open(sealed)) as LoginNote;
  } catch {
    throw new AppError('ERR_FACEBOOK_LOGIN', 'Unreadable login');
  }
  if (note.companyId !== ctx.companyId || note.userId !== ctx.actor.userId || note.expiresAt < Date.now())
    throw new AppError('ERR_FACEBOOK_LOGIN', 'Login expired or not this user’s');
  return note;
}

/** Each page and account as the dialog offers it: new, connected here (a refresh), or another company's. */
async function withStates(ctx: Ctx, pages: Page[]): Promise<FacebookPage[]> {
  const pageIds = pages.map((page) => page.id);
  const accountIds = pages.flatMap((page) => page.instagram_business_account?.id ?? []);
  const here = await ctx.db
    .select({
      channel: connections.channel,
      pageId: connections.facebookPageUserId,
      accountId: connections.instagramAccountId,
    })
    .from(connections)
    .where(tenant(connections, ctx.companyId, inArray(connections.channel, ['facebook', 'instagram'])));
  const connectedPages = new Set(
    here.flatMap((row) => (row.channel === 'facebook' ? (row.pageId ?? []) : [])),
  );
  const connectedAccounts = new Set(
    here.flatMap((row) => (row.channel === 'instagram' ? (row.accountId ?? []) : [])),
  );
  const takenPages = new Set(await heldElsewhere(ctx.db, ctx.companyId, 'facebook', pageIds));
  const takenAccounts = new Set(await heldElsewhere(ctx.db, ctx.companyId, 'instagram', accountIds));
  return pages.map((page) => {
    const account = page.instagram_business_account;
    return {
      id: page.id,
      name: page.name,
      connected: connectedPages.has(page.id),
      taken: takenPages.has(page.id),
      instagram: account
        ? {
            id: account.id,
            username: account.username ?? account.name ?? page.name,
            connected: connectedAccounts.has(account.id),
            taken: takenAccounts.has(account.id),
          }
        : null,
    };
  });
}
