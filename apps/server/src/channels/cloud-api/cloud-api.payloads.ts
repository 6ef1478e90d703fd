import { z } from 'zod';

/** The Cloud API webhook as protocols §2.3 describes it; unknown fields pass, missing optional ones too. */
const media = z.object({
  id: z.string(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  mime_type: z.string().optional(),
});

const cloudMessage = z.object({
  id: z.string(),
  from: z.string().optional(),
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
});
export type CloudMessage = z.infer<typeof cloudMessage>;

const cloudStatus = z.object({
  id: z.string(),
  status: z.string(),
  errors: z.array(z.object({ code: z.number() })).optional(),
});
export type CloudStatus = z.infer<typeof cloudStatus>;

export const cloudWebhook = z.object({
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          value: z.object({
            metadata: z.object({ phone_number_id: z.string() }).optional(),
            contacts: z
              .array(z.object({ wa_id: z.string(), profile: z.object({ name: z.string() }).optional() }))
              .optional(),
            messages: z.array(cloudMessage).optional(),
            statuses: z.array(cloudStatus).optional(),
          }),
        }),
      ),
    }),
  ),
});
