import {
  type Contact,
  type CreateContactBody,
  createContactBody,
  type UpdateContactBody,
  updateContactBody,
} from '@balcao/shared';
import type { z } from 'zod';

const formFields = {
  name: true,
  number: true,
  email: true,
  disableBot: true,
  acceptAudioMessage: true,
  extraInfo: true,
} as const;

/** Creating needs a name and a number, as the contract says. */
export const createContactForm = createContactBody.pick(formFields);
/** Editing: every field optional; a number hidden by lgpdHideNumber stays blank and is left unchanged. */
export const editContactForm = updateContactBody.pick(formFields);

export type ContactFormInput = z.input<typeof editContactForm>;
export type ContactFormOutput = z.output<typeof editContactForm>;

export function contactFormDefaults(contact: Contact | null): ContactFormInput {
  return {
    name: contact?.name ?? '',
    number: contact?.numberHidden ? undefined : (contact?.number ?? ''),
    email: contact?.email ?? '',
    disableBot: contact?.disableBot ?? false,
    acceptAudioMessage: contact?.acceptAudioMessage ?? true,
    extraInfo: contact?.extraInfo.map(({ name, value }) => ({ name, value })) ?? [],
  };
}

export function toUpdateContactBody(values: ContactFormOutput): UpdateContactBody {
  const body: UpdateContactBody = { ...values };
  if (!body.number) delete body.number;
  return body;
}

export const toCreateContactBody = (values: ContactFormOutput): CreateContactBody =>
  createContactBody.parse(values);

export const contactFormFieldNames = Object.keys(formFields) as (keyof typeof formFields)[];
