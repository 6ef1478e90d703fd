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
}

export type ChannelRegistry = Map<string, ChannelAdapter>;
