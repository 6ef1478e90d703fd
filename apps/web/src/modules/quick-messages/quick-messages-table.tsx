import type { QuickMessage } from '@balcao/shared';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { QuickMessageRow } from './quick-message-row';

interface Props extends PagedListState {
  records: QuickMessage[];
  canChange: (record: QuickMessage) => boolean;
  onEdit: (record: QuickMessage) => void;
  onDelete: (record: QuickMessage) => void;
}

export function QuickMessagesTable({ records, canChange, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="quickMessages.list"
      emptyIcon={<BoltOutlinedIcon />}
      columns={[
        { label: t('quickMessages.list.shortcode') },
        { label: t('quickMessages.list.type') },
        { label: t('quickMessages.list.mediaName'), hideBelow: 'sm' },
        { label: t('quickMessages.list.actions'), align: 'right' },
      ]}
      rows={records}
      renderRow={(record) => (
        <QuickMessageRow record={record} canChange={canChange(record)} onEdit={onEdit} onDelete={onDelete} />
      )}
    />
  );
}
