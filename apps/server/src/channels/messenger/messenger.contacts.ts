import { and, eq } from 'drizzle-orm';
import { contactIdentities, messages } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import type { ConnectionRow } from '../../platform/provider-connections.js';
import type { GraphClient } from '../graph/graph.client.js';
import { graphToken } from '../graph/graph.token.js';
import type { MessagingEvent } from './messenger.payloads.js';

/**
 * Echoes of our own sends are already stored (or about to be, by the outbox). Messenger marks them
 * with our app id; Instagram does not, so an Instagram echo is ours when its id is stored or a send
 * to that customer is still in flight.
 */
export async function isOurEcho(
  deps: AppDeps,
  connection: ConnectionRow,
  event: MessagingEvent,
  customerId: string,
) {
  const appId = event.message?.app_id;
  if (appId !== undefined && deps.config.meta.appId && String(appId) === deps.config.meta.appId) return true;
  if (connection.channel !== 'instagram') return false;
  const [inFlight] = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(
      contactIdentities,
      and(
        eq(contactIdentities.companyId, messages.companyId),
        eq(contactIdentities.contactId, messages.contactId),
        eq(contactIdentities.kind, 'igsid'),
        eq(contactIdentities.value, customerId),
      ),
    )
    .where(
      and(
        eq(messages.companyId, connection.companyId),
        eq(messages.connectionId, connection.id),
        eq(messages.fromMe, true),
        eq(messages.ack, 0),
      ),
    )
    .limit(1);
  return inFlight !== undefined;
}

/** A new customer's name from their profile; `User <last 6>` when the profile is not shared. */
export async function contactName(
  deps: AppDeps,
  graph: GraphClient,
  connection: ConnectionRow,
  kind: 'psid' | 'igsid',
  customerId: string,
): Promise<string> {
  const fallback = `User ${customerId.slice(-6)}`;
  const [known] = await deps.db
    .select({ id: contactIdentities.contactId })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.companyId, connection.companyId),
        eq(contactIdentities.kind, kind),
        eq(contactIdentities.value, customerId),
      ),
    );
  if (known) return fallback;
  const fields = kind === 'igsid' ? 'name,username' : 'first_name,last_name';
  const profile = await graph
    .call<{ name?: string; username?: string; first_name?: string; last_name?: string }>({
      path: customerId,
      query: { fields },
      auth: { accessToken: graphToken(deps, connection) },
    })
    .catch(() => undefined);
  const name =
    profile?.name ?? profile?.username ?? [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');
  return name || fallback;
}
