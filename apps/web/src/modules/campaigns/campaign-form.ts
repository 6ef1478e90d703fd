import {
  type Campaign,
  type CreateCampaignBody,
  campaignBuiltinVariables,
  campaignConfirmationKeys,
  campaignMessageKeys,
  createCampaignBody,
  fromZonedInput,
  isCampaignEditable,
  msg,
  toZonedInput,
} from '@balcao/shared';
import { z } from 'zod';

/** What the dialog lets change: everything, only the texts (a cancelled campaign), or nothing. */
export type CampaignDialogMode = 'edit' | 'messagesOnly' | 'readOnly';

/** Spec 001 §2: read-only unless INATIVA or PROGRAMADA over an hour ahead; a CANCELADA one's messages stay editable. */
export function dialogMode(campaign: Campaign | null, now = new Date()): CampaignDialogMode {
  if (!campaign) return 'edit';
  const scheduledAt = campaign.scheduledAt ? new Date(campaign.scheduledAt) : null;
  if (!isCampaignEditable(campaign.status, scheduledAt, now)) return 'readOnly';
  return campaign.status === 'CANCELADA' ? 'messagesOnly' : 'edit';
}

const text = createCampaignBody.shape.message1.unwrap();
const messageFields = Object.fromEntries(
  [...campaignMessageKeys, ...campaignConfirmationKeys].map((key) => [key, text]),
) as Record<(typeof campaignMessageKeys)[number] | (typeof campaignConfirmationKeys)[number], typeof text>;

const templateValue = z.string().trim().min(1, msg.required).max(1024, msg.tooLong);
/** The chosen Cloud API template's values as typed ('' for a header it does not have). */
const templateForm = z.object({
  name: z.string(),
  language: z.string(),
  header: z.string(),
  parameters: z.array(templateValue),
  buttons: z.array(templateValue),
});

/** The form holds pickers' blanks ('' for no list) and the schedule as a date-time input's text. */
export const campaignForm = z.object({
  name: createCampaignBody.shape.name,
  confirmation: z.boolean(),
  contactListId: z.union([z.literal(''), z.number()]),
  tagListId: z.union([z.literal(''), z.number()]),
  connectionIds: z.array(z.number()).min(1, msg.required),
  scheduledAt: z.string(),
  template: templateForm.nullable(),
  ...messageFields,
});
export type CampaignForm = z.infer<typeof campaignForm>;

const blankMessages = Object.fromEntries(
  [...campaignMessageKeys, ...campaignConfirmationKeys].map((key) => [key, '']),
) as Pick<CampaignForm, keyof typeof messageFields>;

export function formValues(campaign: Campaign | null, timeZone: string): CampaignForm {
  if (!campaign)
    return {
      name: '',
      confirmation: false,
      contactListId: '',
      tagListId: '',
      connectionIds: [],
      scheduledAt: '',
      template: null,
      ...blankMessages,
    };
  const messages = Object.fromEntries(
    Object.keys(blankMessages).map((key) => [key, campaign[key as keyof typeof blankMessages]]),
  );
  return {
    name: campaign.name,
    confirmation: campaign.confirmation,
    contactListId: campaign.contactListId ?? '',
    tagListId: campaign.tagListId ?? '',
    connectionIds: campaign.connectionIds,
    scheduledAt: campaign.scheduledAt ? toZonedInput(new Date(campaign.scheduledAt), timeZone) : '',
    template: campaign.template && { ...campaign.template, header: campaign.template.header ?? '' },
    ...(messages as typeof blankMessages),
  };
}

/** The typed schedule is the company's wall clock (as the server reads one without an offset). */
export function campaignBody(form: CampaignForm, timeZone: string): CreateCampaignBody {
  return {
    ...form,
    contactListId: form.contactListId === '' ? null : form.contactListId,
    tagListId: form.tagListId === '' ? null : form.tagListId,
    scheduledAt: form.scheduledAt ? fromZonedInput(form.scheduledAt, timeZone).toISOString() : null,
    template: form.template && { ...form.template, header: form.template.header || undefined },
  };
}

/** The variables hint under the messages: the recipient's fields, then the company's own. */
export const variableTokens = (custom: readonly { key: string }[]) =>
  [...campaignBuiltinVariables, ...custom.map((variable) => variable.key)].map((key) => `{${key}}`);
