import { z } from 'zod';

/**
 * The Cloud API webhook as protocols §2.3 describes it; unknown fields pass, missing optional ones too.
 * Each level is read on its own (cloud-api.inbound.ts), so one element of an unknown shape is only
 * that element's loss.
 */
const media = z.object({
  id: z.string(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  mime_type: z.string().optional(),
});

export const cloudMessage = z.object({
  id: z.string(),
  /** The sender's phone; withheld (2026) from a user with a username while Meta's rules say so. */
  from: z.string().optional(),
  /** The sender's business-scoped user id (BSUID), beside or instead of the phone. */
  from_user_id: z.string().optional(),
  timestamp: z.string().optional(),
  type: z.string(),
  context: z.object({ id: z.string().optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  image: media.optional(),
  video: media.optional(),
  audio: media.optional(),
  document: media.optional(),
  sticker: media.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  contacts: z
    .array(
      z.object({
        name: z.object({ formatted_name: z.string().optional() }).optional(),
        phones: z.array(z.object({ phone: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string() }).optional(),
    })
    .optional(),
  button: z.object({ text: z.string() }).optional(),
  reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  system: z.object({ body: z.string().optional() }).optional(),
});
export type CloudMessage = z.infer<typeof cloudMessage>;

export const cloudStatus = z.object({
  id: z.string(),
  status: z.string(),
  errors: z.array(z.object({ code: z.number() })).optional(),
  /** What the send carried for us: our message's id (graph.acks.ts). */
  biz_opaque_callback_data: z.string().optional(),
});
export type CloudStatus = z.infer<typeof cloudStatus>;

/** What is left of a message no other shape fits: enough to trace it in its sender's ticket. */
export const looseCloudMessage = z.object({
  id: z.string(),
  from: z.string().optional(),
  from_user_id: z.string().optional(),
  timestamp: z.string().optional(),
  type: z.string().optional(),
});

/** A sender: by phone (`wa_id`), by BSUID (`user_id`), or both. */
export const cloudContact = z.object({
  wa_id: z.string().optional(),
  user_id: z.string().optional(),
  profile: z.object({ name: z.string().optional(), username: z.string().optional() }).optional(),
});
export type CloudContact = z.infer<typeof cloudContact>;

export const cloudEnvelope = z.object({ entry: z.array(z.unknown()) });
export const cloudEntry = z.object({ changes: z.array(z.unknown()) });
export const cloudChange = z.object({
  value: z.object({
    metadata: z.object({ phone_number_id: z.string() }).optional(),
    contacts: z.array(z.unknown()).optional(),
    messages: z.array(z.unknown()).optional(),
    statuses: z.array(z.unknown()).optional(),
    /** Meta's own failures about the number (protocols §2.3, system-level errors). */
    errors: z.array(z.unknown()).optional(),
  }),
});
