import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { companies, connections, contacts, plantaoDays, plantoes, tickets } from '../db/schema/index.js';
import { type BotRun, reloadTicket, type TicketRow } from '../modules/tickets/tickets.bot-state.js';
import type { AppDeps } from '../platform/context.js';
import { isOnDuty } from './hours.js';

export const PLANTAO_JOB = 'inbox.plantao';

interface PlantaoNotice {
  companyId: number;
  plantaoId: number;
  body: string;
}

/**
 * Plantão: a customer waiting for an attendant (not in the menu) alerts whoever is on duty now, at
 * most once per their interval for the ticket. The notices are jobs queued with the ticket's next
 * allowed time, so two messages never alert twice.
 */
export async function alertOnDuty(run: BotRun) {
  const { deps } = run;
  // Most companies keep no plantão: nothing more is read for them.
  if (!run.company.keepsPlantao) return;
  const now = deps.now();
  const duty = await onDutyNow(deps, run.ticket.companyId, now, run.company.timezone);
  if (duty.length === 0) return;
  const ticket = await reloadTicket(deps, run.ticket);
  if (ticket) await alertTicket(deps, ticket, run.contact, duty);
}

/**
 * A ticket already announced that still waits is announced again at each interval, though the
 * customer writes nothing more; once someone accepts it (it stops being pending) the notices stop.
 */
export async function sweepWaitingForDuty(deps: AppDeps) {
  const keeping = await deps.db
    .selectDistinct({ companyId: plantoes.companyId, timezone: companies.timezone })
    .from(plantoes)
    .innerJoin(companies, eq(companies.id, plantoes.companyId));
  for (const company of keeping) {
    const now = deps.now();
    const duty = await onDutyNow(deps, company.companyId, now, company.timezone);
    if (duty.length === 0) continue;
    const waiting = await deps.db
      .select({ ticket: tickets, contact: { name: contacts.name, number: contacts.number } })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(
        and(
          eq(tickets.companyId, company.companyId),
          eq(tickets.status, 'pending'),
          isNull(tickets.userId),
          isNotNull(tickets.nextNotifyAt),
          lte(tickets.nextNotifyAt, now),
        ),
      )
      .limit(SWEEP_BATCH);
    for (const { ticket, contact } of waiting) await alertTicket(deps, ticket, contact, duty);
  }
}

const SWEEP_BATCH = 200;

async function alertTicket(
  deps: AppDeps,
  ticket: TicketRow,
  contact: { name: string; number: string | null },
  duty: { id: number; interval: number }[],
) {
  const now = deps.now();
  if (ticket.status !== 'pending' || ticket.userId !== null || ticket.isBot || ticket.isGroup) return;
  if (ticket.nextNotifyAt && ticket.nextNotifyAt > now) return;
  const interval = Math.max(1, Math.min(...duty.map((p) => p.interval)));
  const number = contact.number ? ` (${contact.number})` : '';
  const body = `Novo atendimento aguardando sua resposta: ${contact.name}${number}, ticket #${ticket.id}.`;
  const claimed = await deps.db.transaction(async (tx) => {
    // Only while it still waits: an attendant who accepted meanwhile silences it.
    const [row] = await tx
      .update(tickets)
      .set({ nextNotifyAt: new Date(now.getTime() + interval * 60_000) })
      .where(
        and(
          eq(tickets.companyId, ticket.companyId),
          eq(tickets.id, ticket.id),
          eq(tickets.status, 'pending'),
          isNull(tickets.userId),
          or(isNull(tickets.nextNotifyAt), lte(tickets.nextNotifyAt, now)),
        ),
      )
      .returning({ id: tickets.id });
    if (!row) return false;
    for (const plantao of duty) {
      const notice: PlantaoNotice = { companyId: ticket.companyId, plantaoId: plantao.id, body };
      await deps.jobs.send(PLANTAO_JOB, notice, { retryLimit: 3, retryDelay: 30 }, tx);
    }
    return true;
  });
  if (claimed) deps.jobs.wake(PLANTAO_JOB);
}

async function onDutyNow(deps: AppDeps, companyId: number, now: Date, timeZone: string) {
  const rows = await deps.db
    .select({ id: plantoes.id, interval: plantoes.interval })
    .from(plantoes)
    .where(eq(plantoes.companyId, companyId));
  if (rows.length === 0) return [];
  const days = await deps.db
    .select()
    .from(plantaoDays)
    .where(
      inArray(
        plantaoDays.plantaoId,
        rows.map((r) => r.id),
      ),
    );
  return rows.filter((p) =>
    isOnDuty(
      days.filter((d) => d.plantaoId === p.id),
      now,
      timeZone,
    ),
  );
}

/** Sends one notice through the company's default connection that reaches phones (else its oldest connected one). */
export async function sendPlantaoNotice(deps: AppDeps, notice: PlantaoNotice) {
  const [plantao] = await deps.db
    .select({ phone: plantoes.phone })
    .from(plantoes)
    .where(and(eq(plantoes.companyId, notice.companyId), eq(plantoes.id, notice.plantaoId)));
  if (!plantao) return;
  // Only channels that reach a phone number can (WhatsApp); a website chat, default or not, cannot.
  const reaching = [...deps.channels].filter(([, adapter]) => adapter.notify).map(([name]) => name);
  const [connection] = reaching.length
    ? await deps.db
        .select()
        .from(connections)
        .where(
          and(
            eq(connections.companyId, notice.companyId),
            eq(connections.status, 'CONNECTED'),
            inArray(connections.channel, reaching),
          ),
        )
        .orderBy(desc(connections.isDefault), asc(connections.id))
        .limit(1)
    : [];
  const channel = connection && deps.channels.get(connection.channel);
  if (!connection || !channel?.notify) {
    deps.log.warn({ companyId: notice.companyId }, 'no connection can send the on-duty notice');
    return;
  }
  await channel.notify({ connection, number: plantao.phone, body: notice.body });
}
