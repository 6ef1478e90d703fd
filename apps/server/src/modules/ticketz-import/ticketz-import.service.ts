import type { StartTicketzImportBody, TicketzProbeBody } from '@balcao/shared';
import { desc, eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.js';
import { ticketzImports } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { companyKey } from './importer/steps/company.js';
import { checkImportAddress } from './ticketz-import.address.js';
import { IMPORT_JOB, IMPORT_JOB_OPTIONS, type ImportJob, newRunner } from './ticketz-import.job.js';
import { probeTicketz, ticketzCompanies } from './ticketz-import.probe.js';
import { toTicketzImport } from './ticketz-import.rows.js';

/** Whether imports are on, and the latest ones, newest first. */
export async function listTicketzImports(ctx: Ctx) {
  const rows = await ctx.db.select().from(ticketzImports).orderBy(desc(ticketzImports.id)).limit(20);
  return { enabled: ctx.config.importDatabaseHosts.length > 0, imports: rows.map(toTicketzImport) };
}

export async function showTicketzImport(ctx: Ctx, id: number) {
  const [row] = await ctx.db.select().from(ticketzImports).where(eq(ticketzImports.id, id));
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return toTicketzImport(row);
}

/** Connects to the Ticketz database the super user typed and lists its companies. */
export async function probeTicketzDatabase(ctx: Ctx, body: TicketzProbeBody) {
  const address = checkImportAddress(ctx.config, body.url);
  return { companies: await probeTicketz(ctx.log, address, ticketzCompanies) };
}

/**
 * Checks the address and the company, then queues the import. A company imported before (found in the
 * id map) is imported again, which adds what Ticketz got since; otherwise its name must be free here.
 */
export async function startTicketzImport(ctx: Ctx, body: StartTicketzImportBody) {
  const address = checkImportAddress(ctx.config, body.url);
  const company = await probeTicketz(ctx.log, address, async (source) => {
    const [row] = await source.query<{ name: string }>('select name from "Companies" where id = $1', [
      body.companyId,
    ]);
    return row;
  });
  if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
  const { rows: before } = await ctx.database.executeSql(
    `select 1 from import_id_map where source_table = 'Companies' and source_id = $1`,
    [companyKey(address.source, body.companyId)],
  );
  if (before.length === 0) {
    const { rows: taken } = await ctx.database.executeSql(
      'select 1 from companies where lower(name) = lower($1)',
      [company.name],
    );
    if (taken.length > 0) throw new AppError('ERR_COMPANY_ALREADY_EXISTS');
  }
  const row = await ctx.db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(ticketzImports)
        .values({
          source: address.source,
          sourceLabel: address.label,
          sourceCompanyId: body.companyId,
          startedBy: ctx.actor.userId,
          runner: newRunner(),
          sealedUrl: ctx.secrets.seal(address.url),
          leaseUntil: new Date(ctx.now().getTime() + 60_000),
        })
        .returning();
      if (!created) throw new Error('the import was not stored');
      await ctx.jobs.send<ImportJob>(
        IMPORT_JOB,
        { importId: created.id, runner: created.runner },
        IMPORT_JOB_OPTIONS,
        tx,
      );
      return created;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'ticketz_imports_running_key')) throw new AppError('ERR_IMPORT_RUNNING');
      throw error;
    });
  ctx.jobs.wake(IMPORT_JOB);
  return toTicketzImport(row);
}
