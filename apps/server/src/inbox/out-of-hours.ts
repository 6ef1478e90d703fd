import type { ServiceHoursDay } from '../db/schema/companies.js';
import { type BotRun, changeTicketState, say } from '../modules/tickets/tickets.bot-state.js';
import { closedSince, isOpenAt, localKey } from './hours.js';
import { findQueue } from './menu.queries.js';

/**
 * Service hours for the message being handled (scheduleType company, connection, or queue once
 * the ticket has one). Out of hours the customer gets the out-of-hours message once per closed
 * period, the bot stays silent and the ticket keeps waiting where it is. Answers whether it was
 * out of hours. An open ticket (an attendant is talking) gets the message only with
 * sendMessageOutExpedientTicketOpen.
 */
export async function handleOutOfHours(run: BotRun): Promise<boolean> {
  const hours = await hoursFor(run);
  if (!hours) return false;
  const now = run.deps.now();
  if (isOpenAt(hours.schedules, now, run.company.timezone)) return false;
  if (run.ticket.status === 'open' && run.settings.sendMessageOutExpedientTicketOpen !== 'enabled')
    return true;
  const sent = run.ticket.outOfHoursSentAt;
  const since = closedSince(hours.schedules, now, run.company.timezone);
  if (sent && localKey(sent, run.company.timezone) > since) return true;
  const updated = await changeTicketState(run.deps, run.ticket, { outOfHoursSentAt: now });
  if (!updated) return true;
  run.ticket = updated;
  await say(run.deps, updated, hours.message);
  return true;
}

async function hoursFor(run: BotRun): Promise<{ schedules: ServiceHoursDay[]; message: string } | undefined> {
  const { scheduleType } = run.settings;
  if (scheduleType === 'company')
    return { schedules: run.company.schedules, message: run.connection.outOfHoursMessage };
  if (scheduleType === 'connection')
    return { schedules: run.connection.schedules, message: run.connection.outOfHoursMessage };
  if (scheduleType !== 'queue' || !run.ticket.queueId) return undefined;
  const queue = await findQueue(run.deps.db, run.ticket.companyId, run.ticket.queueId);
  return queue ? { schedules: queue.schedules, message: queue.outOfHoursMessage } : undefined;
}
