import { type CampaignTemplate, type MessageTemplate, msg, templateInputFits } from '@balcao/shared';
import { inArray } from 'drizzle-orm';
import { connections } from '../../db/schema/index.js';
import { tenant } from '../../db/tenant.js';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { CampaignRow } from './campaigns.answer.js';
import { requestedConnectionIds } from './campaigns.rules.js';

const sameTemplate = (a: Pick<MessageTemplate, 'name' | 'language'>, b: typeof a) =>
  a.name === b.name && a.language === b.language;

/** The templates Meta lists for each connection among `ids` whose channel has templates (the Cloud API). */
async function templateLists(ctx: Ctx, ids: number[]): Promise<MessageTemplate[][]> {
  const rows = ids.length
    ? await ctx.db
        .select()
        .from(connections)
        .where(tenant(connections, ctx.companyId, inArray(connections.id, ids)))
    : [];
  if (rows.length !== new Set(ids).size) throw new AppError('ERR_NO_WAPP_FOUND');
  return Promise.all(
    rows.flatMap((connection) => {
      const list = ctx.channels.get(connection.channel)?.templates;
      return list ? [list(connection)] : [];
    }),
  );
}

/**
 * What the campaign dialog's picker offers for the connections named ("1,2"): the approved templates
 * that every Cloud API connection among them has, read from Meta each time (approvals change outside
 * Balcão).
 */
export async function listCampaignTemplates(ctx: Ctx, connectionIds: string): Promise<MessageTemplate[]> {
  const ids = requestedConnectionIds({ whatsappId: connectionIds });
  if (!ids)
    throw new AppError('ERR_VALIDATION', 'Unknown connection ids', { connectionIds: msg.invalidValue });
  const [first = [], ...others] = await templateLists(ctx, ids);
  return first.filter((template) => others.every((list) => list.some((t) => sameTemplate(t, template))));
}

/**
 * The template column a save writes: null without a template, else the choice checked on every Cloud
 * API connection of the campaign (approved there, one value per variable, header and button) and kept
 * with the template as Meta lists it, which the dispatcher fills for each recipient.
 */
export async function savedTemplate(
  ctx: Ctx,
  choice: CampaignTemplate | null,
  connectionIds: number[],
): Promise<CampaignRow['template']> {
  if (!choice) return null;
  const lists = await templateLists(ctx, connectionIds);
  if (!lists.length)
    throw new AppError('ERR_CAMPAIGN_TEMPLATE_CHANNEL', 'A template needs a Cloud API connection', {
      template: msg.invalidValue,
    });
  const found = lists.map((list) => list.find((template) => sameTemplate(template, choice)));
  const [definition] = found;
  if (!definition || found.some((template) => !template)) throw new AppError('ERR_TEMPLATE_NOT_FOUND');
  if (found.some((template) => template && !templateInputFits(template, choice)))
    throw new AppError('ERR_TEMPLATE_PARAMS');
  return { ...choice, definition };
}
