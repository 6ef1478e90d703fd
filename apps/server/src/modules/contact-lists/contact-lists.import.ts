import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { type ContactListImportEvent, events } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { AppDeps, Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { uploadedBytes } from '../../platform/storage/uploads.js';
import { startNumberCheck } from './contact-lists.check.js';
import { publishContactList, publishContactListItem } from './contact-lists.events.js';
import { importListBatch } from './contact-lists.import-batch.js';
import { findContactList } from './contact-lists.queries.js';
import { showContactList } from './contact-lists.service.js';
import { countListRows, type ListSheetRow, readListRows } from './contact-lists.sheet.js';

const IMPORT_JOB = 'contact-lists.import';
/** Rows per statement and per progress event: a few events a second on a large sheet. */
const BATCH = 200;

interface ImportJob {
  importId: string;
  companyId: number;
  userId: number;
  contactListId: number;
  key: string;
  total: number;
}

/** Reads the whole sheet, keeps the file and queues its import; progress then arrives over the socket. */
export async function startListImport(ctx: Ctx, contactListId: number, file: MultipartFile | undefined) {
  await showContactList(ctx, contactListId);
  const bytes = await uploadedBytes(file);
  const total = await countListRows(bytes);
  const importId = randomUUID();
  const key = `company${ctx.companyId}/imports/${importId}.sheet`;
  await ctx.storage.put(key, bytes);
  const job: ImportJob = {
    importId,
    companyId: ctx.companyId,
    userId: ctx.actor.userId,
    contactListId,
    key,
    total,
  };
  // No row pairs the file with its job, so a job that cannot be queued must not leave the file behind.
  await ctx.jobs.send(IMPORT_JOB, job).catch(async (error: unknown) => {
    await ctx.storage.remove(key);
    throw error;
  });
  return { importId, total };
}

export async function registerContactListImport(deps: AppDeps) {
  await deps.jobs.work<ImportJob>(IMPORT_JOB, (job) => runListImport(deps, job));
}

async function runListImport(deps: AppDeps, job: ImportJob) {
  const { companyId, contactListId } = job;
  const progress: ContactListImportEvent = {
    importId: job.importId,
    contactListId,
    status: 'running',
    processed: 0,
    total: job.total,
    created: 0,
    updated: 0,
    failed: 0,
    errors: [],
  };
  const emit = (update: Partial<ContactListImportEvent>) =>
    deps.realtime.toUser(job.userId, events.contactListImport(companyId), { ...progress, ...update });
  try {
    const file = await deps.storage.read(job.key);
    if (!file) throw new AppError('ERR_NO_MEDIA_FOUND');
    const seen = new Set<string>();
    let batch: ListSheetRow[] = [];
    const flush = async () => {
      const report = await importListBatch(deps.db, { companyId, contactListId }, batch, seen);
      progress.processed += batch.length;
      progress.created += report.created;
      progress.updated += report.updated;
      progress.failed += report.errors.length;
      batch = [];
      // Each event carries only its batch's refused rows; the page keeps the list.
      emit({ errors: report.errors });
    };
    for await (const row of readListRows(await buffer(file.stream))) {
      batch.push(row);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    emit({ status: 'done' });
  } catch (error) {
    // A list deleted meanwhile takes its items with it (a foreign key): the import ends there.
    deps.log.error({ err: error, importId: job.importId }, 'contact list import failed');
    emit({ status: 'failed' });
  } finally {
    await deps.storage.remove(job.key);
  }
  await startNumberCheck(deps, companyId, contactListId);
  const list = await findContactList(deps.db, companyId, contactListId, deps.now());
  if (!list) return;
  publishContactList(deps, companyId, { action: 'update', record: list });
  publishContactListItem(deps, companyId, { action: 'reload', contactListId });
}
