import { z } from 'zod';
import { dbId, dbIdText, msg, pageNumber, queryBoolean, withoutNul } from '../validation.js';

/** Spec 001 §5: a tag's name has at least 3 characters ('Tag muito curta!'). */
const TAG_NAME_MIN = 3;
const TAG_NAME_MAX = 50;

/** A tag as a contact or a ticket carries it. */
export const tagRefSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

export const tagSchema = tagRefSchema.extend({
  /** Non-zero makes the tag a Kanban lane. */
  kanban: z.number(),
  userId: z.number().nullable(),
  contactsCount: z.number(),
  ticketsCount: z.number(),
});
export type Tag = z.infer<typeof tagSchema>;

const tagFields = {
  /** Its own short-name key: the spec words it 'Tag muito curta!' rather than the usual 'Muito curto!'. */
  name: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .min(TAG_NAME_MIN, msg.tagTooShort)
    .max(TAG_NAME_MAX, msg.tooLong)
    .refine(withoutNul, msg.invalidValue),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{3,8}$/, msg.invalidValue),
  kanban: z.number().int().min(0).max(1),
};

export const createTagBody = z.object({
  name: tagFields.name,
  color: tagFields.color.optional(),
  kanban: tagFields.kanban.optional(),
});
export type CreateTagBody = z.infer<typeof createTagBody>;

export const updateTagBody = z.object(tagFields).partial();
export type UpdateTagBody = z.infer<typeof updateTagBody>;

export const listTagsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
  kanban: queryBoolean.optional(),
});
export type ListTagsQuery = z.infer<typeof listTagsQuery>;
export const listTagsResponse = z.object({
  tags: z.array(tagSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

export const tagOptionsQuery = z.object({ kanban: queryBoolean.optional() });
export const tagOptionsResponse = z.array(tagRefSchema.extend({ kanban: z.number() }));

/** Replaces the tags of a contact, of a ticket, or of both when both are named, with `tags`. */
export const syncTagsBody = z
  .object({
    contactId: dbId().optional(),
    ticketId: dbId().optional(),
    tags: z.array(z.object({ id: dbId() })).max(100),
  })
  .refine((body) => body.contactId !== undefined || body.ticketId !== undefined, {
    message: 'required',
    path: ['contactId'],
  });
export type SyncTagsBody = z.infer<typeof syncTagsBody>;
export const tagsOfResponse = z.object({ tags: z.array(tagRefSchema) });

export const contactIdParam = z.object({ contactId: dbIdText() });
/** `PUT /ticket-tags/{ticketId}/{tagId}` (the Kanban). */
export const ticketTagParams = z.object({ ticketId: dbIdText(), tagId: dbIdText() });

export const tagEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), tag: tagSchema }),
  z.object({ action: z.literal('delete'), tagId: z.number() }),
]);
export type TagEvent = z.infer<typeof tagEvent>;
