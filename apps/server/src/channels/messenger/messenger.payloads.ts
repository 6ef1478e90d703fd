import { z } from 'zod';

/** Messenger and Instagram share one webhook shape (protocols §3.1, §4.1); ids and a few events differ. */
const attachment = z.object({
  type: z.string(),
  payload: z.object({ url: z.string().optional(), title: z.string().optional() }).nullish(),
});

const messagingEvent = z.object({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }),
  timestamp: z.number().optional(),
  message: z
    .object({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      app_id: z.union([z.number(), z.string()]).optional(),
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

export const messagingWebhook = z.object({
  object: z.enum(['page', 'instagram']),
  entry: z.array(z.object({ id: z.string(), messaging: z.array(messagingEvent).optional() })),
});
