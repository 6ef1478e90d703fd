import { z } from 'zod';
import { dbId, msg, pageNumber, plainText, queryBoolean, requiredText } from '../validation.js';

const tagRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

const extraInfoSchema = z.object({ name: requiredText(1, 100), value: plainText(1000).trim() });

export const contactSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Digits (E.164 without +); null when the channel gives none; masked (`*`) when lgpdHideNumber hides it. */
  number: z.string().nullable(),
  numberHidden: z.boolean(),
  email: z.string(),
  urlPicture: z.string(),
  active: z.boolean(),
  channel: z.string(),
  isGroup: z.boolean(),
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  lgpdAcceptedAt: z.string().nullable(),
  extraInfo: z.array(z.object({ id: z.number(), name: z.string(), value: z.string() })),
  tags: z.array(tagRef),
  lastInteractionAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** `contactTag` arrives as a JSON array of tag ids, as the spec's client sends it. */
const tagIdsParam = z
  .string()
  .max(2000)
  .transform((value, ctx) => {
    try {
      return z.array(dbId()).max(50).parse(JSON.parse(value));
    } catch {
      ctx.addIssue({ code: 'custom', message: msg.invalidValue });
      return z.NEVER;
    }
  });

export const listContactsQuery = z.object({
  searchParam: plainText(100).trim().optional(),
  pageNumber,
  contactTag: tagIdsParam.optional(),
  channel: plainText(20).optional(),
  isGroup: queryBoolean.optional(),
});
export type ListContactsQuery = z.infer<typeof listContactsQuery>;

export const listContactsResponse = z.object({
  contacts: z.array(contactSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

/** A contact's e-mail: empty, or an address, trimmed and in lower case. */
export const contactEmail = z.union([
  z.literal(''),
  z.string().trim().toLowerCase().max(200).email(msg.invalidEmail),
]);

const contactFields = {
  name: requiredText(2, 50),
  /** As typed; the server normalises it once (libphonenumber-js, default region BR). */
  number: requiredText(8, 50),
  email: contactEmail,
  disableBot: z.boolean(),
  acceptAudioMessage: z.boolean(),
  extraInfo: z.array(extraInfoSchema).max(50),
  tagIds: z.array(dbId()).max(50),
};

export const createContactBody = z.object({
  ...contactFields,
  email: contactFields.email.optional(),
  disableBot: contactFields.disableBot.optional(),
  acceptAudioMessage: contactFields.acceptAudioMessage.optional(),
  extraInfo: contactFields.extraInfo.optional(),
  tagIds: contactFields.tagIds.optional(),
});
export type CreateContactBody = z.infer<typeof createContactBody>;

export const updateContactBody = z.object(contactFields).partial();
export type UpdateContactBody = z.infer<typeof updateContactBody>;

export const blockContactBody = z.object({ active: z.boolean() });

export const contactEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), contact: contactSchema }),
  z.object({ action: z.literal('delete'), contactId: z.number() }),
  /** Two records turned out to be one person (a WhatsApp LID and its phone): `mergedId` lives on as `contact`. */
  z.object({ action: z.literal('merge'), contact: contactSchema, mergedId: z.number() }),
]);
export type ContactEvent = z.infer<typeof contactEvent>;

/** The example sheet's header row; an imported sheet needs at least `name` and `number`. */
export const CONTACT_SHEET_COLUMNS = ['name', 'number', 'email', 'tags'] as const;
/** The most contact rows one import takes; a longer sheet is refused whole. */
export const CONTACT_SHEET_MAX_ROWS = 50_000;

/**
 * Why a row was not imported: a number that is not one, the same number (in either Brazilian mobile
 * form) as an earlier row, or a stored contact the row has nothing to add to.
 */
const CONTACT_IMPORT_SKIPS = ['invalidPhone', 'duplicateInSheet', 'alreadyStored'] as const;
/** What an imported row was stored without: an e-mail that is not one. */
const CONTACT_IMPORT_WARNINGS = ['invalidEmail'] as const;

const contactImportRowNote = z.object({
  row: z.number(),
  /** As the sheet has it. */
  number: z.string(),
  reason: z.enum([...CONTACT_IMPORT_SKIPS, ...CONTACT_IMPORT_WARNINGS]),
  /** duplicateInSheet: the row that had the number first. */
  firstRow: z.number().optional(),
});
export type ContactImportRowNote = z.infer<typeof contactImportRowNote>;

/**
 * Progress of one import, sent to the importing user only: counts so far, and the rows of this
 * batch that were skipped or imported with a warning.
 */
export const contactImportEvent = z.object({
  importId: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  processed: z.number(),
  total: z.number(),
  created: z.number(),
  /** Stored contacts the sheet filled in (an empty e-mail or name, new tags). */
  updated: z.number(),
  skipped: z.number(),
  skippedRows: z.array(contactImportRowNote),
  warnings: z.array(contactImportRowNote),
});
export type ContactImportEvent = z.infer<typeof contactImportEvent>;

export const contactImportStarted = z.object({ importId: z.string(), total: z.number() });

/** GET /contacts/profile/{number}: the contact behind a number (created when new) and its picture. */
export const contactProfileParams = z.object({ number: z.string().trim().min(8).max(50) });
export const contactProfileResponse = z.object({ contactId: z.number(), urlPicture: z.string() });
