import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { connections, contactListItems, contactLists } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError, loggableError } from '../../platform/errors.js';
import { sessionHeldElsewhere } from '../messages/messages.delivery-routing.js';
import { publishContactList, publishContactListItem } from './contact-lists.events.js';
import { CHECK_STALE_MS, findContactList, uncheckedItems } from './contact-lists.queries.js';

const CHECK_JOB = 'contact-lists.check-numbers';
/** Numbers asked per batch, and the pause between batches: a phone checking a few contacts, not a scraper. */
export const CHECK_BATCH = 10;
export const CHECK_PACE_MS = 5_000;

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'realtime' | 'channels' | 'now' | 'log' | 'processId'>;

/** Batches in a row that found the session not (yet) held by this process before the check gives up. */
const SESSION_WAITS = 12;

interface CheckJob {
  companyId: number;
  contactListId: number;
  /** Batches in a row that found no live session here (a restart reconnecting it, another process's). */
  waits?: number;
  /** Times in a row a process passed the batch on to the session's holder (another live process). */
  hops?: number;
}

/** A batch for the holder of the session is passed on once a second, for two minutes at most. */
const HOP_MS = 1_000;
const MAX_HOPS = 120;

/**
 * Starts checking the list's unchecked items unless a check is already under way: the claim on the
 * list's row and the first batch's job are one transaction, so a double click starts one chain.
 * Answers whether this call started it.
 */
export async function startNumberCheck(deps: Deps, companyId: number, contactListId: number) {
  const now = deps.now();
  const started = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(contactLists)
      .set({ checkingAt: now })
      .where(
        tenant(
          contactLists,
          companyId,
          eq(contactLists.id, contactListId),
          or(
            isNull(contactLists.checkingAt),
            lt(contactLists.checkingAt, new Date(now.getTime() - CHECK_STALE_MS)),
          ),
        ),
      )
      .returning({ id: contactLists.id });
    if (claimed) await deps.jobs.send<CheckJob>(CHECK_JOB, { companyId, contactListId }, {}, tx);
    return Boolean(claimed);
  });
  if (started) deps.jobs.wake(CHECK_JOB);
  return started;
}

export async function registerContactListCheck(deps: Deps) {
  await deps.jobs.work<CheckJob>(CHECK_JOB, (job) =>
    checkBatch(deps, job).catch(async (error: unknown) => {
      deps.log.error(loggableError(error), 'contact list check failed');
      await finishCheck(deps, job);
    }),
  );
}

/**
 * The connection that answers for the company's numbers: a connected WhatsApp session (the default
 * first), else a Cloud API number, which cannot tell and is trusted (decisions.md).
 */
async function checkingConnection(deps: Deps, companyId: number) {
  const [connection] = await deps.db
    .select()
    .from(connections)
    .where(
      tenant(
        connections,
        companyId,
        or(
          and(eq(connections.channel, 'whatsapp'), eq(connections.status, 'CONNECTED')),
          eq(connections.channel, 'whatsappapi'),
        ),
      ),
    )
    .orderBy(sql`${connections.channel} = 'whatsapp' desc`, desc(connections.isDefault), connections.id)
    .limit(1);
  return connection;
}

