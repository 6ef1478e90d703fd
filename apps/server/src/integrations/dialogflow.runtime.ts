import type { queueIntegrations } from '../db/schema/index.js';
import {
  detectIntent,
  type ServiceAccount,
} from '../modules/queue-integrations/queue-integrations.dialogflow.js';
import { handOver } from '../modules/tickets/tickets.handover.js';
import type { AppDeps } from '../platform/context.js';
import { sendBotMessages, type TicketRow } from './bot-messages.js';
import { handled, type InboundText, type IntegrationOutcome } from './outcome.js';

/** One customer message through a Dialogflow agent; the ticket's uuid is the agent's session. */
export async function runDialogflow(
  deps: AppDeps,
  ticket: TicketRow,
  message: InboundText,
  integration: typeof queueIntegrations.$inferSelect,
): Promise<IntegrationOutcome> {
  const result = await detectIntent(deps.config, {
    account: JSON.parse(deps.secrets.open(integration.jsonContent)) as ServiceAccount,
    projectName: integration.projectName,
    language: integration.language || 'pt-BR',
    sessionId: ticket.uuid,
    text: message.body,
  });
  await sendBotMessages(deps, ticket, result.replies);
  if (!result.endInteraction) return handled;
  const target = await handOver(deps, ticket, { queueId: ticket.queueId, userId: null });
  return target ? { outcome: 'handedOver', ...target } : handled;
}
