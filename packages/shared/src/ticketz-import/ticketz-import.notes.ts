import { z } from 'zod';

/**
 * Why a Ticketz table's rows were left out, or merged into a row already here: the keys of a
 * table's `skipped` counts. The screen translates them, the command prints them in English.
 */
export const ticketzSkipReasons = [
  'alreadyImported',
  'sameSourceIdTwice',
  'companyPlanExists',
  'settingUnknown',
  'valueRefused',
  'emailTaken',
  'passwordNotBcrypt',
  'linkEndMissing',
  'queueMerged',
  'queueMissing',
  'parentOptionMissing',
  'tagMerged',
  'contactMerged',
  'contactMissing',
  'secondActiveTicket',
  'ticketMissing',
  'ticketMissingOrNone',
  'noCycleToRate',
  'cycleAlreadyRated',
  'quoteLinkDropped',
  'filesNotCopied',
  'pathOutsidePublic',
  'mediaNotFound',
  'mediaTooLarge',
  'noSendDate',
  'listMissing',
  'notPhoneNumber',
  'numberTwiceInList',
  'campaignMissing',
] as const;
export type TicketzSkipReason = (typeof ticketzSkipReasons)[number];

export const isTicketzSkipReason = (reason: string): reason is TicketzSkipReason =>
  (ticketzSkipReasons as readonly string[]).includes(reason);

/**
 * What an import could not carry over and says once, with what it is about: a key of this closed
 * list and its parameters. Values are Ticketz's own (a setting's key, a ticket's status), shown as
 * they are.
 */
export const ticketzNoteSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('companyMissing'), id: z.number() }),
  z.object({ key: z.literal('companyRenamed'), name: z.string(), as: z.string() }),
  z.object({ key: z.literal('noDueDate') }),
  z.object({ key: z.literal('settingLeftOut'), setting: z.string() }),
  z.object({ key: z.literal('settingRefused'), setting: z.string(), value: z.string() }),
  z.object({ key: z.literal('userEmailTaken'), email: z.string() }),
  z.object({ key: z.literal('passwordsToReset') }),
  z.object({ key: z.literal('superUsersAsAdmins') }),
  z.object({ key: z.literal('connectionsDisconnected') }),
  z.object({ key: z.literal('channelUnknown'), channel: z.string() }),
  z.object({ key: z.literal('ticketStatusUnknown'), status: z.string() }),
  z.object({ key: z.literal('campaignSettingDefault'), setting: z.string() }),
  z.object({ key: z.literal('campaignConnectionMissing'), campaign: z.number() }),
]);
export type TicketzNote = z.infer<typeof ticketzNoteSchema>;
export type TicketzNoteKey = TicketzNote['key'];
