import { msg } from '@balcao/shared';
import { AppError } from '../../platform/errors.js';
import type { ConnectionClaim } from '../../platform/ports/channel-adapter.js';
import type { MetaChannel } from '../../platform/provider-connections.js';
import { type GraphClient, isRefusal } from './graph.client.js';

interface Proof {
  key: 'phoneNumberId' | 'facebookPageUserId' | 'instagramAccountId';
  /** The id Graph answers for the token: the claim holds when it is the claimed one. */
  read(graph: GraphClient, id: string, token: string): Promise<string | undefined>;
}

/**
 * How each channel proves a token may act for the id its webhooks name. A Cloud API token reads the
 * phone numbers of its business (`GET /{phone-number-id}`). A page token speaks as its page (`GET /me`),
 * which is also who the Send API's `me/messages` sends as; reading the page by its id would prove
 * nothing, pages being public. Its Instagram account is that page's `instagram_business_account`.
 */
const proofs: Record<MetaChannel, Proof> = {
  whatsappapi: {
    key: 'phoneNumberId',
    read: (graph, id, token) =>
      graph
        .call<{ id?: string }>({ path: id, query: { fields: 'id' }, auth: { bearer: token } })
        .then((answer) => answer.id),
  },
  facebook: {
    key: 'facebookPageUserId',
    read: (graph, _id, token) =>
      graph
        .call<{ id?: string }>({ path: 'me', query: { fields: 'id' }, auth: { accessToken: token } })
        .then((answer) => answer.id),
  },
  instagram: {
    key: 'instagramAccountId',
    read: (graph, _id, token) =>
      graph
        .call<{ instagram_business_account?: { id?: string } }>({
          path: 'me',
          query: { fields: 'instagram_business_account' },
          auth: { accessToken: token },
        })
        .then((answer) => answer.instagram_business_account?.id),
  },
};

/**
 * A connection may name a phone number, page or Instagram account only with a token Meta lets act for
 * it: otherwise another company could type in someone else's id and receive their customers.
 */
export async function checkMetaClaim(graph: GraphClient, channel: MetaChannel, claim: ConnectionClaim) {
  const proof = proofs[channel];
  const id = claim[proof.key];
  if (!id) return;
  // An id held without a token would keep its owner out without proving anything.
  if (!claim.accessToken)
    throw new AppError('ERR_VALIDATION', `${proof.key} needs its access token`, {
      accessToken: msg.required,
    });
  const answered = await proof.read(graph, id, claim.accessToken).catch((error: unknown) => {
    if (isRefusal(error)) throw new AppError('ERR_META_ASSET_ACCESS', error.message);
    throw new AppError('ERR_META_UNREACHABLE', (error as Error).message);
  });
  if (answered !== id) throw new AppError('ERR_META_ASSET_ACCESS', `The token acts for another ${proof.key}`);
}
