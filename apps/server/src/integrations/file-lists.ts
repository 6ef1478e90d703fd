import { asc, eq } from 'drizzle-orm';
import { fileListOptions, fileLists } from '../db/schema/index.js';
import { tenant } from '../db/tenant.js';
import type { AppDeps } from '../platform/context.js';
import { sendBotMessage, type TicketRow } from './bot-messages.js';

/** The bot sends a file list: its message, then each row's file captioned with the row's name. */
export async function sendFileList(deps: AppDeps, ticket: TicketRow, fileListId: number): Promise<boolean> {
  const [list] = await deps.db
    .select()
    .from(fileLists)
    .where(tenant(fileLists, ticket.companyId, eq(fileLists.id, fileListId)));
  if (!list) return false;
  const rows = await deps.db
    .select()
    .from(fileListOptions)
    .where(tenant(fileListOptions, ticket.companyId, eq(fileListOptions.fileListId, list.id)))
    .orderBy(asc(fileListOptions.id));
  if (list.message) await sendBotMessage(deps, ticket, list.message);
  for (const row of rows) {
    if (!row.path) continue;
    await sendBotMessage(deps, ticket, row.name, {
      media: { mediaPath: row.path, mediaType: row.mediaType, mediaName: row.mediaName ?? row.name },
    });
  }
  return true;
}
