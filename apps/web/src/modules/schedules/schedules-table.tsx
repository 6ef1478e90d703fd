import type { Schedule } from '@balcao/shared';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import Table from '@mui/material/Table';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import { hideBelow } from '../../shared/ui/responsive';
import { PagedTableBody } from '../../shared/ui/table-body-content';
import { ScheduleRow } from './schedule-row';

const COLUMNS = 5;

interface Props {
  schedules: Schedule[];
  isLoading: boolean;
  error: unknown;
  isFetchingNextPage: boolean;
  searching: boolean;
  onRetry: () => void;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

export function SchedulesTable({
  schedules,
  isLoading,
  error,
  isFetchingNextPage,
  searching,
  onRetry,
  ...rowProps
}: Props) {
  const { t } = useTranslation();
  return (
    <Table stickyHeader size="small" aria-busy={isLoading || isFetchingNextPage}>
      <TableHead>
        <TableRow>
          <TableCell>{t('schedules.fields.contact')}</TableCell>
          <TableCell sx={hideBelow('sm')}>{t('schedules.fields.body')}</TableCell>
          <TableCell>{t('schedules.fields.sendAt')}</TableCell>
          <TableCell>{t('schedules.fields.status')}</TableCell>
          <TableCell align="right">{t('schedules.list.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <PagedTableBody
        isFetchingNextPage={isFetchingNextPage}
        columns={COLUMNS}
        isLoading={isLoading}
        loadError={error ? `${t('schedules.list.loadError')} ${errorMessage(error)}` : undefined}
        onRetry={onRetry}
        hasRows={schedules.length > 0}
        empty={
          <EmptyState
            icon={<EventOutlinedIcon />}
            title={searching ? t('schedules.list.noMatchTitle') : t('schedules.list.emptyTitle')}
            description={searching ? t('schedules.list.noMatchText') : t('schedules.list.emptyText')}
          />
        }
      >
        {schedules.map((schedule) => (
          <ScheduleRow key={schedule.id} schedule={schedule} {...rowProps} />
        ))}
      </PagedTableBody>
    </Table>
  );
}
