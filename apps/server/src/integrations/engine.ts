import type { Integrations } from '../platform/context.js';
import { type IntegrationRef, runIntegration } from './run-integration.js';
import { queueHeldMessages } from './webhook-intake.js';

/**
 * The chatbot's seam filled by the real engines: the menu hands a ticket to the connection's,
 * queue's or option's integration (or prompt), and every later customer message while the ticket
 * is handed over. An engine that does not apply (plan flag off, a person holds the ticket, no text)
 * lets the menu run as if there were none.
 */
export const integrationEngine: Integrations = {
  async runIntegration(deps, run) {
    const integration: IntegrationRef | undefined = run.integrationId
      ? { kind: 'queueIntegration', id: run.integrationId }
      : run.promptId
        ? { kind: 'prompt', id: run.promptId }
        : undefined;
    if (!integration) return 'skipped';
    const result = await runIntegration(deps, {
      ticket: { id: run.ticket.id, companyId: run.companyId },
      message: { id: run.message.id, body: run.message.body, queuedFor: run.message.queuedFor },
      integration,
    });
    return result.outcome === 'notApplicable' ? 'skipped' : 'handled';
  },
  queueHeldMessages,
};
