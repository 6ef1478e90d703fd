import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { type ContactImportEvent, events } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import type { AppDeps, Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { uploadedBytes } from '../../platform/storage/uploads.js';
import { importBatch } from './contacts.import-batch.js';
import { companyTagsByName } from './contacts.queries.js';
import { checkContactSheet, readContactRows, type SheetRow } from './contacts.sheet.js';

const CONTACT_IMPORT_JOB = 'contacts.import';
/** Rows per insert and per progress event: a few events a second on a large sheet, never one per row. */
const BATCH = 200;

interface ImportJob {
  importId: string;
  companyId: number;
  userId: number;
  key: string;
  total: number;
}

/** Checks the whole sheet, keeps the file and queues the job; progress then arrives over the socket. */
export async function startContactImport(ctx: Ctx, file: MultipartFile | undefined) {
  const bytes = await uploadedBytes(file);
  const total = await checkContactSheet(bytes);
  const importId = randomUUID();
  const key = `company${ctx.companyId}/imports/${importId}.xlsx`;
  await ctx.storage.put(key, bytes);
  const job: ImportJob = { importId, companyId: ctx.companyId, userId: ctx.actor.userId, key, total };
  // No row pairs the file with its job, so a job that cannot be queued must not leave the file behind.
  await ctx.jobs.send(CONTACT_IMPORT_JOB, job).catch(async (error: unknown) => {
    await ctx.storage.remove(key);
    throw error;
  });
  return { importId, total };
}

export async function registerContactJobs(deps: AppDeps) {
  await deps.jobs.work<ImportJob>(CONTACT_IMPORT_JOB, (job) => runContactImport(deps, job));
}

async function runContactImport(deps: AppDeps, job: ImportJob) {
  const progress: ContactImportEvent = {
    importId: job.importId,
    status: 'running',
    processed: 0,
    total: job.total,
    created: 0,
    updated: 0,
    skipped: 0,
    skippedRows: [],
    warnings: [],
  };
  const emit = (update: Partial<ContactImportEvent>) =>
    deps.realtime.toUser(job.userId, events.contactImport(job.companyId), { ...progress, ...update });
  try {
    const file = await deps.storage.read(job.key);
    if (!file) throw new AppError('ERR_NO_MEDIA_FOUND');
    const context = {
      seen: new Map<string, number>(),
      tagIds: await companyTagsByName(deps.db, job.companyId),
    };
    let batch: SheetRow[] = [];
    const flush = async () => {
      const report = await importBatch(deps.db, job.companyId, batch, context);
      progress.processed += batch.length;
      progress.created += report.created;
      progress.updated += report.updated;
      progress.skipped += report.skippedRows.length;
      batch = [];
      // Each event carries only its batch's rows; the page keeps the list.
      emit({ skippedRows: report.skippedRows, warnings: report.warnings });
    };
    for await (const row of readContactRows(await buffer(file.stream))) {
      batch.push(row);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    emit({ status: 'done' });
  } catch (error) {
    deps.log.error({ err: error, importId: job.importId }, 'contact import failed');
    emit({ status: 'failed' });
  } finally {
    await deps.storage.remove(job.key);
  }
}
