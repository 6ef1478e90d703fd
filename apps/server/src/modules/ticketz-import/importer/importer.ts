import { PLATFORM_COMPANY_ID } from '@balcao/shared';
import type { Database } from '../../../db/client.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { ImportOptions } from './options.js';
import { type CompanyReport, Progress, type ProgressObserver } from './report.js';
import { BatchLimitReached, type Context, createContext, runStep } from './runner.js';
import { Source } from './source.js';
import { campaignSettingsStep } from './steps/campaign-settings.js';
import { campaignShippingStep } from './steps/campaign-shipping.js';
import { campaignsStep } from './steps/campaigns.js';
import { importCompany, settingsStep, sourceCompanies } from './steps/company.js';
import { contactListItemsStep, contactListsStep } from './steps/contact-lists.js';
import { contactsStep, customFieldsStep } from './steps/contacts.js';
import { quickMessagesStep, schedulesStep } from './steps/extras.js';
import { messagesStep } from './steps/messages.js';
import { linkQuery, linkStep, usersStep } from './steps/people.js';
import { connectionsStep, queueOptionsStep, queuesStep, tagsStep } from './steps/structure.js';
import { cyclesStep, notesStep, ratingsStep, ticketsStep } from './steps/tickets.js';

export interface ImportResult {
  reports: CompanyReport[];
  /** Set when --max-batches stopped the run before the end. */
  stopped?: string;
}

/**
 * Imports each chosen Ticketz company into Balcão, table by table in the order their references
 * need, and answers what happened to every table's rows.
 */
export async function runImport(
  database: Database,
  options: ImportOptions,
  io: { print: (line: string) => void; storage?: MediaStorage; observe?: ProgressObserver },
): Promise<ImportResult> {
  const { rows: platform } = await database.executeSql('select 1 from companies where id = $1', [
    PLATFORM_COMPANY_ID,
  ]);
  // The platform company is id 1; an import into a database without it would be given that id.
  if (platform.length === 0)
    throw new Error('the database has no platform company: start the server once first');
  const source = await Source.open(options.from);
  const reports: CompanyReport[] = [];
  const batches = { committed: 0 };
  try {
    const companyIds = options.all ? await sourceCompanies(source) : options.companies;
    for (const sourceCompanyId of companyIds) {
      const progress = new Progress(sourceCompanyId, options.quiet ? () => undefined : io.print, io.observe);
      reports.push(progress.report);
      const companyId = await importCompany(database, source, options.source, progress);
      progress.report.targetCompanyId = companyId;
      if (companyId === undefined) continue;
      const ctx = createContext({
        database,
        source,
        options,
        progress,
        sourceCompanyId,
        companyId,
        storage: options.mediaDir ? io.storage : undefined,
        batches,
      });
      await importTables(ctx);
    }
    return { reports };
  } catch (error) {
    if (error instanceof BatchLimitReached) return { reports, stopped: error.message };
    throw error;
  } finally {
    await source.close();
  }
}

async function importTables(ctx: Context) {
  const link = (
    table: string,
    a: string,
    b: string,
    scope: string,
    target: string,
    columns: [string, string],
    ends: [string, string],
  ) => runStep(ctx, linkStep(ctx, { table, query: linkQuery(table, a, b, scope), target, columns, ends }));
  await runStep(ctx, settingsStep(ctx));
  await runStep(ctx, usersStep(ctx));
  await runStep(ctx, queuesStep(ctx));
  await link(
    'UserQueues',
    'userId',
    'queueId',
    'join "Users" u on u.id = l."userId" where u."companyId" = $1',
    'user_queues',
    ['user_id', 'queue_id'],
    ['Users', 'Queues'],
  );
  await runStep(ctx, queueOptionsStep(ctx));
  await runStep(ctx, tagsStep(ctx));
  await runStep(ctx, connectionsStep(ctx));
  await link(
    'WhatsappQueues',
    'whatsappId',
    'queueId',
    'join "Whatsapps" w on w.id = l."whatsappId" where w."companyId" = $1',
    'connection_queues',
    ['connection_id', 'queue_id'],
    ['Whatsapps', 'Queues'],
  );
  await runStep(ctx, contactsStep(ctx));
  await runStep(ctx, customFieldsStep(ctx));
  await link(
    'ContactTags',
    'contactId',
    'tagId',
    'join "Contacts" c on c.id = l."contactId" where c."companyId" = $1',
    'contact_tags',
    ['contact_id', 'tag_id'],
    ['Contacts', 'Tags'],
  );
  await runStep(ctx, ticketsStep(ctx));
  await link(
    'TicketTags',
    'ticketId',
    'tagId',
    'join "Tickets" t on t.id = l."ticketId" where t."companyId" = $1',
    'ticket_tags',
    ['ticket_id', 'tag_id'],
    ['Tickets', 'Tags'],
  );
  await runStep(ctx, cyclesStep(ctx));
  await runStep(ctx, ratingsStep(ctx));
  await runStep(ctx, notesStep(ctx));
  await runStep(ctx, messagesStep(ctx));
  await runStep(ctx, schedulesStep(ctx));
  await runStep(ctx, quickMessagesStep(ctx));
  await runStep(ctx, contactListsStep(ctx));
  await runStep(ctx, contactListItemsStep(ctx));
  // After the connections and the contact lists and their items they name.
  await runStep(ctx, campaignSettingsStep(ctx));
  await runStep(ctx, campaignsStep(ctx));
  await runStep(ctx, campaignShippingStep(ctx));
}
