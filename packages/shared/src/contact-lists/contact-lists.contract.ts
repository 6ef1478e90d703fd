import { z } from 'zod';
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
