import type { Ticket } from '@balcao/shared';
import { and, eq } from 'drizzle-orm';
import { contacts, messages, tickets } from '../db/schema/index.js';
import { findQuoted, toMessage } from '../modules/messages/messages.queries.js';
import { readSetting } from '../modules/settings/settings.queries.js';
import { type BotRun, changeTicketState, closeBySystem, say } from '../modules/tickets/tickets.bot-state.js';
import { botTexts } from '../modules/tickets/tickets.bot-texts.js';
import { publishMessage } from '../modules/tickets/tickets.events.js';
import { loadTicket } from '../modules/tickets/tickets.queries.js';
import type { AppDeps } from '../platform/context.js';

/**
 * enableLGPD with a message: a new 1:1 conversation asks for consent first, on every ticket
 * (lgpdConsent on) or until the contact once accepted.
 */
export function needsConsent(run: BotRun) {
  const { settings, contact, ticket } = run;
  if (settings.enableLGPD !== 'enabled' || !settings.lgpdMessage.trim() || ticket.isGroup) return false;
  return settings.lgpdConsent === 'enabled' || contact.lgpdAcceptedAt === null;
}

/** The consent request: message, link and the yes/no prompt; the ticket waits in status lgpd. */
export async function askConsent(run: BotRun) {
  const updated = await changeTicketState(
    run.deps,
    run.ticket,
    { status: 'lgpd', lgpdSentAt: run.deps.now(), amountUsedBotQueues: 1, isBot: true },
    { type: 'lgpd' },
  );
  if (!updated) return;
  run.ticket = updated;
  await sayConsent(run);
}

async function sayConsent(run: BotRun) {
  await say(run.deps, run.ticket, run.settings.lgpdMessage);
  await say(run.deps, run.ticket, run.settings.lgpdLink);
  await say(run.deps, run.ticket, botTexts.lgpdPrompt);
}

/**
 * The answer to the consent request: yes ("1", "sim") records the consent and lets the conversation
 * go on (answers true); no ("2", "não") closes it; anything else asks again up to maxUseBotQueues
 * times, then closes it, since nobody may serve the customer without consent.
 */
export async function handleConsentReply(run: BotRun): Promise<boolean> {
  const { deps, ticket } = run;
  const reply = run.message.body.trim().toLowerCase();
  if (reply === '1' || reply === 'sim') {
    const now = deps.now();
    await deps.db
      .update(contacts)
      .set({ lgpdAcceptedAt: now })
      .where(and(eq(contacts.companyId, ticket.companyId), eq(contacts.id, ticket.contactId)));
    const updated = await changeTicketState(deps, ticket, {
      status: 'pending',
      amountUsedBotQueues: 0,
      chatbotAt: null,
    });
    if (!updated) return false;
    run.ticket = updated;
    return true;
  }
  const refused = reply === '2' || reply === 'não' || reply === 'nao';
  if (refused || ticket.amountUsedBotQueues >= run.connection.maxUseBotQueues) {
    await closeBySystem(deps, ticket, { message: run.connection.complationMessage, logType: 'close' });
    return false;
  }
  const updated = await changeTicketState(deps, ticket, {
    amountUsedBotQueues: ticket.amountUsedBotQueues + 1,
  });
  if (!updated) return false;
  run.ticket = updated;
  await say(deps, updated, botTexts.invalidOption);
  await sayConsent(run);
  return false;
}

/**
 * The customer deleted a message on their side. It stays marked deleted; with lgpdDeleteMessage on,
 * its text is also erased from storage. Channels call this with the provider's message id.
 */
export async function receiveDeletion(
  deps: AppDeps,
  input: { companyId: number; connectionId: number; externalId: string },
) {
  const erase = (await readSetting(deps.db, input.companyId, 'lgpdDeleteMessage')) === 'enabled';
  const [row] = await deps.db
    .update(messages)
    .set({ isDeleted: true, ...(erase ? { body: botTexts.deletedByCustomer } : {}) })
    .where(
      and(
        eq(messages.companyId, input.companyId),
        eq(messages.connectionId, input.connectionId),
        eq(messages.externalId, input.externalId),
        eq(messages.fromMe, false),
      ),
    )
    .returning();
  if (!row) return undefined;
  const ticket = (await loadTicket(
    deps.db,
    deps.links,
    input.companyId,
    eq(tickets.id, row.ticketId),
  )) as Ticket;
  const message = toMessage(row, deps.links, await findQuoted(deps.db, row));
  await publishMessage(deps, input.companyId, 'update', message, ticket);
  return row;
}
