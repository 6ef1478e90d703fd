import {
  type CreatePromptBody,
  type ListPromptsQuery,
  maskSecret,
  PAGE_SIZE,
  type Prompt,
  type UpdatePromptBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { prompts, queues } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { publishPrompt } from './prompts.events.js';
import { findPrompt, searchPrompts, toPrompt } from './prompts.queries.js';

export async function listPrompts(ctx: Ctx, query: ListPromptsQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchPrompts(ctx.db, ctx.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return {
    prompts: rows.map((row) => toPrompt(row, ctx.secrets)),
    hasMore: offset + rows.length < total,
    count: total,
  };
}

async function loadPrompt(ctx: Ctx, id: number): Promise<Prompt> {
  const row = await findPrompt(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_PROMPT_FOUND');
  return toPrompt(row, ctx.secrets);
}

export const showPrompt = loadPrompt;

async function checkQueue(ctx: Ctx, queueId: number) {
  const [queue] = await ctx.db
    .select({ id: queues.id })
    .from(queues)
    .where(tenant(queues, ctx.companyId, eq(queues.id, queueId)));
  if (!queue) throw new AppError('ERR_VALIDATION', 'Unknown queue', { queueId: 'sectorRequired' });
}

/** A key sent back as the dialog showed it (masked) or left empty is not a new key. */
const isNewKey = (value: string, stored: string) => value !== '' && value !== maskSecret(stored);

export async function createPrompt(ctx: Ctx, input: CreatePromptBody): Promise<Prompt> {
  await checkQueue(ctx, input.queueId);
  const [row] = await ctx.db
    .insert(prompts)
    .values({
      ...input,
      companyId: ctx.companyId,
      apiKey: ctx.secrets.seal(input.apiKey),
      voiceKey: ctx.secrets.seal(input.voiceKey),
    })
    .returning({ id: prompts.id });
  if (!row) throw new AppError('ERR_INTERNAL');
  const record = await loadPrompt(ctx, row.id);
  publishPrompt(ctx, ctx.companyId, { action: 'create', record });
  return record;
}

export async function updatePrompt(ctx: Ctx, id: number, input: UpdatePromptBody): Promise<Prompt> {
  const current = await findPrompt(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_PROMPT_FOUND');
  await checkQueue(ctx, input.queueId);
  const { apiKey, voiceKey, ...rest } = input;
  const [row] = await ctx.db
    .update(prompts)
    .set({
      ...rest,
      ...(isNewKey(apiKey, ctx.secrets.open(current.apiKey)) ? { apiKey: ctx.secrets.seal(apiKey) } : {}),
      ...(isNewKey(voiceKey, ctx.secrets.open(current.voiceKey))
        ? { voiceKey: ctx.secrets.seal(voiceKey) }
        : {}),
      updatedAt: new Date(),
    })
    .where(tenant(prompts, ctx.companyId, eq(prompts.id, id)))
    .returning({ id: prompts.id });
  if (!row) throw new AppError('ERR_NO_PROMPT_FOUND');
  const record = await loadPrompt(ctx, id);
  publishPrompt(ctx, ctx.companyId, { action: 'update', record });
  return record;
}

export async function deletePrompt(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db
    .delete(prompts)
    .where(tenant(prompts, ctx.companyId, eq(prompts.id, id)))
    .returning({ id: prompts.id });
  if (!row) throw new AppError('ERR_NO_PROMPT_FOUND');
  publishPrompt(ctx, ctx.companyId, { action: 'delete', id });
}
