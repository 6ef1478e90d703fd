import type { QuickMessage } from '@balcao/shared';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow } from '../../shared/ui/responsive';
import { PagedTableBody } from '../../shared/ui/table-body-content';
import { QuickMessageRow } from './quick-message-row';

const COLUMNS = 4;

interface Props {
  records: QuickMessage[];
  canChange: (record: QuickMessage) => boolean;
  isLoading: boolean;
  error: unknown;
  isFetchingNextPage: boolean;
  searching: boolean;
  onRetry: () => void;
  onEdit: (record: QuickMessage) => void;
  onDelete: (record: QuickMessage) => void;
}

export function QuickMessagesTable({
  records,
  canChange,
  isLoading,
  error,
  isFetchingNextPage,
  searching,
  onRetry,
  ...actions
}: Props) {
  const { t } = useTranslation();
  return (
    <Table stickyHeader size="small" aria-busy={isLoading || isFetchingNextPage}>
      <TableHead>
        <TableRow>
          <TableCell>{t('quickMessages.list.shortcode')}</TableCell>
          <TableCell>{t('quickMessages.list.type')}</TableCell>
          <TableCell sx={hideBelow('sm')}>{t('quickMessages.list.mediaName')}</TableCell>
          <TableCell align="right">{t('quickMessages.list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <PagedTableBody
        isFetchingNextPage={isFetchingNextPage}
        columns={COLUMNS}
        isLoading={isLoading}
        loadError={error ? `${t('quickMessages.list.loadError')} ${errorMessage(error)}` : undefined}
        onRetry={onRetry}
        hasRows={records.length > 0}
        empty={
          <EmptyState
            icon={<BoltOutlinedIcon />}
            title={searching ? t('quickMessages.list.noMatchTitle') : t('quickMessages.list.emptyTitle')}
            description={searching ? t('quickMessages.list.noMatchText') : t('quickMessages.list.emptyText')}
          />
        }
      >
        {records.map((record) => (
          <QuickMessageRow key={record.id} record={record} canChange={canChange(record)} {...actions} />
        ))}
      </PagedTableBody>
    </Table>
  );
}
