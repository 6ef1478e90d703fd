import type { Tx } from '../../db/client.js';
import type { connections, tickets } from '../../db/schema/index.js';
import type { AppDeps } from '../context.js';

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
  message: { id: number; body: string; mediaType: string | null; queuedFor?: number };
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
  /**
   * Queues, in the intake's transaction, the customer's messages to tickets held by an engine reached
   * through a job (webhook, n8n), so a crash after the commit still delivers them. Answers, by message
   * id, the integration each was queued for (runIntegration then queues it no more), and how to wake
   * the job's worker once the transaction has committed.
   */
  queueHeldMessages(
    deps: AppDeps,
    tx: Tx,
    held: HeldMessage[],
  ): Promise<{ queuedFor: Map<number, number>; wake: () => void }>;
}

/** A customer's message just stored, and its ticket as the message's update left it. */
export interface HeldMessage {
  ticket: typeof tickets.$inferSelect;
  message: { id: number; body: string };
}
