import type { ErrorCode, MessageTemplate, TypingState } from '@balcao/shared';
import type { Tx } from '../../db/client.js';
import type { connections, contacts, messages } from '../../db/schema/index.js';

/** The provider ids a connection would answer for once saved, with its token in clear. */
export type ConnectionClaim = Pick<
  typeof connections.$inferSelect,
  'phoneNumberId' | 'facebookPageUserId' | 'instagramAccountId'
> & { accessToken: string };

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
  /** Tells the customer their message was read (and, on some channels, every earlier one). */
  markRead?(target: Omit<OutboundDelivery, 'message'> & { externalId: string }): Promise<void>;
  /** Shows the customer an agent's emoji under a message ('' takes it back). */
  react?(delivery: OutboundDelivery, target: { externalId: string; emoji: string }): Promise<void>;
  /**
   * What the channel shows of a phone number's owner (name, picture, the jid WhatsApp addresses them
   * by), where it can tell; ERR_WAPP_INVALID_CONTACT when the channel says nobody owns it.
   */
  fetchProfile?(
    connection: OutboundDelivery['connection'],
    number: string,
  ): Promise<{ name?: string; pictureUrl?: string; whatsappJid?: string } | undefined>;
  /**
   * Whether each phone number has an account on the channel (true) or none (false), asked of the
   * connection's live session; ERR_WAPP_NOT_INITIALIZED when this process holds none. Channels that
   * cannot tell leave it out.
   */
  checkNumbers?(connection: OutboundDelivery['connection'], numbers: string[]): Promise<Map<string, boolean>>;
  /** Tells the customer an attendant is typing or recording (null: stopped), where the channel can. */
  presence?(
    conversation: { companyId: number; connectionId: number; contactId: number },
    state: TypingState | null,
  ): Promise<void>;
  /** The approved templates a connection may send outside the customer-service window, where the channel has them. */
  templates?(connection: OutboundDelivery['connection']): Promise<MessageTemplate[]>;
  /** Channels with a live visitor (the website chat) tell them their conversation was closed. */
  conversationClosed?(conversation: { connectionId: number; contactId: number }): Promise<void>;
  /**
   * Before a form stores a connection's provider ids or token: the channel proves the token may act for
   * the id its webhooks name, or refuses with an AppError.
   */
  checkClaim?(claim: ConnectionClaim): Promise<void>;
  /** In the delete's transaction, before the connection's row goes: what must outlive it is set aside. */
  connectionDeleting?(tx: Tx, connection: { companyId: number; connectionId: number }): Promise<void>;
  /** The connection was deleted: the channel lets go of what it holds for it outside the database. */
  connectionDeleted?(connection: { companyId: number; connectionId: number }): Promise<void>;
  /** Channels that reach phone numbers send a notice to one outside any conversation (on-duty alerts). */
  notify?(notice: {
    connection: typeof connections.$inferSelect;
    number: string;
    body: string;
  }): Promise<void>;
}

export type ChannelRegistry = Map<string, ChannelAdapter>;

/**
 * Tells the channel that the ticket's conversation was closed: only channels with a live visitor (the
 * website chat) do anything, each for its own connections.
 */
export async function notifyConversationClosed(
  deps: { channels: ChannelRegistry },
  ticket: { connectionId: number | null; contactId: number },
) {
  const { connectionId, contactId } = ticket;
  if (connectionId === null) return;
  for (const adapter of deps.channels.values())
    await adapter.conversationClosed?.({ connectionId, contactId });
}

/**
 * A refusal that no retry can change (the 24-hour window closed, the token was revoked): the outbox
 * fails the message at once with `reason`, an error code the web translates.
 */
export class PermanentSendError extends Error {
  constructor(
    readonly reason: ErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * The request may have reached the provider, which did not answer (a timeout, a connection dropped
 * after the request was written, an answer without the message's id): resending could deliver it
 * twice, so the outbox waits for the provider's status instead (messages.outbox-worker.ts).
 */
export class UncertainSendError extends Error {}
