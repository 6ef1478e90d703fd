import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { ticketzImports } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError, loggableError } from '../../platform/errors.js';
import { runImport } from './importer/importer.js';
import type { ProgressObserver } from './importer/report.js';
import type { ImportAddress } from './ticketz-import.address.js';
import { publishImport } from './ticketz-import.events.js';
import { probeTicketz } from './ticketz-import.probe.js';

export const IMPORT_JOB = 'ticketz.import';
const SWEEP_JOB = 'ticketz.import-sweep';
/** A running import's process renews its hold this often; one that stopped renewing is taken over. */
const LEASE_SECONDS = 60;
const RENEW_MS = 15_000;

/** `runner` names one run: a job whose run was taken over by the sweep finds another and does nothing. */
export interface ImportJob {
  importId: number;
  runner: string;
}

/** Thrown into the importer when the sweep gave the import to another run: this one stops. */
class TakenOver extends Error {}

/** The job's options: it runs as long as the import does; a stopped one is the sweep's to restart. */
export const IMPORT_JOB_OPTIONS = { retryLimit: 0, expireInHours: 12 };

export async function registerTicketzImportJobs(deps: AppDeps) {
  await deps.jobs.work<ImportJob>(IMPORT_JOB, (job) => runTicketzImport(deps, job));
  await deps.jobs.work(SWEEP_JOB, () => sweepTicketzImports(deps));
  await deps.jobs.schedule(SWEEP_JOB, '* * * * *');
}

/**
 * Imports whose process stopped (a restart, a crash) without finishing: each is given a new run, which
 * goes on from what was committed (the importer's id map), with the address kept sealed for it.
 */
export async function sweepTicketzImports(deps: Pick<AppDeps, 'db' | 'jobs'>) {
  const lapsed = await deps.db
    .update(ticketzImports)
    .set({
      runner: sql`gen_random_uuid()::text`,
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
    })
    .where(and(eq(ticketzImports.status, 'running'), lt(ticketzImports.leaseUntil, sql`now()`)))
    .returning({ importId: ticketzImports.id, runner: ticketzImports.runner });
  for (const job of lapsed)
    await deps.jobs.send<ImportJob>(
      IMPORT_JOB,
      { importId: job.importId, runner: job.runner },
      IMPORT_JOB_OPTIONS,
    );
}

const held = (job: ImportJob) =>
  and(
    eq(ticketzImports.id, job.importId),
    eq(ticketzImports.runner, job.runner),
    eq(ticketzImports.status, 'running'),
  );

async function runTicketzImport(deps: AppDeps, job: ImportJob) {
  const renew = () =>
    deps.db
      .update(ticketzImports)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(held(job))
      .returning();
  const [row] = await renew();
  if (!row?.sealedUrl) return;
  let lost = false;
  const timer = setInterval(() => {
    renew().then(
      (rows) => {
        lost ||= rows.length === 0;
      },
      (error: unknown) => deps.log.warn(loggableError(error), 'ticketz import lease not renewed'),
    );
  }, RENEW_MS);
  const done = new Set<string>();
  const observe: ProgressObserver = async (report, table, expected, finished) => {
    if (lost) throw new TakenOver();
    if (finished) done.add(table);
    const [updated] = await deps.db
      .update(ticketzImports)
      .set({
        step: table,
        stepRead: report.tables[table]?.read ?? 0,
        stepExpected: expected ?? null,
        stepsDone: done.size,
        tables: report.tables,
        notes: report.notes,
        targetCompanyId: report.targetCompanyId ?? null,
      })
      .where(held(job))
      .returning();
    if (!updated) throw new TakenOver();
    publishImport(deps, updated);
  };
  const address: ImportAddress = {
    url: deps.secrets.open(row.sealedUrl),
    source: row.source,
    label: row.sourceLabel,
  };
  try {
    await probeTicketz(deps.log, address, async () => undefined);
    const result = await runImport(
      deps.database,
      {
        from: address.url,
        companies: [row.sourceCompanyId],
        all: false,
        source: row.source,
        batchSize: 2000,
        quiet: true,
      },
      { print: () => undefined, observe },
    );
    const report = result.reports[0];
    await finish(deps, job, report?.targetCompanyId === undefined ? 'ERR_NO_COMPANY_FOUND' : null, {
      tables: report?.tables ?? {},
      notes: report?.notes ?? [],
      targetCompanyId: report?.targetCompanyId ?? null,
    });
  } catch (error) {
    if (error instanceof TakenOver) return;
    if (!(error instanceof AppError))
      deps.log.error({ ...loggableError(error), importId: row.id }, 'ticketz import failed');
    await finish(deps, job, error instanceof AppError ? error.code : 'ERR_IMPORT_FAILED');
  } finally {
    clearInterval(timer);
  }
}

/** The end of an import: its report kept, its sealed address erased. */
async function finish(
  deps: AppDeps,
  job: ImportJob,
  error: AppError['code'] | null,
  report: Partial<typeof ticketzImports.$inferInsert> = {},
) {
  const [row] = await deps.db
    .update(ticketzImports)
    .set({
      ...report,
      status: error ? 'failed' : 'done',
      error,
      step: null,
      sealedUrl: null,
      leaseUntil: null,
      finishedAt: sql`now()`,
    })
    .where(held(job))
    .returning();
  if (row) publishImport(deps, row);
}

/** A new run for a new import, whose row names it already. */
export const newRunner = () => randomUUID();
