import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../constants.js';
import { dbId, dbIdText, email, pageNumber, requiredText } from '../validation.js';

/** Spec 001 §4: a contact list's name and an item's name take 2 to 50 characters, a number 8 to 50. */
const LIST_NAME = requiredText(2, 50);
const ITEM_NUMBER_MIN = 8;
const ITEM_NUMBER_MAX = 50;

export const contactListSchema = z.object({
  id: z.number(),
  name: z.string(),
  contactsCount: z.number(),
  /** Items the connection confirmed are on WhatsApp; a campaign sends only to these. */
  validCount: z.number(),
  /** Items not yet checked against WhatsApp. */
  uncheckedCount: z.number(),
  /** A WhatsApp check of its items is under way (`POST /contact-lists/{id}/check-numbers`). */
  checking: z.boolean(),
});
export type ContactList = z.infer<typeof contactListSchema>;

export const contactListBody = z.object({ name: LIST_NAME });
export type ContactListBody = z.infer<typeof contactListBody>;

export const listContactListsQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export const listContactListsResponse = z.object({
  records: z.array(contactListSchema),
  hasMore: z.boolean(),
  count: z.number(),
});
/** `GET /contact-lists/list`: every list of the company, for pickers (the campaign dialog). */
export const contactListOptionsResponse = z.array(contactListSchema);

export const contactListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** null until a connection checked the number. */
  isWhatsappValid: z.boolean().nullable(),
  contactListId: z.number(),
});
export type ContactListItem = z.infer<typeof contactListItemSchema>;

const itemFields = {
  name: requiredText(2, 50),
  number: requiredText(ITEM_NUMBER_MIN, ITEM_NUMBER_MAX),
  email: z.union([z.literal(''), email()]),
};
export const createContactListItemBody = z.object({
  contactListId: dbId(),
  name: itemFields.name,
  number: itemFields.number,
  email: itemFields.email.optional(),
});
export type CreateContactListItemBody = z.infer<typeof createContactListItemBody>;
export const updateContactListItemBody = z.object(itemFields).partial();
export type UpdateContactListItemBody = z.infer<typeof updateContactListItemBody>;

export const listContactListItemsQuery = z.object({
  contactListId: dbIdText(),
  searchParam: z.string().trim().max(100).optional(),
  pageNumber,
});
export const listContactListItemsResponse = z.object({
  contacts: z.array(contactListItemSchema),
  hasMore: z.boolean(),
  count: z.number(),
});

/** `company-{id}-contactList`. */
export const contactListEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: contactListSchema }),
  z.object({ action: z.literal('delete'), id: z.number() }),
]);
export type ContactListEvent = z.infer<typeof contactListEvent>;

/** `company-{id}-contactListItem`; `reload` after an upload or a WhatsApp check changed many items. */
export const contactListItemEvent = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['create', 'update']), record: contactListItemSchema }),
  z.object({ action: z.literal('delete'), id: z.number(), contactListId: z.number() }),
  z.object({ action: z.literal('reload'), contactListId: z.number() }),
]);
export type ContactListItemEvent = z.infer<typeof contactListItemEvent>;

/** The example sheet's header row, in this order; an uploaded sheet needs at least name and number. */
export const CONTACT_LIST_SHEET_COLUMNS = ['name', 'number', 'email'] as const;

/** `GET /contact-lists/example-sheet`: the header in the reader's language. */
export const contactListExampleQuery = z.object({ language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE) });

/** `POST /contact-lists/{id}/upload`: the sheet was read whole and its rows are being stored. */
export const contactListImportStarted = z.object({ importId: z.string(), total: z.number() });

/** Why an uploaded row was not stored, reported with the row as the sheet had it. */
const CONTACT_LIST_ROW_ERRORS = [
  'nameTooShort',
  'nameTooLong',
  'invalidPhone',
  'invalidEmail',
  'duplicateInSheet',
] as const;

const contactListRowError = z.object({
  row: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  reason: z.enum(CONTACT_LIST_ROW_ERRORS),
});
export type ContactListRowError = z.infer<typeof contactListRowError>;

/**
 * `company-{id}-contactListImport`, to the uploading user only: counts so far, and the rows of this
 * batch that were refused (the page keeps them all, for the errors sheet).
 */
export const contactListImportEvent = z.object({
  importId: z.string(),
  contactListId: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  processed: z.number(),
  total: z.number(),
  created: z.number(),
  /** Rows whose number the list already had: that item took the row's name and e-mail. */
  updated: z.number(),
  failed: z.number(),
  errors: z.array(contactListRowError),
});
export type ContactListImportEvent = z.infer<typeof contactListImportEvent>;

/**
 * `POST /contact-lists/{id}/from-contacts`: the company's contacts carrying any of the tags and/or
 * matching the contacts page's search are copied in; numbers the list has are left as they are.
 */
export const contactListFromContactsBody = z.object({
  tagIds: z.array(dbId()).max(100).optional(),
  searchParam: z.string().trim().max(100).optional(),
});
export type ContactListFromContactsBody = z.infer<typeof contactListFromContactsBody>;
export const contactListFromContactsResponse = z.object({ added: z.number() });
