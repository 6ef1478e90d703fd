import { lookup as dnsLookup } from 'node:dns/promises';
import { type AddressKind, addressKind, urlHostAddress } from './address-kind.js';

/** The address a request connects to, decided before it connects. */
interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * How an outbound request finds its address: the operator's own settings (OPENAI_BASE_URL,
 * GOOGLE_TOKEN_URL…) go where DNS says (`undefined`); a URL a company user stored is checked and pinned.
 */
export interface AddressPolicy {
  addressOf(url: URL): Promise<PinnedAddress | undefined>;
}

export const operatorAddresses: AddressPolicy = { addressOf: async () => undefined };

/** A URL that leads into the server's own network. */
export class BlockedUrlError extends Error {
  override name = 'BlockedUrlError';
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface UrlGuard extends AddressPolicy {
  /** At save time: refuses what leads inside; a name DNS does not answer yet is let through to call time. */
  check(url: URL): Promise<void>;
}

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The one guard of URLs a company user may point the server at (webhook, n8n, Typebot). Every
 * address a name resolves to must be public (or private, where the install allows it); the request
 * then connects to the first of them, so DNS answering differently a moment later changes nothing.
 */
export function createUrlGuard(options: { allowPrivate: boolean; lookup?: Lookup }): UrlGuard {
  const lookup = options.lookup ?? systemLookup;
  const allowed = (kind: AddressKind) => kind === 'public' || (kind === 'private' && options.allowPrivate);

  function ensureAllowed(addresses: { address: string }[]) {
    const refused = addresses.find((entry) => !allowed(addressKind(entry.address)));
    if (refused) throw new BlockedUrlError(`leads to ${addressKind(refused.address)} address`);
  }

  async function resolve(url: URL): Promise<PinnedAddress[]> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedUrlError('not http(s)');
    const literal = urlHostAddress(url);
    if (literal) return [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
    const answers = await lookup(url.hostname);
    return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
  }

  return {
    async check(url) {
      const answers = await resolve(url).catch((error: unknown) => {
        if (error instanceof BlockedUrlError) throw error;
        return [];
      });
      ensureAllowed(answers);
    },
    async addressOf(url) {
      const answers = await resolve(url);
      ensureAllowed(answers);
      const [first] = answers;
      if (!first) throw new BlockedUrlError(`${url.hostname} has no address`);
      return first;
    },
  };
}
