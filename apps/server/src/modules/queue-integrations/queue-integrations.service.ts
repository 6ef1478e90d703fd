import { randomBytes } from 'node:crypto';
import {
  type CreateIntegrationBody,
  type Integration,
  type ListIntegrationsQuery,
  msg,
  PAGE_SIZE,
  type UpdateIntegrationBody,
} from '@balcao/shared';
import { eq } from 'drizzle-orm';
import { queueIntegrations } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { BlockedUrlError } from '../../platform/outbound/url-guard.js';
import { publishIntegration } from './queue-integrations.events.js';
import { findIntegration, searchIntegrations, toIntegration } from './queue-integrations.queries.js';

export async function listIntegrations(ctx: Ctx, query: ListIntegrationsQuery) {
  const offset = (query.pageNumber - 1) * PAGE_SIZE;
  const { rows, total } = await searchIntegrations(ctx.db, ctx.companyId, {
    search: query.searchParam,
    limit: PAGE_SIZE,
    offset,
  });
  return { queueIntegrations: rows.map(toIntegration), hasMore: offset + rows.length < total, count: total };
}

export async function showIntegration(ctx: Ctx, id: number): Promise<Integration> {
  const row = await findIntegration(ctx.db, ctx.companyId, id);
  if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  return toIntegration(row);
}

/** Spec 001 §5: for n8n, webhook and typebot the project name is the name. */
function columnsOf(ctx: Ctx, input: CreateIntegrationBody | UpdateIntegrationBody) {
  const { urlN8N, jsonContent, ...rest } = input;
  const isDialogflow = input.type === 'dialogflow';
  return {
    ...rest,
    urlN8n: isDialogflow ? '' : urlN8N,
    projectName: isDialogflow ? input.projectName : input.name,
    ...(jsonContent && isDialogflow ? { jsonContent: ctx.secrets.seal(jsonContent) } : {}),
    ...(isDialogflow ? {} : { jsonContent: '' }),
  };
}

/** The server will call this URL on the company's behalf: refused when it leads into the server's own network. */
async function ensureOutsideUrl(ctx: Ctx, input: CreateIntegrationBody | UpdateIntegrationBody) {
  if (input.type === 'dialogflow' || !input.urlN8N) return;
  // The contract's pattern lets through a few hosts the URL parser refuses (`http://[x`).
  const url = URL.canParse(input.urlN8N) ? new URL(input.urlN8N) : undefined;
  if (!url) throw new AppError('ERR_VALIDATION', 'Invalid URL', { urlN8N: msg.invalidValue });
  await ctx.urlGuard.check(url).catch((error: unknown) => {
    if (!(error instanceof BlockedUrlError)) throw error;
    throw new AppError('ERR_PRIVATE_ADDRESS', `The URL ${error.message}`, { urlN8N: msg.privateAddress });
  });
}

export async function createIntegration(ctx: Ctx, input: CreateIntegrationBody): Promise<Integration> {
  await ensureOutsideUrl(ctx, input);
  const [row] = await ctx.db
    .insert(queueIntegrations)
    .values({
      ...columnsOf(ctx, input),
      companyId: ctx.companyId,
      webhookSecret: randomBytes(24).toString('base64url'),
    })
    .returning();
  if (!row) throw new AppError('ERR_INTERNAL');
  const record = toIntegration(row);
  publishIntegration(ctx, ctx.companyId, { action: 'create', record });
  return record;
}

export async function updateIntegration(
  ctx: Ctx,
  id: number,
  input: UpdateIntegrationBody,
): Promise<Integration> {
  const current = await findIntegration(ctx.db, ctx.companyId, id);
  if (!current) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  if (input.type === 'dialogflow' && !input.jsonContent && !current.jsonContent) {
    throw new AppError('ERR_VALIDATION', 'A service account key is required', { jsonContent: 'required' });
  }
  await ensureOutsideUrl(ctx, input);
  const [row] = await ctx.db
    .update(queueIntegrations)
    .set({ ...columnsOf(ctx, input), updatedAt: new Date() })
    .where(tenant(queueIntegrations, ctx.companyId, eq(queueIntegrations.id, id)))
    .returning();
  if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  const record = toIntegration(row);
  publishIntegration(ctx, ctx.companyId, { action: 'update', record });
  return record;
}

/** Queues, connections, options and tickets that used it keep working without it (their link is cleared). */
export async function deleteIntegration(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.db
    .delete(queueIntegrations)
    .where(tenant(queueIntegrations, ctx.companyId, eq(queueIntegrations.id, id)))
    .returning({ id: queueIntegrations.id });
  if (!row) throw new AppError('ERR_NO_INTEGRATION_FOUND');
  publishIntegration(ctx, ctx.companyId, { action: 'delete', id });
}
