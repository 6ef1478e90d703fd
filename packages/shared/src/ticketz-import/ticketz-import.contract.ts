import { z } from 'zod';
import { type ErrorCode, errorCodes } from '../errors.js';
import { dbId, msg } from '../validation.js';
import { ticketzNoteSchema } from './ticketz-import.notes.js';

/**
 * The Ticketz tables an import goes through after the company itself, in the order the importer takes
 * them: the progress bar's steps. The importer's tests check that a whole import reports exactly these.
 */
export const ticketzImportSteps = [
  'Settings',
  'Users',
  'Queues',
  'UserQueues',
  'QueueOptions',
  'Tags',
  'Whatsapps',
  'WhatsappQueues',
  'Contacts',
  'ContactCustomFields',
  'ContactTags',
  'Tickets',
  'TicketTags',
  'TicketTraking',
  'UserRatings',
  'TicketNotes',
  'Messages',
  'Schedules',
  'QuickMessages',
  'ContactLists',
  'ContactListItems',
  'CampaignSettings',
  'Campaigns',
  'CampaignShipping',
] as const;

/** The Ticketz database's address as the super user types it: checked by the server's rule, not here. */
const databaseUrl = z.string({ error: msg.required }).trim().min(1, msg.required).max(2000, msg.tooLong);

export const ticketzProbeBody = z.object({ url: databaseUrl });
export type TicketzProbeBody = z.infer<typeof ticketzProbeBody>;

/** The companies of the Ticketz database, to pick the one to import. */
export const ticketzProbeResponse = z.object({
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const startTicketzImportBody = z.object({ url: databaseUrl, companyId: dbId() });
export type StartTicketzImportBody = z.infer<typeof startTicketzImportBody>;

const tableCounts = z.object({
  read: z.number(),
  imported: z.number(),
  /**
   * Reason → rows left out, or merged into a row already there. A reason is a `ticketzSkipReasons`
   * key; imports stored before those keys hold the importer's English words instead.
   */
  skipped: z.record(z.string(), z.number()),
});

/**
 * One import as the super user follows it: the answer of the calls and the payload of its socket
 * event alike. `source` is the database's address without its password.
 */
export const ticketzImportSchema = z.object({
  id: z.number(),
  source: z.string(),
  sourceCompanyId: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  /** The table being read now (a name of `ticketzImportSteps`), null before the first and at the end. */
  step: z.string().nullable(),
  /** Rows of `step` read so far, and the planner's estimate of its rows (null when unknown). */
  stepRead: z.number(),
  stepExpected: z.number().nullable(),
  stepsDone: z.number(),
  tables: z.record(z.string(), tableCounts),
  /** Structured notes; a string is an import stored before them, in the importer's English words. */
  notes: z.array(z.union([ticketzNoteSchema, z.string()])),
  targetCompanyId: z.number().nullable(),
  error: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TicketzImport = z.infer<typeof ticketzImportSchema>;

/** Whether the operator turned imports on (IMPORT_DATABASE_HOSTS), and the latest imports. */
export const ticketzImportsResponse = z.object({
  enabled: z.boolean(),
  imports: z.array(ticketzImportSchema),
});
