import { z } from 'zod';

/**
 * Messenger and Instagram share one webhook shape (protocols §3.1, §4.1); ids and a few events differ.
 * Entries and their events are read one by one (messenger.inbound.ts): an event of another shape (an
 * opt-in naming a user_ref and no sender) is that event's loss only.
 */
const attachment = z.object({
  type: z.string(),
  payload: z.object({ url: z.string().optional(), title: z.string().optional() }).nullish(),
});

export const messagingEvent = z.object({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }),
  timestamp: z.number().optional(),
  message: z
    .object({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      app_id: z.union([z.number(), z.string()]).optional(),
      /** What our send carried (graph.acks.ts), echoed with it. */
      metadata: z.string().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      attachments: z.array(attachment).optional(),
      reply_to: z.object({ mid: z.string().optional() }).optional(),
      quick_reply: z.object({ payload: z.string() }).optional(),
    })
    .optional(),
  postback: z
    .object({ mid: z.string().optional(), title: z.string().optional(), payload: z.string() })
    .optional(),
  reaction: z
    .object({
      mid: z.string(),
      action: z.string(),
      emoji: z.string().optional(),
      reaction: z.string().optional(),
    })
    .optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number() }).optional(),
  read: z.object({ mid: z.string().optional(), watermark: z.number().optional() }).optional(),
});
export type MessagingEvent = z.infer<typeof messagingEvent>;

export const messagingEnvelope = z.object({
  object: z.enum(['page', 'instagram']),
  entry: z.array(z.unknown()),
});
export const messagingEntry = z.object({ id: z.string(), messaging: z.array(z.unknown()).optional() });
/** The entry's id alone, to tell whose an unreadable entry was. */
export const entryId = z.object({ id: z.string() });

/** What is left of a message event no other shape fits: enough to trace it in its sender's ticket. */
export const looseMessagingMessage = z.object({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }),
  message: z.object({ mid: z.string(), is_echo: z.boolean().optional() }),
});
