import type { connections, tickets } from '../db/schema/index.js';
import type { AppDeps } from '../platform/context.js';

/**
 * Where the chatbot hands a conversation to an engine outside the inbox: the connection's or queue's
 * integration or prompt, or an option of type "integration". The engines (webhook, n8n, Typebot,
 * Dialogflow, OpenAI) implement this and are set as `deps.integrations`.
 */
interface IntegrationRun {
  companyId: number;
  ticket: typeof tickets.$inferSelect;
  connection: typeof connections.$inferSelect;
  /** The customer's message that triggered the run. */
  message: { id: number; body: string; mediaType: string | null };
  /** Which engine: a queue integration or a prompt; at least one of them is set. */
  integrationId: number | null;
  promptId: number | null;
}

export interface Integrations {
  /**
   * Runs the engine on the message. Answers 'handled' when the engine answered (or will answer) the
   * customer, so the menu stays silent; 'skipped' lets the menu run as if there were no engine.
   */
  runIntegration(deps: AppDeps, run: IntegrationRun): Promise<'handled' | 'skipped'>;
}
