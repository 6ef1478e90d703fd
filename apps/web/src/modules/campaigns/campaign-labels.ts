import type { Campaign } from '@balcao/shared';
import type { TFunction } from 'i18next';
import { formatZonedDateMinute } from '../../shared/format';

/**
 * The table's and the report's words for a campaign's fields (spec 001 §2), each with its blank;
 * times on the company's clock, as the dialog schedules them.
 */
export function campaignLabels(campaign: Campaign, t: TFunction, timeZone: string) {
  const at = (value: string) => formatZonedDateMinute(value, timeZone);
  return {
    status: t(`campaigns.status.${campaign.status}`),
    contactList: campaign.contactList?.name ?? t('campaigns.list.noContactList'),
    connections: campaign.connections.length
      ? campaign.connections.map((connection) => connection.name).join(', ')
      : t('campaigns.list.noConnection'),
    scheduledAt: campaign.scheduledAt ? at(campaign.scheduledAt) : t('campaigns.list.notScheduled'),
    completedAt: campaign.completedAt ? at(campaign.completedAt) : t('campaigns.list.notCompleted'),
    confirmation: campaign.confirmation
      ? t('campaigns.list.confirmationOn')
      : t('campaigns.list.confirmationOff'),
  };
}
