import { iso } from '../mapping.js';
import type { Context, Mapped, Step } from '../runner.js';
import { allocateIds, insertRows } from '../target.js';

interface ShippingRow {
  id: number;
  campaignId: number;
  contactId: number | null;
  number: string;
  message: string;
  confirmationMessage: string | null;
  confirmation: boolean | null;
  confirmationRequestedAt: Date | null;
  confirmedAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

/**
 * The sends of campaigns that ran (running, cancelled or finished): the report's history, and what a
 * restarted campaign must not send again. Ticketz's contactId names a contact-list item.
 */
export function campaignShippingStep(ctx: Context): Step<ShippingRow> {
  return {
    table: 'CampaignShipping',
    target: 'campaign_shippings',
    key: (row) => String(row.id),
    page: (after, limit) =>
      ctx.source.query<ShippingRow>(
        `select s.id, s."campaignId", s."contactId", s.number, s.message, s."confirmationMessage", s.confirmation,
                s."confirmationRequestedAt", s."confirmedAt", s."deliveredAt", s."createdAt"
           from "CampaignShipping" s join "Campaigns" c on c.id = s."campaignId"
          where c."companyId" = $1 and c.status in ('EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA') and s.id > $2
          order by s.id limit $3`,
        [ctx.sourceCompanyId, after?.id ?? 0, limit],
      ),
    async write(sql, rows) {
      const campaigns = await ctx.ids.lookup(
        sql,
        'Campaigns',
        rows.map((row) => String(row.campaignId)),
      );
      const items = await ctx.ids.lookup(
        sql,
        'ContactListItems',
        rows.flatMap((row) => (row.contactId === null ? [] : [String(row.contactId)])),
      );
      const kept = rows.filter((row) => {
        if (campaigns.has(String(row.campaignId))) return true;
        ctx.progress.skip('CampaignShipping', 'campaignMissing');
        return false;
      });
      const ids = await allocateIds(sql, 'campaign_shippings', kept.length);
      await insertRows(
        sql,
        'campaign_shippings',
        [
          ['id', 'int'],
          ['company_id', 'int'],
          ['campaign_id', 'int'],
          ['contact_list_item_id', 'int'],
          ['number', 'text'],
          ['message', 'text'],
          ['confirmation_message', 'text'],
          ['confirmation', 'bool'],
          ['confirmation_requested_at', 'timestamptz'],
          ['confirmed_at', 'timestamptz'],
          ['delivered_at', 'timestamptz'],
          ['created_at', 'timestamptz'],
        ],
        kept.map((row, i) => [
          ids[i],
          ctx.companyId,
          campaigns.get(String(row.campaignId)),
          row.contactId === null ? null : (items.get(String(row.contactId)) ?? null),
          row.number,
          row.message,
          row.confirmationMessage ?? '',
          row.confirmation,
          iso(row.confirmationRequestedAt),
          iso(row.confirmedAt),
          iso(row.deliveredAt),
          iso(row.createdAt),
        ]),
        { overriding: true },
      );
      return kept.map((row, i): Mapped => [String(row.id), ids[i] as number]);
    },
  };
}
