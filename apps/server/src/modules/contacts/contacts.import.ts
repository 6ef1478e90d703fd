import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { type ContactImportEvent, type ContactImportRowError, events, msg } from '@balcao/shared';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import { contacts, contactTags } from '../../db/schema/index.js';
import type { AppDeps, Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { uploadedBytes } from '../../platform/storage/uploads.js';
import { normaliseNumber } from './contacts.numbers.js';
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

const email = z.string().email();

function checkRow(row: SheetRow): { error: string } | { name: string; number: string; email: string } {
  const number = normaliseNumber(row.number);
  if (!number) return { error: msg.invalidPhone };
  const name = row.name.slice(0, 50) || number;
  const address = row.email.toLowerCase();
  if (address && !email.safeParse(address).success) return { error: msg.invalidEmail };
  return { name, number, email: address };
}

async function runContactImport(deps: AppDeps, job: ImportJob) {
  const progress: ContactImportEvent = {
    importId: job.importId,
    status: 'running',
    processed: 0,
    total: job.total,
    created: 0,
    errors: [],
  };
  const emit = (update: Partial<ContactImportEvent>) =>
    deps.realtime.toUser(job.userId, events.contactImport(job.companyId), { ...progress, ...update });
  try {
    const file = await deps.storage.read(job.key);
    if (!file) throw new AppError('ERR_NO_MEDIA_FOUND');
    const tagIds = await companyTagsByName(deps.db, job.companyId);
    let batch: SheetRow[] = [];
    const flush = async () => {
      const errors = await importBatch(deps, job.companyId, batch, tagIds);
      progress.processed += batch.length;
      progress.created += batch.length - errors.length;
      batch = [];
      // Each event carries only its batch's row errors; the page keeps the list.
      emit({ errors });
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

/** One insert for the batch; a number already stored (or twice in the sheet) is that row's error. */
async function importBatch(
  deps: AppDeps,
  companyId: number,
  rows: SheetRow[],
  tagIds: Map<string, number>,
): Promise<ContactImportRowError[]> {
  const errors: ContactImportRowError[] = [];
  const valid = new Map<string, { row: SheetRow; name: string; email: string }>();
  for (const row of rows) {
    const checked = checkRow(row);
    if ('error' in checked) errors.push({ row: row.row, number: row.number, error: checked.error });
    else if (valid.has(checked.number))
      errors.push({ row: row.row, number: row.number, error: 'duplicated' });
    else valid.set(checked.number, { row, name: checked.name, email: checked.email });
  }
  if (valid.size === 0) return errors;
  await deps.db.transaction(async (tx) => {
    const created = await tx
      .insert(contacts)
      .values(
        [...valid].map(([number, v]) => ({
          companyId,
          number,
          name: v.name,
          email: v.email,
          channel: 'whatsapp',
        })),
      )
      .onConflictDoNothing()
      .returning({ id: contacts.id, number: contacts.number });
    const createdNumbers = new Set(created.map((c) => c.number));
    for (const [number, { row }] of valid)
      if (!createdNumbers.has(number)) errors.push({ row: row.row, number: row.number, error: 'duplicated' });
    const links = created.flatMap((c) =>
      (valid.get(c.number ?? '')?.row.tags ?? '')
        .split(',')
        .map((name) => tagIds.get(name.trim().toLowerCase()))
        .filter((tagId): tagId is number => tagId !== undefined)
        .map((tagId) => ({ contactId: c.id, tagId })),
    );
    if (links.length > 0) await tx.insert(contactTags).values(links).onConflictDoNothing();
  });
  return errors.sort((a, b) => a.row - b.row);
}
