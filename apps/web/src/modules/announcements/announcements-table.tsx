import type { Announcement } from '@balcao/shared';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { AnnouncementRow } from './announcement-row';

interface Props extends PagedListState {
  records: Announcement[];
  onEdit: (record: Announcement) => void;
  onDelete: (record: Announcement) => void;
}

/** Spec 001 §2: title, priority, attachment name, status, edit and delete. */
export function AnnouncementsTable({ records, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="announcements.list"
      emptyIcon={<CampaignOutlinedIcon />}
      columns={[
        { label: t('announcements.list.title') },
        { label: t('announcements.list.priority') },
        { label: t('announcements.list.mediaName'), hideBelow: 'md' },
        { label: t('announcements.list.status'), hideBelow: 'sm' },
        { label: t('announcements.list.actions'), align: 'right' },
      ]}
      rows={records}
      renderRow={(record) => <AnnouncementRow record={record} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
}
