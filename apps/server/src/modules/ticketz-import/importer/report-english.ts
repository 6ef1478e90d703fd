import type { TicketzNote, TicketzNoteKey, TicketzSkipReason } from '@balcao/shared';

/** The command's words for each reason rows were left out, printed after their count. */
export const skipText: Record<TicketzSkipReason, string> = {
  alreadyImported: 'already imported',
  sameSourceIdTwice: 'same source id twice',
  companyPlanExists: 'a plan of that name exists here: used as it is',
  settingUnknown: 'no such setting here',
  valueRefused: 'value not accepted here',
  emailTaken: 'e-mail already used by a user here',
  passwordNotBcrypt: 'not bcrypt: password must be reset',
  linkEndMissing: 'an end was not imported',
  queueMerged: 'same name or colour as a queue here: merged',
  queueMissing: 'queue not imported',
  parentOptionMissing: 'parent option not imported',
  tagMerged: 'same name as a tag here: merged',
  contactMerged: 'same number as a contact already here: merged',
  contactMissing: 'contact not imported',
  secondActiveTicket: 'second active ticket of a contact: imported closed',
  ticketMissing: 'ticket not imported',
  ticketMissingOrNone: 'ticket not imported (or none)',
  noCycleToRate: 'no imported ticket cycle to rate',
  cycleAlreadyRated: 'cycle already rated',
  quoteLinkDropped: 'quoted message not in the conversation: link dropped',
  filesNotCopied: 'files not copied (no --media)',
  pathOutsidePublic: 'file path outside public/',
  mediaNotFound: 'media file not found',
  mediaTooLarge: 'media file too large',
  noSendDate: 'no send date',
  listMissing: 'list not imported',
  notPhoneNumber: 'not a phone number',
  numberTwiceInList: 'same number twice in a list',
  campaignMissing: 'campaign not imported',
};

type NoteOf<K extends TicketzNoteKey> = Extract<TicketzNote, { key: K }>;

const notes: { [K in TicketzNoteKey]: (note: NoteOf<K>) => string } = {
  companyMissing: (n) => `Ticketz has no company ${n.id}`,
  companyRenamed: (n) => `company name "${n.name}" was taken here: imported as "${n.as}"`,
  noDueDate: () => 'the company had no due date: given 30 days from today',
  settingLeftOut: (n) => `setting "${n.setting}" has no equivalent here and was left out`,
  settingRefused: (n) =>
    `setting "${n.setting}" = "${n.value}" is not a value ours takes: left at the default`,
  userEmailTaken: (n) => `user ${n.email} was not imported: a user here has that e-mail`,
  passwordsToReset: () => 'some users need a password reset (their hash is not bcrypt)',
  superUsersAsAdmins: () => 'Ticketz super users were imported as admins of their company',
  connectionsDisconnected: () => 'connections were imported disconnected: each needs a new QR code or token',
  channelUnknown: (n) => `connection channel "${n.channel}" is not one of ours: imported as whatsapp`,
  ticketStatusUnknown: (n) => `ticket status "${n.status}" is not ours: imported as closed`,
  campaignSettingDefault: (n) => `campaign setting "${n.setting}" was left at the default`,
  campaignConnectionMissing: (n) => `campaign ${n.campaign}: its connection was not imported`,
};

/** A note as the command prints it. */
export const noteText = <K extends TicketzNoteKey>(note: NoteOf<K>): string =>
  (notes[note.key] as (note: NoteOf<K>) => string)(note);
