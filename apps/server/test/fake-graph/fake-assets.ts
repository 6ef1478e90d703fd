import { IG_ACCOUNT_ID, PAGE_ID, PHONE_NUMBER_ID } from './fixtures.js';

export interface FakePage {
  id: string;
  name: string;
  /** The page token; a listed page without one is skipped by the login. */
  token?: string;
  instagram?: { id: string; username: string };
}

type Answer = { status: number; body: unknown };

/** Graph's error envelope (protocols §2.4). */
export const graphError = (code: number, message: string, extra: object = {}) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: 'FAKE', ...extra },
});
const invalidToken = (): Answer => ({ status: 401, body: graphError(190, 'Invalid OAuth access token.') });
/** Graph's answer to a read of an object the token may not see (or that does not exist). */
const missingPermission = (id: string): Answer => ({
  status: 400,
  body: graphError(
    100,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    { error_subcode: 33 },
  ),
});

/**
 * Who may read what, as Meta decides it: a Cloud API token reads the phone numbers of its business,
 * a page token speaks as its page (and reads the page's Instagram account), and a Facebook login lists
 * the pages its user manages. Any token reading an asset it does not own gets the permission error.
 */
export function createAssetBook(cloudToken: string, pageToken: string) {
  /** Phone number id → the Cloud API token of its business. */
  const numbers = new Map([[PHONE_NUMBER_ID, cloudToken]]);
  const loja: FakePage = {
    id: PAGE_ID,
    name: 'Loja X',
    token: pageToken,
    instagram: { id: IG_ACCOUNT_ID, username: 'lojax' },
  };
  /** Page token → its page. */
  const pages = new Map([[pageToken, loja]]);
  /** A login's short-lived user token → the pages it lists; any other token lists the README's pages. */
  const logins = new Map<string, FakePage[]>();
  const readmePages: FakePage[] = [loja, { id: '9876543210', name: 'Sem token' }];

  const isCloudToken = (token: string) => [...numbers.values()].includes(token);
  const pageOwning = (id: string) =>
    [...pages.values()].find((page) => page.id === id || page.instagram?.id === id);

  return {
    isCloudToken,
    isPageToken: (token: string) => pages.has(token),
    pageOf: (token: string) => pages.get(token),
    /** A send or upload on `{phone-number-id}/…` needs the token of that number's business. */
    ownsNumber: (token: string, id: string) => numbers.get(id) === token,
    isAsset: (id: string) => numbers.has(id) || pageOwning(id) !== undefined,
    /** `GET /{id}` of a phone number, page or Instagram account. */
    read(id: string, token: string): Answer {
      if (!isCloudToken(token) && !pages.has(token)) return invalidToken();
      if (numbers.get(id) === token)
        return { status: 200, body: { id, display_phone_number: '15550783881', verified_name: 'Loja X' } };
      const page = pages.get(token);
      if (page?.id === id) return { status: 200, body: { id, name: page.name } };
      if (page?.instagram?.id === id) return { status: 200, body: { id, username: page.instagram.username } };
      return missingPermission(id);
    },
    /** `GET /me` with a page token: the page itself and its Instagram account. */
    me(token: string): Answer {
      const page = pages.get(token);
      if (!page) return invalidToken();
      return {
        status: 200,
        body: {
          id: page.id,
          name: page.name,
          ...(page.instagram ? { instagram_business_account: { id: page.instagram.id } } : {}),
        },
      };
    },
    /** The long-lived user token a login's short-lived one is exchanged for. */
    exchange: (userToken: string) => (logins.has(userToken) ? `LL_${userToken}` : 'LL_USER_TOKEN'),
    /** `GET /me/accounts` with a long-lived user token. */
    accounts(token: string): Answer {
      const listed = token === 'LL_USER_TOKEN' ? readmePages : logins.get(token.replace(/^LL_/, ''));
      if (!listed) return invalidToken();
      return {
        status: 200,
        body: {
          data: listed.map((page) => ({
            id: page.id,
            name: page.name,
            ...(page.token ? { access_token: page.token } : {}),
            ...(page.instagram ? { instagram_business_account: { ...page.instagram, name: page.name } } : {}),
          })),
          paging: { cursors: { before: 'a', after: 'b' } },
        },
      };
    },
    addNumber: (id: string, token = cloudToken) => numbers.set(id, token),
    addPage(page: FakePage) {
      if (page.token) pages.set(page.token, page);
    },
    /** A Facebook login (its short-lived user token) that lists these pages. */
    addLogin(userToken: string, listed: FakePage[]) {
      for (const page of listed) if (page.token) pages.set(page.token, page);
      logins.set(userToken, listed);
    },
  };
}
