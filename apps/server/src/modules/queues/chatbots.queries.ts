import type { ChatbotOptionInput } from '@balcao/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chatbots, fileLists, queueIntegrations, queues, users } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';

type OptionFields = Omit<ChatbotOptionInput, 'id' | 'options'>;
type Where = { queueId: number; parentId: number | null };

/**
 * Writes an option tree under `where`, in menu order from `firstPosition`. Options whose id is in
 * `existing` are updated in place (tickets in a bot dialog keep pointing at them); others are new.
 * Answers the ids written, so the caller can delete what the tree no longer holds.
 */
export async function saveOptionTree(
  tx: Tx,
  companyId: number,
  where: Where,
  options: ChatbotOptionInput[],
  existing: Set<number>,
  firstPosition = 0,
): Promise<Set<number>> {
  const written = new Set<number>();
  for (const [index, { id, options: children, ...fields }] of options.entries()) {
    const values = { ...fields, ...where, position: firstPosition + index };
    const savedId =
      id !== undefined && existing.has(id) && !written.has(id)
        ? await updateOption(tx, companyId, id, values)
        : await insertOption(tx, companyId, values);
    written.add(savedId);
    const below = await saveOptionTree(
      tx,
      companyId,
      { queueId: where.queueId, parentId: savedId },
      children,
      existing,
    );
    for (const child of below) written.add(child);
  }
  return written;
}

type OptionValues = OptionFields & Where & { position: number };

async function insertOption(tx: Tx, companyId: number, values: OptionValues): Promise<number> {
  const [row] = await tx
    .insert(chatbots)
    .values({ ...values, companyId })
    .returning({ id: chatbots.id });
  if (!row) throw new Error('chatbot option not inserted');
  return row.id;
}

export async function updateOption(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<OptionValues>,
): Promise<number> {
  await tx
    .update(chatbots)
    .set({ ...values, updatedAt: new Date() })
    .where(tenant(chatbots, companyId, eq(chatbots.id, id)));
  return id;
}

export function flattenOptions(options: ChatbotOptionInput[]): ChatbotOptionInput[] {
  return options.flatMap((option) => [option, ...flattenOptions(option.options)]);
}

const refTables = {
  optQueueId: queues,
  optUserId: users,
  optIntegrationId: queueIntegrations,
  optFileId: fileLists,
} as const;

/** The first reference of the options that is not the company's, as `[field, id]`; none when all are. */
export async function foreignReference(
  tx: Tx,
  companyId: number,
  options: OptionFields[],
): Promise<[keyof typeof refTables, number] | undefined> {
  for (const [field, table] of Object.entries(refTables) as [
    keyof typeof refTables,
    (typeof refTables)[keyof typeof refTables],
  ][]) {
    const wanted = [...new Set(options.map((o) => o[field]).filter((id): id is number => id !== null))];
    if (wanted.length === 0) continue;
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(tenant(table, companyId, inArray(table.id, wanted)));
    const owned = new Set(rows.map((r) => r.id));
    const missing = wanted.find((id) => !owned.has(id));
    if (missing !== undefined) return [field, missing];
  }
  return undefined;
}
