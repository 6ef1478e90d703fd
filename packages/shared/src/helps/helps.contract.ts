import { z } from 'zod';
import { msg, pageNumber, plainText, requiredText } from '../validation.js';
import { youtubeVideoId } from './youtube.js';

export const helpSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** A YouTube video id (never a link). */
  video: z.string(),
  description: z.string(),
});
export type Help = z.infer<typeof helpSchema>;

/** A YouTube id or link, answered as the bare id; anything else is refused. */
const video = z
  .string({ error: msg.required })
  .trim()
  .min(1, msg.required)
  .max(300, msg.tooLong)
  .transform((value, ctx) => {
    const id = youtubeVideoId(value);
    if (id) return id;
    ctx.addIssue({ code: 'custom', message: msg.youtubeVideo });
    return z.NEVER;
  });

const helpFields = {
  title: requiredText(1, 100),
  video,
  description: plainText(1000).trim(),
};

export const createHelpBody = z.object({
  title: helpFields.title,
  video: helpFields.video,
  description: helpFields.description.default(''),
});
export type CreateHelpBody = z.infer<typeof createHelpBody>;

export const updateHelpBody = z.object(helpFields).partial();
export type UpdateHelpBody = z.infer<typeof updateHelpBody>;

export const listHelpsQuery = z.object({
  searchParam: plainText(100).trim().optional(),
  pageNumber,
});
export type ListHelpsQuery = z.infer<typeof listHelpsQuery>;

export const listHelpsResponse = z.object({
  records: z.array(helpSchema),
  hasMore: z.boolean(),
  count: z.number(),
});
export const helpsListResponse = z.array(helpSchema);

/** The `help` event (ours): one emit reaches every signed-in user, whatever their company. */
export const helpEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: helpSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
export type HelpEvent = z.infer<typeof helpEvent>;
