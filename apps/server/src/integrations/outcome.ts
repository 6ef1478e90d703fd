import type { HandoverTarget } from '../modules/tickets/tickets.handover.js';

/** What an integration did with one inbound message; the chatbot decides what follows from it. */
export type IntegrationOutcome =
  | { outcome: 'handled' }
  | ({ outcome: 'handedOver' } & HandoverTarget)
  | { outcome: 'notApplicable' };

export const handled: IntegrationOutcome = { outcome: 'handled' };
export const notApplicable: IntegrationOutcome = { outcome: 'notApplicable' };

/** The message being answered, as the inbox stored it. */
export interface InboundText {
  id: number;
  body: string;
  /** The integration whose job the intake already queued for this message, in its own transaction. */
  queuedFor?: number;
}
