import type { connections } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';

/**
 * A connection's Meta token (Cloud API system-user token or page token) is stored sealed, like every
 * credential of an outside service, and opened only for the Graph API call that needs it.
 */
export const graphToken = (
  deps: Pick<AppDeps, 'secrets'>,
  connection: Pick<typeof connections.$inferSelect, 'accessToken'>,
) => deps.secrets.open(connection.accessToken ?? '');
