import { z } from 'zod';
import { msg } from '../validation.js';
import { facebookLoginBody } from './connections.contract.js';

/** POST /facebook/pages: the user token the Facebook SDK's login gave the browser. */
export const facebookPagesBody = facebookLoginBody.omit({ addInstagram: true });
export type FacebookPagesBody = z.infer<typeof facebookPagesBody>;

/** Where a page or Instagram account stands: connected in this company already, or in another one. */
const assetState = { connected: z.boolean(), taken: z.boolean() };

const facebookPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  ...assetState,
  instagram: z.object({ id: z.string(), username: z.string(), ...assetState }).nullable(),
});
export type FacebookPage = z.infer<typeof facebookPageSchema>;

/**
 * The login's pages, nothing created yet. `login` is the server's sealed note of the login (its own
 * long-lived token, for this company, for a while): the choice comes back with it, never with a token.
 */
export const facebookPagesResponse = z.object({ login: z.string(), pages: z.array(facebookPageSchema) });
export type FacebookPagesResponse = z.infer<typeof facebookPagesResponse>;

/** POST /facebook/connections: which of the listed pages become Messenger and/or Instagram connections. */
export const facebookConnectBody = z.object({
  login: z.string().min(1).max(4000),
  pages: z
    .array(
      z.object({
        id: z.string().regex(/^\d{1,30}$/),
        messenger: z.boolean().default(false),
        instagram: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(100)
    .refine((pages) => pages.some((page) => page.messenger || page.instagram), msg.required),
});
export type FacebookConnectBody = z.infer<typeof facebookConnectBody>;

/** What the web app needs to run the Facebook SDK's login; an empty app id: not configured. */
export const facebookSdkSettings = z.object({ appId: z.string(), sdkUrl: z.string(), version: z.string() });
