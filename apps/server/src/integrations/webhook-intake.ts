import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { companies, plans, queueIntegrations } from '../db/schema/index.js';
import type { AppDeps, HeldMessage } from '../platform/context.js';
import { enqueueWebhook, WEBHOOK_JOB } from './webhook.js';

/** Where the chatbot hands a customer's message to the ticket's engine rather than answering it itself. */
const engineAnswers = (ticket: HeldMessage['ticket']) =>
  ticket.useIntegration &&
  ticket.integrationId !== null &&
  ticket.userId === null &&
  !ticket.isGroup &&
  !['closed', 'nps', 'lgpd'].includes(ticket.status);

/**
 * The intake's side of webhook and n8n integrations: a customer's message to a ticket such an
 * integration holds is queued in the transaction that stores it (runIntegration's rules: nobody
 * holds the ticket, the message has text, the plan has integrations), so no crash between the
 * commit and the chatbot loses its delivery.
 */
export async function queueHeldMessages(deps: AppDeps, tx: Tx, held: HeldMessage[]) {
  const queuedFor = new Map<number, number>();
  const candidates = held.filter(({ ticket, message }) => engineAnswers(ticket) && message.body.trim());
  const ids = [...new Set(candidates.map(({ ticket }) => ticket.integrationId as number))];
  const [first] = candidates;
  if (!first || ids.length === 0) return { queuedFor, wake: () => {} };
  const { companyId } = first.ticket;
  const delivered = await tx
    .select({ id: queueIntegrations.id })
    .from(queueIntegrations)
    .innerJoin(companies, eq(companies.id, queueIntegrations.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(
      and(
        eq(queueIntegrations.companyId, companyId),
        inArray(queueIntegrations.id, ids),
        inArray(queueIntegrations.type, ['webhook', 'n8n']),
        eq(plans.useIntegrations, true),
      ),
    );
  const byJob = new Set(delivered.map((integration) => integration.id));
  for (const { ticket, message } of candidates) {
    const integrationId = ticket.integrationId as number;
    if (!byJob.has(integrationId)) continue;
    await enqueueWebhook(deps, { companyId, integrationId, ticketId: ticket.id, messageId: message.id }, tx);
    queuedFor.set(message.id, integrationId);
  }
  return { queuedFor, wake: () => deps.jobs.wake(WEBHOOK_JOB) };
}
