import type { Campaign } from '@balcao/shared';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { CampaignRow } from './campaign-row';

interface Props extends PagedListState {
  campaigns: Campaign[];
  onEdit: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}

/** Spec 001 §2: name, status, contact list, connection, schedule, conclusion, confirmation, actions. */
export function CampaignsTable({ campaigns, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="campaigns.list"
      emptyIcon={<CampaignOutlinedIcon />}
      columns={[
        { label: t('campaigns.list.name') },
        { label: t('campaigns.list.status') },
        { label: t('campaigns.list.contactList'), hideBelow: 'md' },
        { label: t('campaigns.list.connections'), hideBelow: 'md' },
        { label: t('campaigns.list.scheduledAt'), hideBelow: 'sm' },
        { label: t('campaigns.list.completedAt'), hideBelow: 'md' },
        { label: t('campaigns.list.confirmation'), hideBelow: 'md' },
        { label: t('campaigns.list.actions'), align: 'right' },
      ]}
      rows={campaigns}
      renderRow={(campaign) => <CampaignRow campaign={campaign} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
}
