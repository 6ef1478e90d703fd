import {
  type CreateHelpBody,
  type Help,
  type ListHelpsQuery,
  PAGE_SIZE,
  type UpdateHelpBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { helps } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishHelp } from './helps.events.js';
import { findHelp, searchHelps, toHelp } from './helps.queries.js';

/** The spec's `/helps/list` answers every video at once; past this many it is the first page of them. */
const HELPS_LIST_MAX = 200;

export async function listHelps(db: Db, query: ListHelpsQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchHelps(db, { search: query.searchParam, limit: PAGE_SIZE, offset });
  return { records: rows.map(toHelp), hasMore: offset + rows.length < total, count: total };
}

export async function listAllHelps(db: Db): Promise<Help[]> {
  const { rows } = await searchHelps(db, { limit: HELPS_LIST_MAX, offset: 0 });
  return rows.map(toHelp);
}

export async function showHelp(db: Db, id: number): Promise<Help> {
  const row = await findHelp(db, id);
  if (!row) throw new AppError('ERR_NO_HELP_FOUND');
  return toHelp(row);
}

/** Titles are unique (helps_title_key): a second video of the same title is a clear refusal. */
function refuseTakenTitle(error: unknown): never {
  if (isUniqueViolation(error, 'helps_title_key')) throw new AppError('ERR_HELP_TITLE_TAKEN');
  throw error;
}

type Deps = Pick<AppDeps, 'db' | 'realtime'>;

export async function createHelp(deps: Deps, input: CreateHelpBody): Promise<Help> {
  const [row] = await deps.db.insert(helps).values(input).returning().catch(refuseTakenTitle);
  if (!row) throw new AppError('ERR_INTERNAL');
  const record = toHelp(row);
  publishHelp(deps, { action: 'create', record });
  return record;
}

export async function updateHelp(deps: Deps, id: number, input: UpdateHelpBody): Promise<Help> {
  const [row] = await deps.db
    .update(helps)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(helps.id, id))
    .returning()
    .catch(refuseTakenTitle);
  if (!row) throw new AppError('ERR_NO_HELP_FOUND');
  const record = toHelp(row);
  publishHelp(deps, { action: 'update', record });
  return record;
}

export async function deleteHelp(deps: Deps, id: number): Promise<void> {
  const [row] = await deps.db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
  if (!row) throw new AppError('ERR_NO_HELP_FOUND');
  publishHelp(deps, { action: 'delete', id });
}
