import type { Schedule } from '@balcao/shared';
import { and, asc, count, desc, eq, ilike, lt, lte, not, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { connections, contacts, schedules } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import { liveJobFor } from '../../platform/jobs/live-job.js';
import { maskName } from '../contacts/contacts.masking.js';

const columns = {
  id: schedules.id,
  body: schedules.body,
  sendAt: schedules.sendAt,
  sentAt: schedules.sentAt,
  status: schedules.status,
  error: schedules.error,
  contactId: schedules.contactId,
  contactName: contacts.name,
  contactNumber: contacts.number,
  userId: schedules.userId,
  connectionId: schedules.connectionId,
  ticketId: schedules.ticketId,
  mediaName: schedules.mediaName,
  mediaType: schedules.mediaType,
};

export interface ScheduleRow {
  id: number;
  body: string;
  sendAt: Date;
  sentAt: Date | null;
  status: string;
  error: string | null;
  contactId: number;
  contactName: string;
  contactNumber: string | null;
  userId: number | null;
  connectionId: number | null;
  ticketId: number | null;
  mediaName: string | null;
  mediaType: string | null;
}

/** With `hideNumbers`, as lgpdHideNumber shows it to those it hides numbers from. */
export const toSchedule = (row: ScheduleRow, hideNumbers: boolean): Schedule => ({
  id: row.id,
  body: row.body,
  sendAt: row.sendAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  status: row.status as Schedule['status'],
  error: row.error,
  contactId: row.contactId,
  contact: {
    id: row.contactId,
    name: hideNumbers ? maskName(row.contactName, row.contactNumber) : row.contactName,
  },
  userId: row.userId,
  connectionId: row.connectionId,
  ticketId: row.ticketId,
  mediaName: row.mediaName,
  mediaType: row.mediaType,
});

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * `ownerId` narrows to one user's schedules (others than admins see only theirs). Where numbers are
 * hidden from the caller, a contact's name that is its number is neither shown nor searched.
 */
export async function searchSchedules(
  db: Db,
  companyId: number,
  options: {
    search?: string;
    contactId?: number;
    ownerId?: number;
    numbersHidden: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: Schedule[]; total: number }> {
  const name = ilike(contacts.name, escapeLike(options.search ?? ''));
  const where = tenant(
    schedules,
    companyId,
    options.search
      ? or(
          ilike(schedules.body, escapeLike(options.search)),
          options.numbersHidden ? and(name, sql`${contacts.name} is distinct from ${contacts.number}`) : name,
        )
      : undefined,
    options.contactId === undefined ? undefined : eq(schedules.contactId, options.contactId),
    options.ownerId === undefined ? undefined : eq(schedules.userId, options.ownerId),
  );
  const contactOf = tenant(contacts, companyId, eq(contacts.id, schedules.contactId));
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(schedules)
      .innerJoin(contacts, contactOf)
      .where(where)
      .orderBy(desc(schedules.sendAt), desc(schedules.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(schedules).innerJoin(contacts, contactOf).where(where),
  ]);
  return { rows: rows.map((row) => toSchedule(row, options.numbersHidden)), total: totals?.total ?? 0 };
}

/** As stored, for `toSchedule`: the caller decides how it is shown. */
export async function findSchedule(
  db: Db | Tx,
  companyId: number,
  id: number,
  ownerId?: number,
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(schedules)
    .innerJoin(contacts, tenant(contacts, companyId, eq(contacts.id, schedules.contactId)))
    .where(
      tenant(
        schedules,
        companyId,
        eq(schedules.id, id),
        ownerId === undefined ? undefined : eq(schedules.userId, ownerId),
      ),
    );
  return row;
}

export async function contactExists(db: Db | Tx, companyId: number, contactId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(tenant(contacts, companyId, eq(contacts.id, contactId)));
  return row !== undefined;
}

export async function connectionExists(
  db: Db | Tx,
  companyId: number,
  connectionId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(tenant(connections, companyId, eq(connections.id, connectionId)));
  return row !== undefined;
}

/** The schedule's own connection, else the company's default one. */
export async function sendingConnection(db: Db, companyId: number, connectionId: number | null) {
  const [row] = await db
    .select({ id: connections.id, channel: connections.channel })
    .from(connections)
    .where(
      tenant(
        connections,
        companyId,
        connectionId === null ? eq(connections.isDefault, true) : eq(connections.id, connectionId),
      ),
    );
  return row;
}

/**
 * Takes a due schedule for sending: only one caller turns it from PENDENTE to ENVIADA, so a job
 * that runs twice, or a job and the sweep together, send it once. A schedule moved later is not due.
 */
export async function claimDueSchedule(db: Db, companyId: number, id: number, now: Date) {
  const [row] = await db
    .update(schedules)
    .set({ status: 'ENVIADA', sentAt: now })
    .where(
      tenant(
        schedules,
        companyId,
        eq(schedules.id, id),
        eq(schedules.status, 'PENDENTE'),
        lte(schedules.sendAt, now),
      ),
    )
    .returning();
  return row;
}

/** Gives a claimed schedule back for its next attempt, keeping why this one failed. */
export async function releaseSchedule(db: Db, companyId: number, id: number, error: string) {
  await db
    .update(schedules)
    .set({ status: 'PENDENTE', sentAt: null, error })
    .where(tenant(schedules, companyId, eq(schedules.id, id), eq(schedules.status, 'ENVIADA')));
}

/** `error`: why it will not be sent (say, the plan no longer has schedules). */
export async function failSchedule(db: Db, companyId: number, id: number, error?: string) {
  await db
    .update(schedules)
    .set({ status: 'ERRO', ...(error ? { error } : {}) })
    .where(tenant(schedules, companyId, eq(schedules.id, id), eq(schedules.status, 'PENDENTE')));
}

export async function markScheduleTicket(db: Db, companyId: number, id: number, ticketId: number) {
  await db
    .update(schedules)
    .set({ ticketId, error: null })
    .where(tenant(schedules, companyId, eq(schedules.id, id)));
}

/** Sets (or clears) a schedule's attachment while it is not sent; answers the file it replaced. */
export async function setScheduleMedia(
  db: Db,
  companyId: number,
  id: number,
  media: { mediaPath: string | null; mediaName: string | null; mediaType: string | null },
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ mediaPath: schedules.mediaPath })
      .from(schedules)
      .where(tenant(schedules, companyId, eq(schedules.id, id), not(eq(schedules.status, 'ENVIADA'))))
      .for('update');
    if (!before) return undefined;
    await tx
      .update(schedules)
      .set(media)
      .where(tenant(schedules, companyId, eq(schedules.id, id)));
    return { replaced: before.mediaPath };
  });
}

/**
 * Pending schedules due before `before` with no sending job alive (created, retrying, active, or
 * waiting in the dead-letter queue): their job was lost, e.g. during downtime. The one query across
 * companies: the sweep is a platform job, and each row found carries its company.
 */
export function findMissedSchedules(db: Db, jobNames: string[], before: Date, limit: number) {
  const liveJob = liveJobFor(jobNames, 'scheduleId', schedules.id);
  return db
    .select({ id: schedules.id, companyId: schedules.companyId })
    .from(schedules)
    .where(and(eq(schedules.status, 'PENDENTE'), lt(schedules.sendAt, before), not(liveJob)))
    .orderBy(asc(schedules.sendAt))
    .limit(limit);
}
