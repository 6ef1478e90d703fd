import { and, eq, sql } from 'drizzle-orm';
import { statementsByShape } from '../db/prepared.js';
import { companies, type connections, contacts, plantoes } from '../db/schema/index.js';
import { type BotRun, changeTicketState, say, type TicketRow } from '../modules/tickets/tickets.bot-state.js';
import { botTexts } from '../modules/tickets/tickets.bot-texts.js';
import { handleRatingReply } from '../modules/tickets/tickets.rating.js';
import type { AppDeps } from '../platform/context.js';
import { askConsent, handleConsentReply, needsConsent } from './lgpd.js';
import { handOver, runConnectionMenu, runOptionTree } from './menu.js';
import { handleOutOfHours } from './out-of-hours.js';
import { alertOnDuty } from './plantao.js';

/**
 * What runs after a customer's message is stored, in order: a pending rating or consent takes the
 * reply; then the audio rule, service hours, an engine the ticket is handed to, and the menus.
 */
export async function runAutomation(
  deps: AppDeps,
  input: {
    connection: typeof connections.$inferSelect;
    ticket: TicketRow;
    message: { id: number; body: string; mediaType: string | null; queuedFor?: number };
    created: boolean;
    /** Read with the message's batch; read here when absent. */
    party?: Party;
  },
): Promise<void> {
  const run = await prepare(deps, input);
  if (!run) return;
  await respond(run);
  await alertOnDuty(run);
}

async function respond(run: BotRun): Promise<void> {
  const { deps, ticket } = run;
  // Group conversations are between people: no menu, consent or rating is put to a group.
  if (ticket.isGroup) return;
  if (ticket.status === 'nps') {
    await handleRatingReply(run);
    return;
  }
  let firstContact = run.created;
  if (ticket.status === 'lgpd') {
    if (!(await handleConsentReply(run))) return;
    firstContact = true;
  } else if (run.created && needsConsent(run)) return askConsent(run);

  // The customer answered: the next idle spell may warn them again.
  if (run.ticket.sendInactiveMessage)
    run.ticket = (await changeTicketState(deps, run.ticket, { sendInactiveMessage: false })) ?? run.ticket;
  await refuseAudio(run);
  if (await handleOutOfHours(run)) return;
  const current = run.ticket;
  if (current.useIntegration && (current.integrationId || current.promptId)) {
    if (await handOver(run, current.integrationId, current.promptId)) return;
  }
  if (current.status !== 'pending' || current.userId !== null || run.contact.disableBot) return;
  if (current.queueId === null) {
    if (firstContact && (run.connection.integrationId || run.connection.promptId)) {
      if (await handOver(run, run.connection.integrationId, run.connection.promptId)) return;
    }
    // A ticket that arrived out of hours gets its menu with the first message in hours.
    if (firstContact || current.isBot || current.chatbotAt === null)
      await runConnectionMenu(run, firstContact || current.chatbotAt === null);
    return;
  }
  if (current.isBot) await runOptionTree(run);
}

/** Who is talking and the company's hours: what automation reads of a message's contact. */
export type Party = Pick<BotRun, 'contact' | 'company'>;

/** A party's columns, for a select joining the contact's company. */
export const partyFields = {
  contact: contacts,
  timezone: companies.timezone,
  schedules: companies.schedules,
  keepsPlantao: sql<boolean>`exists (select 1 from ${plantoes} where ${plantoes.companyId} = ${companies.id})`,
};

export const partyOf = ({
  contact,
  timezone,
  schedules,
  keepsPlantao,
}: {
  contact: Party['contact'];
  timezone: string;
  schedules: Party['company']['schedules'];
  keepsPlantao: boolean;
}): Party => ({ contact, company: { timezone, schedules, keepsPlantao } });

const partiesOf = statementsByShape('inbox_parties', (db) =>
  db
    .select(partyFields)
    .from(contacts)
    .innerJoin(companies, eq(companies.id, contacts.companyId))
    .where(
      and(
        eq(contacts.companyId, sql.placeholder('companyId')),
        sql`${contacts.id} = any(${sql.placeholder('contactIds')}::int[])`,
      ),
    ),
);

/** The parties of several contacts of one company in one read (an intake batch's). */
export async function loadParties(
  deps: AppDeps,
  companyId: number,
  contactIds: number[],
): Promise<Map<number, Party>> {
  if (contactIds.length === 0) return new Map();
  const rows = await partiesOf(deps.db, {}).execute({ companyId, contactIds });
  return new Map(rows.map((row) => [row.contact.id, partyOf(row)]));
}

async function prepare(
  deps: AppDeps,
  input: Parameters<typeof runAutomation>[1],
): Promise<BotRun | undefined> {
  const { companyId, contactId } = input.ticket;
  const [party, settings] = await Promise.all([
    input.party ?? loadParties(deps, companyId, [contactId]).then((parties) => parties.get(contactId)),
    deps.actors.settings(companyId),
  ]);
  if (!party) return undefined;
  return {
    deps,
    ticket: input.ticket,
    connection: input.connection,
    ...party,
    settings,
    message: input.message,
    created: input.created,
  };
}

/** Audio and video are refused with a canned reply when the company or this contact does not take them. */
async function refuseAudio(run: BotRun) {
  const { mediaType } = run.message;
  if (mediaType !== 'audio' && mediaType !== 'video') return;
  if (run.settings.acceptAudioMessageContact === 'enabled' && run.contact.acceptAudioMessage) return;
  await say(run.deps, run.ticket, botTexts.audioRefused);
}
