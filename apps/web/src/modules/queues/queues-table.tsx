import type { Queue } from '@balcao/shared';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow, pinnedActions } from '../../shared/ui/responsive';
import { TableBodyContent } from '../../shared/ui/table-body-content';
import { QueueRow } from './queue-row';

const COLUMNS = 6;

interface Props {
  queues: Queue[];
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  onEdit: (queue: Queue) => void;
  onDelete: (queue: Queue) => void;
}

export function QueuesTable({ queues, isLoading, error, onRetry, ...actions }: Props) {
  const { t } = useTranslation();
  return (
    <Table stickyHeader size="small" aria-busy={isLoading} sx={pinnedActions}>
      <TableHead>
        <TableRow>
          <TableCell sx={hideBelow('md')}>{t('queues.list.id')}</TableCell>
          <TableCell>{t('queues.fields.name')}</TableCell>
          <TableCell>{t('queues.fields.color')}</TableCell>
          <TableCell sx={hideBelow('sm')}>{t('queues.fields.orderQueue')}</TableCell>
          <TableCell sx={hideBelow('md')}>{t('queues.fields.greetingMessage')}</TableCell>
          <TableCell align="right">{t('queues.list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        <TableBodyContent
          columns={COLUMNS}
          isLoading={isLoading}
          loadError={error ? `${t('queues.list.loadError')} ${errorMessage(error)}` : undefined}
          onRetry={onRetry}
          hasRows={queues.length > 0}
          empty={
            <EmptyState
              icon={<AccountTreeOutlinedIcon />}
              title={t('queues.list.emptyTitle')}
              description={t('queues.list.emptyText')}
            />
          }
        >
          {queues.map((queue) => (
            <QueueRow key={queue.id} queue={queue} {...actions} />
          ))}
        </TableBodyContent>
      </TableBody>
    </Table>
  );
}
