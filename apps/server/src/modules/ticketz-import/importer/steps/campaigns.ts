import type { ExecuteSql } from '../../../../db/client.js';
import { iso } from '../mapping.js';
import { copyMedia, mediaSourcePath } from '../media.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, insertRows } from '../target.js';

const texts = [
  'message1',
  'message2',
  'message3',
  'message4',
  'message5',
  'confirmationMessage1',
  'confirmationMessage2',
  'confirmationMessage3',
  'confirmationMessage4',
  'confirmationMessage5',
] as const;

type CampaignRow = { [text in (typeof texts)[number]]: string | null } & {
  id: number;
  name: string;
  status: string | null;
  confirmation: boolean | null;
  contactListId: number | null;
  whatsappId: number | null;
  scheduledAt: Date | null;
  completedAt: Date | null;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Date;
};

/**
 * Ticketz's status as ours. A campaign running when Ticketz stopped has no sends planned here, so it
 * comes in cancelled, to be restarted; one scheduled without a time cannot start and waits inactive.
 */
function importedStatus(status: string | null, scheduledAt: Date | null): string {
  if (status === 'EM_ANDAMENTO' || status === 'CANCELADA') return 'CANCELADA';
  if (status === 'FINALIZADA') return 'FINALIZADA';
  return status === 'PROGRAMADA' && scheduledAt ? 'PROGRAMADA' : 'INATIVA';
}

/** Ticketz's one connection becomes our list of one; a connection not imported leaves the list empty. */
async function setConnections(
  ctx: Context,
  sql: ExecuteSql,
  rows: CampaignRow[],
  ids: number[],
  connections: Map<string, number>,
) {
  const pairs = rows.flatMap((row, i) => {
    if (row.whatsappId === null) return [];
    const connection = connections.get(String(row.whatsappId));
    if (connection === undefined) ctx.progress.note({ key: 'campaignConnectionMissing', campaign: row.id });
    return connection === undefined ? [] : [[ids[i], connection]];
  });
  if (pairs.length === 0) return;
  await sql(
    `update campaigns c set connection_ids = array[v.connection_id]
       from unnest($1::int[], $2::int[]) as v(id, connection_id) where c.id = v.id`,
    [pairs.map(([id]) => id), pairs.map(([, connection]) => connection)],
  );
}

/**
 * Campaigns: the connection through the connections' id map (Ticketz has one, we keep a list), the
 * contact list through the lists' ('ContactLists'; null when that step did not run). A scheduled
 * campaign stays scheduled and runs here when due (README: stop Ticketz before).
 */
export function campaignsStep(ctx: Context): Step<CampaignRow> {
  const media = async (row: CampaignRow): Promise<{ key: string; name: string } | undefined> => {
    if (!row.mediaPath) return undefined;
    const path =
      ctx.storage && ctx.options.mediaDir
        ? mediaSourcePath(ctx.options.mediaDir, `company${ctx.sourceCompanyId}/${row.mediaPath}`)
        : undefined;
    const copied =
      path && ctx.storage && (await copyMedia(ctx.storage, ctx.companyId, `Campaigns:${row.id}`, path));
    if (copied && !('missing' in copied)) return { key: copied.key, name: row.mediaName || copied.name };
    ctx.progress.skip('Campaigns.media', copied ? copied.missing : 'filesNotCopied');
    return undefined;
  };

  return {
    table: 'Campaigns',
    target: 'campaigns',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<CampaignRow>(
        `select id, name, status, confirmation, "contactListId", "whatsappId", "scheduledAt", "completedAt",
                "mediaPath", "mediaName", "createdAt", ${texts.map((text) => `"${text}"`).join(', ')}
           from "Campaigns" where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const connections = await ctx.ids.all(sql, 'Whatsapps');
      const lists = await ctx.ids.all(sql, 'ContactLists');
      const ids = await allocateIds(sql, 'campaigns', rows.length);
      const files: ({ key: string; name: string } | undefined)[] = [];
      for (const row of rows) files.push(await media(row));
      await insertRows(
        sql,
        'campaigns',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['name', 'text'],
          ['status', 'text'],
          ['confirmation', 'bool'],
          ['contact_list_id', 'int'],
          ['scheduled_at', 'timestamptz'],
          ['completed_at', 'timestamptz'],
          ['media_path', 'text'],
          ['media_name', 'text'],
          ['created_at', 'timestamptz'],
          ...texts.map((text) => [text.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), 'text'] as const),
        ],
        rows.map((row, i) => [
          ids[i],
          ctx.companyId,
          row.name,
          importedStatus(row.status, row.scheduledAt),
          row.confirmation ?? false,
          row.contactListId === null ? null : (lists.get(String(row.contactListId)) ?? null),
          iso(row.scheduledAt),
          iso(row.completedAt),
          files[i]?.key ?? null,
          files[i]?.name ?? null,
          iso(row.createdAt),
          ...texts.map((text) => row[text] ?? ''),
        ]),
        { overriding: true },
      );
      await setConnections(ctx, sql, rows, ids, connections);
      return rows.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}
