import {
  type CreateCampaignBody,
  campaignConfirmationKeys,
  campaignMessageKeys,
  msg,
  type UpdateCampaignBody,
} from '@balcao/shared';
import type { Ctx } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { CampaignRow } from './campaigns.answer.js';
import { contactListExists, countCompanyConnections, tagExists } from './campaigns.queries.js';
import { requestedConnectionIds, textKeys } from './campaigns.rules.js';

type Body = CreateCampaignBody | UpdateCampaignBody;
type Saved = Partial<
  Omit<CampaignRow, 'id' | 'companyId' | 'status' | 'template' | 'createdAt' | 'updatedAt'>
>;

/** The columns a body sets, omitted fields left out; `scheduledAt` already read in the company's zone. */
export function savedFields(input: Body, scheduledAt: Date | null | undefined): Saved {
  const connectionIds = requestedConnectionIds(input);
  if (connectionIds === null)
    throw new AppError('ERR_VALIDATION', 'Unknown connection ids', { whatsappId: msg.invalidValue });
  // The template is checked with Meta and saved apart (campaigns.templates.ts).
  const {
    connectionIds: _ids,
    whatsappId: _whatsappId,
    scheduledAt: _text,
    template: _template,
    ...rest
  } = input;
  const fields: Saved = { ...rest, connectionIds, scheduledAt };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Saved;
}

/** At least one connection and something to send (spec 001 §4), on the campaign as it would be saved. */
export function checkComplete(campaign: { connectionIds?: number[] } & Saved) {
  if (!campaign.connectionIds?.length)
    throw new AppError('ERR_CAMPAIGN_INCOMPLETE', 'A campaign needs a connection', {
      connectionIds: msg.required,
    });
  if (!campaignMessageKeys.some((key) => campaign[key]?.trim()))
    throw new AppError('ERR_CAMPAIGN_INCOMPLETE', 'A campaign needs a message', { message1: msg.required });
  // A confirmation campaign asks first: with no question to send, nobody could ever confirm.
  if (campaign.confirmation && !campaignConfirmationKeys.some((key) => campaign[key]?.trim()))
    throw new AppError('ERR_CAMPAIGN_INCOMPLETE', 'A confirmation campaign needs a question', {
      confirmationMessage1: msg.required,
    });
}

/** Connections, list and tag must be the company's; another company's is "not found", as if absent. */
export async function checkReferences(ctx: Ctx, fields: Saved) {
  const ids = fields.connectionIds;
  if (ids?.length && (await countCompanyConnections(ctx.db, ctx.companyId, ids)) !== ids.length)
    throw new AppError('ERR_NO_WAPP_FOUND');
  if (fields.contactListId && !(await contactListExists(ctx.db, ctx.companyId, fields.contactListId)))
    throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
  if (fields.tagListId && !(await tagExists(ctx.db, ctx.companyId, fields.tagListId)))
    throw new AppError('ERR_NO_TAG_FOUND');
}

const sameValue = (a: unknown, b: unknown) => {
  if (a instanceof Date || b instanceof Date)
    return (a as Date | null)?.getTime() === (b as Date | null)?.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
};

/**
 * A cancelled campaign keeps its audience, connections and schedule for a restart; only its texts
 * change. A field sent back as the GET answered it is no change (the dialog sends the whole record).
 */
export function lockedFieldChanged(current: CampaignRow, changes: Saved): boolean {
  return Object.entries(changes).some(
    ([key, value]) => !textKeys.includes(key) && !sameValue(value, current[key as keyof CampaignRow]),
  );
}
