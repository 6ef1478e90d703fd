import { platformSettingKeys, type SettingKey, settingDefinitions } from '@balcao/shared';
import type { Database } from '../../../../db/client.js';
import { executeSqlIn } from '../../../../db/client.js';
import { iso, serviceHours } from '../mapping.js';
import type { Progress } from '../report.js';
import type { Context, Step } from '../runner.js';
import type { Source } from '../source.js';
import { IdMap, insertRows } from '../target.js';

interface CompanyRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  status: boolean | null;
  schedules: unknown;
  dueDate: string | null;
  recurrence: string | null;
  createdAt: Date;
  planId: number | null;
  planName: string | null;
  users: number | null;
  connections: number | null;
  queues: number | null;
  value: number | null;
  isPublic: boolean | null;
}

/** How the company row of an installation is named in the id map, before its Balcão id is known. */
export const companyKey = (source: string, id: number) => `${source}#${id}`;

/** The Ticketz company ids of an installation, for --all. */
export async function sourceCompanies(source: Source) {
  const rows = await source.query<{ id: number }>('select id from "Companies" order by id');
  return rows.map((row) => row.id);
}

/**
 * The Balcão company a Ticketz company became: found in the id map on a rerun (and then left as it
 * is), else created with its plan, in one transaction with its id-map rows. A name another company
 * already has gets the source's id added, since company names are unique here.
 */
export async function importCompany(
  database: Database,
  source: Source,
  sourceName: string,
  progress: Progress,
): Promise<number | undefined> {
  const id = progress.report.sourceCompanyId;
  const counts = progress.counts('Companies');
  const [row] = await source.query<CompanyRow>(
    `select c.id, c.name, c.phone, c.email, c.status, c.schedules, c."dueDate"::text as "dueDate", c.recurrence,
            c."createdAt", c."planId", p.name as "planName", p.users, p.connections, p.queues, p.value, p."isPublic"
       from "Companies" c left join "Plans" p on p.id = c."planId" where c.id = $1`,
    [id],
  );
  if (!row) {
    progress.note({ key: 'companyMissing', id });
    return undefined;
  }
  counts.read += 1;
  const key = companyKey(sourceName, id);
  const { rows: known } = await database.executeSql(
    `select company_id from import_id_map where source_table = 'Companies' and source_id = $1`,
    [key],
  );
  const existing = (known as { company_id: number }[])[0];
  if (existing) {
    progress.skip('Companies', 'alreadyImported');
    return existing.company_id;
  }
  return database.db.transaction(async (tx) => {
    const sql = executeSqlIn(tx);
    const planId = await planFor(sql, row, progress);
    const { rows: taken } = await sql('select 1 from companies where lower(name) = lower($1)', [row.name]);
    const name = taken.length > 0 ? `${row.name} (Ticketz ${sourceName} #${id})` : row.name;
    if (name !== row.name) progress.note({ key: 'companyRenamed', name: row.name, as: name });
    const dueDate = row.dueDate ?? new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    if (!row.dueDate) progress.note({ key: 'noDueDate' });
    const { rows: created } = await sql(
      `insert into companies (name, email, phone, plan_id, status, due_date, recurrence, schedules, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9) returning id`,
      [
        name,
        row.email ?? '',
        row.phone ?? '',
        planId,
        row.status ?? true,
        dueDate,
        row.recurrence || 'MENSAL',
        JSON.stringify(serviceHours(row.schedules)),
        iso(row.createdAt),
      ],
    );
    const companyId = (created as { id: number }[])[0]?.id as number;
    const ids = new IdMap(companyId);
    await ids.record(sql, 'Companies', [[key, companyId]]);
    if (row.planId !== null) await ids.record(sql, 'Plans', [[String(row.planId), planId]]);
    counts.imported += 1;
    return companyId;
  });
}

/** The plan of the same name here (left as it is), else a new one with Ticketz's limits and price. */
async function planFor(sql: Context['database']['executeSql'], row: CompanyRow, progress: Progress) {
  const counts = progress.counts('Plans');
  const name = row.planName ?? 'Ticketz';
  if (row.planName !== null) counts.read += 1;
  const { rows } = await sql('select id from plans where name = $1', [name]);
  const found = (rows as { id: number }[])[0];
  if (found) {
    progress.skip('Plans', 'companyPlanExists');
    return found.id;
  }
  const { rows: created } = await sql(
    `insert into plans (name, users, connections, queues, amount_cents, is_public)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      name,
      row.users ?? 1,
      row.connections ?? 1,
      row.queues ?? 1,
      Math.round((row.value ?? 0) * 100),
      row.isPublic ?? true,
    ],
  );
  counts.imported += 1;
  return (created as { id: number }[])[0]?.id as number;
}

/** Ticketz's setting keys that ours name differently. */
const renamed: Record<string, SettingKey> = { call: 'acceptCallWhatsapp' };

interface SettingRow {
  id: number;
  key: string;
  value: string;
}

/**
 * Settings whose key (or its renaming) is ours and whose value ours accepts; the others are reported
 * by key. The platform's own settings (sign-up, payment gateway) are never taken from a tenant.
 */
export function settingsStep(ctx: Context): Step<SettingRow> {
  return {
    table: 'Settings',
    target: 'company_settings',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<SettingRow>(
        `select id, key, value from "Settings" where "companyId" = $1 and id > $2 order by id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const accepted: [string, string, SettingRow][] = [];
      for (const row of rows) {
        const key = (renamed[row.key] ?? row.key) as SettingKey;
        const definition = settingDefinitions[key];
        if (!definition || platformSettingKeys.includes(key)) {
          ctx.progress.skip('Settings', 'settingUnknown');
          ctx.progress.note({ key: 'settingLeftOut', setting: row.key });
        } else if (!definition.schema.safeParse(row.value).success) {
          ctx.progress.skip('Settings', 'valueRefused');
          ctx.progress.note({ key: 'settingRefused', setting: row.key, value: row.value });
        } else accepted.push([key, row.value, row]);
      }
      await insertRows(
        sql,
        'company_settings',
        [
          ['company_id', 'int'],
          ['key', 'text'],
          ['value', 'text'],
        ],
        accepted.map(([key, value]) => [ctx.companyId, key, value]),
        { onConflict: 'on conflict do nothing' },
      );
      return accepted.map(([, , row]) => [String(row.id), 0] as const);
    },
  };
}
