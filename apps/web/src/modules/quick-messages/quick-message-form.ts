import { type CreateQuickMessageBody, msg, type QuickMessage, updateQuickMessageBody } from '@balcao/shared';
import { z } from 'zod';

/** The contract's fields, all sent; category 0 is "none" in the select and null on the wire. */
export const quickMessageForm = updateQuickMessageBody
  .required()
  .extend({ categoryId: z.number().int().min(0) })
  .refine((form) => form.isCategory || form.message !== '', { message: msg.required, path: ['message'] });
export type QuickMessageForm = z.infer<typeof quickMessageForm>;
export const quickMessageFieldNames = [
  'shortcode',
  'message',
  'categoryId',
  'isCategory',
  'geral',
  'status',
] as const;

/**
 * A new quick message is the whole company's when its author may make it so (admins and supervisors,
 * spec 001 §8): they mostly write the team's answers, and a private one is their choice.
 */
export const quickMessageFormDefaults = (
  record: QuickMessage | null,
  mayChooseGeral: boolean,
): QuickMessageForm => ({
  shortcode: record?.shortcode ?? '',
  message: record?.message ?? '',
  categoryId: record?.categoryId ?? 0,
  isCategory: record?.isCategory ?? false,
  geral: record?.geral ?? mayChooseGeral,
  status: record?.status ?? true,
});

/** A category holds no message and sits in no category; 'geral' is left out for those who may not set it. */
export function toQuickMessageBody(form: QuickMessageForm, mayChooseGeral: boolean): CreateQuickMessageBody {
  const { geral, ...rest } = form;
  return {
    ...rest,
    message: form.isCategory ? '' : form.message,
    categoryId: form.isCategory || form.categoryId === 0 ? null : form.categoryId,
    ...(mayChooseGeral ? { geral } : {}),
  };
}
