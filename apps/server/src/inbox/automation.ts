import type { Ticket } from '@balcao/shared';
import type { connections } from '../db/schema/index.js';
import { storeOutbound } from '../modules/messages/messages.outbox.js';
import type { AppDeps } from '../platform/context.js';

/**
 * What runs after a new conversation arrives. Today: the connection's greeting. Queue menus,
 * chatbots, service hours, rating and LGPD consent come with their issues.
 */
export async function runAutomation(
  deps: AppDeps,
  input: { connection: typeof connections.$inferSelect; ticket: Ticket },
): Promise<void> {
  const greeting = input.connection.greetingMessage.trim();
  if (!greeting) return;
  await storeOutbound(deps, {
    companyId: input.connection.companyId,
    ticket: {
      id: input.ticket.id,
      contactId: input.ticket.contactId,
      connectionId: input.connection.id,
      queueId: input.ticket.queueId,
    },
    body: greeting,
    kind: 'greeting',
    userId: null,
  });
}