async function checkBatch(deps: Deps, job: CheckJob) {
  const connection = await checkingConnection(deps, job.companyId);
  const adapter = connection && deps.channels.get(connection.channel);
  if (!connection) return finishCheck(deps, job);
  // Only the process holding the session can ask WhatsApp (as only it sends replies on it).
  if ((job.hops ?? 0) < MAX_HOPS && (await sessionHeldElsewhere(deps, connection))) return passOn(deps, job);
  const batch = await uncheckedItems(deps.db, job.companyId, job.contactListId, CHECK_BATCH);
  if (batch.length === 0) {
    await finishCheck(deps, job);
    // Items added between that read and the release found the check claimed: they start one now.
    const late = await uncheckedItems(deps.db, job.companyId, job.contactListId, 1);
    if (late.length > 0) await startNumberCheck(deps, job.companyId, job.contactListId);
    return;
  }
  const checkNumbers = adapter?.checkNumbers?.bind(adapter);
  if (!checkNumbers) {
    await trustUnchecked(deps, job);
    return finishCheck(deps, job);
  }
  const answers = await ask(job, () =>
    checkNumbers(
      connection,
      batch.map((item) => item.number),
    ),
  );
  if (answers)
    await record(
      deps,
      job,
      batch.map((item) => ({ id: item.id, valid: answers.get(item.number) ?? false })),
    );
  await deps.db
    .update(contactLists)
    .set({ checkingAt: deps.now() })
    .where(tenant(contactLists, job.companyId, eq(contactLists.id, job.contactListId)));
  if (answers) await announce(deps, job);
  // The next batch, or the end of the check, after the pause; the job outlives a restart of the server.
  const next: CheckJob = { ...job, waits: answers ? 0 : (job.waits ?? 0) + 1, hops: 0 };
  await deps.jobs.send(CHECK_JOB, next, { startAfter: new Date(deps.now().getTime() + CHECK_PACE_MS) });
}

/** Back to the queue for the next process that takes it, the list's claim kept fresh meanwhile. */
async function passOn(deps: Deps, job: CheckJob) {
  await deps.db
    .update(contactLists)
    .set({ checkingAt: deps.now() })
    .where(tenant(contactLists, job.companyId, eq(contactLists.id, job.contactListId)));
  const next: CheckJob = { ...job, hops: (job.hops ?? 0) + 1 };
  await deps.jobs.send(CHECK_JOB, next, { startAfter: new Date(deps.now().getTime() + HOP_MS) });
}

/**
 * The channel's answers, or undefined while this process holds no live session: right after a restart
 * it is reconnecting, and on several processes another may hold it. The batch is then tried again after
 * the pause, for a minute, before the check gives up.
 */
function ask(job: CheckJob, question: () => Promise<Map<string, boolean>>) {
  return question().catch((error: unknown) => {
    const noSession = error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED';
    if (!noSession || (job.waits ?? 0) >= SESSION_WAITS) throw error;
    return undefined;
  });
}

/** Stores the answers on the items still unchecked (an item edited meanwhile waits for its own check). */
async function record(deps: Deps, job: CheckJob, answers: { id: number; valid: boolean }[]) {
  const valid = answers.filter((a) => a.valid).map((a) => a.id);
  const invalid = answers.filter((a) => !a.valid).map((a) => a.id);
  for (const [ids, value] of [
    [valid, true],
    [invalid, false],
  ] as const) {
    if (ids.length === 0) continue;
    await deps.db
      .update(contactListItems)
      .set({ isWhatsappValid: value, updatedAt: deps.now() })
      .where(
        tenant(
          contactListItems,
          job.companyId,
          eq(contactListItems.contactListId, job.contactListId),
          inArray(contactListItems.id, ids),
          isNull(contactListItems.isWhatsappValid),
        ),
      );
  }
}

/** A Cloud API number cannot ask whether a number has WhatsApp: its sends tell, so every item is kept. */
async function trustUnchecked(deps: Deps, job: CheckJob) {
  await deps.db
    .update(contactListItems)
    .set({ isWhatsappValid: true, updatedAt: deps.now() })
    .where(
      tenant(
        contactListItems,
        job.companyId,
        eq(contactListItems.contactListId, job.contactListId),
        isNull(contactListItems.isWhatsappValid),
      ),
    );
}

async function finishCheck(deps: Deps, job: CheckJob) {
  await deps.db
    .update(contactLists)
    .set({ checkingAt: null })
    .where(tenant(contactLists, job.companyId, eq(contactLists.id, job.contactListId)));
  await announce(deps, job);
}

/** The list's counts (the check's progress) and a reload of its items page. */
async function announce(deps: Deps, job: CheckJob) {
  const list = await findContactList(deps.db, job.companyId, job.contactListId, deps.now());
  if (!list) return;
  publishContactList(deps, job.companyId, { action: 'update', record: list });
  publishContactListItem(deps, job.companyId, { action: 'reload', contactListId: list.id });
}
