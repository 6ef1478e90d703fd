import { maskSecret, type Prompt } from '@balcao/shared';
import { asc, count, eq, getTableColumns, ilike } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { prompts, queues } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { likePattern } from '../queue-integrations/queue-integrations.queries.js';

type PromptRow = typeof prompts.$inferSelect;
type PromptWithQueue = PromptRow & { queueName: string | null };

/** Keys leave the server only masked, whatever the caller. */
export function toPrompt(row: PromptWithQueue, secrets: SecretBox): Prompt {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    voice: row.voice,
    voiceKey: maskSecret(secrets.open(row.voiceKey)),
    voiceRegion: row.voiceRegion,
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    apiKey: maskSecret(secrets.open(row.apiKey)),
    queueId: row.queueId,
    maxMessages: row.maxMessages,
    queue: row.queueName === null ? null : { name: row.queueName },
  };
}

const withQueue = (db: Db | Tx) =>
  db
    .select({ ...getTableColumns(prompts), queueName: queues.name })
    .from(prompts)
    .leftJoin(queues, eq(queues.id, prompts.queueId));

export async function findPrompt(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<PromptWithQueue | undefined> {
  const [row] = await withQueue(db).where(tenant(prompts, companyId, eq(prompts.id, id)));
  return row;
}

export async function searchPrompts(
  db: Db,
  companyId: number,
  options: { search?: string; limit: number; offset: number },
): Promise<{ rows: PromptWithQueue[]; total: number }> {
  const pattern = likePattern(options.search);
  const where = tenant(prompts, companyId, pattern ? ilike(prompts.name, pattern) : undefined);
  const [rows, [totals]] = await Promise.all([
    withQueue(db)
      .where(where)
      .orderBy(asc(prompts.name), asc(prompts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(prompts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}
