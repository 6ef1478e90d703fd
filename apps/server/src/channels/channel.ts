import type { connections, contacts, messages } from '../db/schema/index.js';

interface OutboundDelivery {
  connection: typeof connections.$inferSelect;
  contact: typeof contacts.$inferSelect;
  message: typeof messages.$inferSelect;
}

/** What every channel does for the outbound path; inbound arrives through `inbox.receive()`. */
export interface ChannelAdapter {
  /** Sends and answers the provider's id for the message and the ack it reached (1 sent, 2 delivered). */
  send(delivery: OutboundDelivery): Promise<{ externalId: string; ack: number }>;
  /** Channels with a live visitor (the website chat) tell them their conversation was closed. */
  conversationClosed?(conversation: { connectionId: number; contactId: number }): Promise<void>;
}

export type ChannelRegistry = Map<string, ChannelAdapter>;
