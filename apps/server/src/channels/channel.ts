import type { connections, contacts, messages } from '../db/schema/index.js';

export interface OutboundDelivery {
  connection: typeof connections.$inferSelect;
  contact: typeof contacts.$inferSelect;
  message: typeof messages.$inferSelect;
}

/** What every channel does for the outbound path; inbound arrives through `inbox.receive()`. */
export interface ChannelAdapter {
  /** Sends and answers the provider's id for the message and the ack it reached (1 sent, 2 delivered). */
  send(delivery: OutboundDelivery): Promise<{ externalId: string; ack: number }>;
  /** Shows the customer the new text of a message already sent, where the channel can. */
  edit?(delivery: OutboundDelivery): Promise<void>;
  /** Withdraws a message already sent from the customer's view, where the channel can. */
  revoke?(delivery: OutboundDelivery): Promise<void>;
  /** Channels with a live visitor (the website chat) tell them their conversation was closed. */
  conversationClosed?(conversation: { connectionId: number; contactId: number }): Promise<void>;
}

export type ChannelRegistry = Map<string, ChannelAdapter>;
