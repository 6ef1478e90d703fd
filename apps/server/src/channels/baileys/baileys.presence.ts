import type { PresenceData } from '@whiskeysockets/baileys';
import { and, eq, ne } from 'drizzle-orm';
import { contactIdentities, tickets } from '../../db/schema/index.js';
import { publishPresence } from '../../modules/messages/messages.presence.js';
import type { AppDeps } from '../../platform/context.js';
import { whoIs } from './baileys.inbound.js';

/**
 * The customer is typing or recording: those who may see the ticket are told (spec's Ticket.presence),
 * and the indicator clears on anything else ("paused", "available").
 */
export async function relayCustomerPresence(
  deps: AppDeps,
  target: { companyId: number; connectionId: number },
  update: { id: string; presences: { [participant: string]: PresenceData } },
) {
  const who = whoIs(update.id);
  const [ticket] = await deps.db
    .select({ id: tickets.id, status: tickets.status, userId: tickets.userId, queueId: tickets.queueId })
    .from(contactIdentities)
    .innerJoin(
      tickets,
      and(
        eq(tickets.companyId, contactIdentities.companyId),
        eq(tickets.contactId, contactIdentities.contactId),
        eq(tickets.connectionId, target.connectionId),
        ne(tickets.status, 'closed'),
      ),
    )
    .where(
      and(
        eq(contactIdentities.companyId, target.companyId),
        eq(contactIdentities.kind, who.identity.kind),
        eq(contactIdentities.value, who.identity.value),
      ),
    )
    .limit(1);
  if (!ticket) return;
  const last = Object.values(update.presences)[0]?.lastKnownPresence;
  const state = last === 'composing' || last === 'recording' ? last : null;
  publishPresence(deps, target.companyId, ticket, null, state);
}
