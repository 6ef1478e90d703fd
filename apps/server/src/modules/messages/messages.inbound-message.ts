import type { JobOptions } from '../../platform/jobs/jobs.js';

/** One inbound message, whatever channel it came from. */
export interface InboundMessage {
  companyId: number;
  connectionId: number;
  channel: string;
  /** How the channel knows the sender: phone, lid, psid, igsid or webchat. */
  identity: { kind: string; value: string };
  contact: {
    name: string;
    number?: string | null;
    email?: string;
    isGroup?: boolean;
    /** The jid WhatsApp addresses the sender's phone by, when the channel is WhatsApp and tells it. */
    whatsappJid?: string | null;
  };
  /** The provider's id for the message; a redelivery with the same id is stored once. */
  externalId: string;
  body: string;
  /** An attachment the channel already put in storage. */
  media?: { mediaPath: string; mediaType: string; mediaName: string | null };
  /**
   * An attachment the channel fetches once the message is stored: the row says 'pending' until the
   * job stores the file or gives up. The job is queued in the intake's transaction, only for a message
   * stored now (a redelivery queues none), with the message's `companyId` and `messageId` added to `data`.
   */
  pendingMedia?: {
    mediaType: string;
    mediaName: string | null;
    job: { name: string; data: object; options: JobOptions };
  };
  /** What the message is when not text or a stored file: 'locationMessage', 'contactMessage', 'reactionMessage'. */
  mediaType?: string;
  /** The provider's id of the message this one replies or reacts to. */
  quotedExternalId?: string;
  /** Written by the business outside Balcão (the Page inbox, the phone itself): stored as ours, already sent. */
  fromMe?: boolean;
  /** Other ids of the same person (the phone behind a WhatsApp LID): linked to the same contact. */
  alsoKnownAs?: { kind: string; value: string }[];
  /** In a group, the member who wrote it: the ticket belongs to the group, the message to them. */
  sender?: {
    identity: { kind: string; value: string };
    contact: Pick<InboundMessage['contact'], 'name' | 'number' | 'whatsappJid'>;
    jid: string;
  };
  /** A group handled apart from tickets (the connection's groupAsTicket off). */
  groupTicket?: boolean;
  /** When the customer sent it, for history and back-filled messages. */
  sentAt?: Date;
  /** From a history import: stored and shown, but no automation and nothing unread. */
  imported?: boolean;
  /** Back-filled after the session was down: its ticket says so in the list. */
  arrivedOffline?: boolean;
}
