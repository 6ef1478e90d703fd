import { eq } from 'drizzle-orm';
import { companies, plans, prompts, queueIntegrations, tickets } from '../db/schema/index.js';
import { tenant } from '../db/tenant.js';
import { handOver } from '../modules/tickets/tickets.handover.js';
import type { AppDeps } from '../platform/context.js';
import type { TicketRow } from './bot-messages.js';
import { runDialogflow } from './dialogflow.runtime.js';
import { runPrompt } from './openai.js';
import { handled, type InboundText, type IntegrationOutcome, notApplicable } from './outcome.js';
import { runTypebot } from './typebot.js';
import { enqueueWebhook } from './webhook.js';

/** A queue integration (dialogflow, n8n, webhook, typebot) or an OpenAI prompt. */
export type IntegrationRef = { kind: 'queueIntegration'; id: number } | { kind: 'prompt'; id: number };

/** What holds the ticket now: the integration it was handed to, if it is still on. */
function integrationOfTicket(ticket: TicketRow): IntegrationRef | undefined {
  if (!ticket.useIntegration || ticket.userId !== null) return undefined;
  if (ticket.integrationId) return { kind: 'queueIntegration', id: ticket.integrationId };
  if (ticket.promptId) return { kind: 'prompt', id: ticket.promptId };
  return undefined;
}

/** Hands the ticket to an integration: from now on its customer messages go there until it lets go. */
async function engageIntegration(deps: AppDeps, ticket: TicketRow, ref: IntegrationRef): Promise<TicketRow> {
  const [row] = await deps.db
    .update(tickets)
    .set({
      useIntegration: true,
      integrationId: ref.kind === 'queueIntegration' ? ref.id : null,
      promptId: ref.kind === 'prompt' ? ref.id : null,
      typebotSessionId: null,
      typebotStatus: false,
    })
    .where(tenant(tickets, ticket.companyId, eq(tickets.id, ticket.id)))
    .returning();
  return row ?? ticket;
}

/** Plan flags hold at runtime too: a plan without the feature runs none of its integrations. */
async function planAllows(deps: AppDeps, companyId: number, ref: IntegrationRef) {
  const [plan] = await deps.db
    .select({ useIntegrations: plans.useIntegrations, useOpenAi: plans.useOpenAi })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return ref.kind === 'prompt' ? plan?.useOpenAi === true : plan?.useIntegrations === true;
}

const sameRef = (a: IntegrationRef | undefined, b: IntegrationRef) => a?.kind === b.kind && a.id === b.id;

async function dispatch(deps: AppDeps, ticket: TicketRow, message: InboundText, ref: IntegrationRef) {
  if (ref.kind === 'prompt') {
    const [prompt] = await deps.db
      .select()
      .from(prompts)
      .where(tenant(prompts, ticket.companyId, eq(prompts.id, ref.id)));
    return prompt ? runPrompt(deps, ticket, prompt) : notApplicable;
  }
  const [integration] = await deps.db
    .select()
    .from(queueIntegrations)
    .where(tenant(queueIntegrations, ticket.companyId, eq(queueIntegrations.id, ref.id)));
  if (!integration) return notApplicable;
  switch (integration.type) {
    case 'typebot':
      return runTypebot(deps, ticket, message, integration);
    case 'dialogflow':
      return runDialogflow(deps, ticket, message, integration);
    case 'webhook':
    case 'n8n':
      if (message.queuedFor === integration.id) return handled;
      await enqueueWebhook(deps, {
        companyId: ticket.companyId,
        integrationId: integration.id,
        ticketId: ticket.id,
        messageId: message.id,
      });
      return handled;
    default:
      return notApplicable;
  }
}

/**
 * The one entry of integrations at runtime, for the chatbot and the inbox: the customer's message
 * goes to the ticket's integration, which answers on the ticket and may hand it over to a queue or
 * a user. A service that fails or cannot be reached hands the ticket to people rather than leave
 * the customer talking to nobody.
 */
export async function runIntegration(
  deps: AppDeps,
  input: { ticket: { id: number; companyId: number }; message: InboundText; integration: IntegrationRef },
): Promise<IntegrationOutcome> {
  const [current] = await deps.db
    .select()
    .from(tickets)
    .where(tenant(tickets, input.ticket.companyId, eq(tickets.id, input.ticket.id)));
  // A person holding the ticket answers it; the integration stays out of the conversation.
  if (!current || current.status === 'closed' || current.userId !== null || !input.message.body.trim()) {
    return notApplicable;
  }
  if (!(await planAllows(deps, current.companyId, input.integration))) return notApplicable;
  const ticket = sameRef(integrationOfTicket(current), input.integration)
    ? current
    : await engageIntegration(deps, current, input.integration);
  try {
    return await dispatch(deps, ticket, input.message, input.integration);
  } catch (error) {
    deps.log.warn({ type: (error as Error).name, integration: input.integration.kind }, 'integration failed');
    const target = await handOver(deps, ticket, {
      queueId: await fallbackQueue(deps, ticket, input.integration),
      userId: null,
    });
    return target ? { outcome: 'handedOver', ...target } : handled;
  }
}

/** Where a failed integration leaves the ticket: a prompt's transfer queue, else the ticket's own. */
async function fallbackQueue(deps: AppDeps, ticket: TicketRow, ref: IntegrationRef) {
  if (ref.kind !== 'prompt') return ticket.queueId;
  const [prompt] = await deps.db
    .select({ queueId: prompts.queueId })
    .from(prompts)
    .where(tenant(prompts, ticket.companyId, eq(prompts.id, ref.id)));
  return prompt?.queueId ?? ticket.queueId;
}
