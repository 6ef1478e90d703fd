import type { Schedule } from '@balcao/shared';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import { useTranslation } from 'react-i18next';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { ScheduleRow } from './schedule-row';

interface Props extends PagedListState {
  schedules: Schedule[];
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

export function SchedulesTable({ schedules, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="schedules.list"
      emptyIcon={<EventOutlinedIcon />}
      columns={[
        { label: t('schedules.fields.contact') },
        { label: t('schedules.fields.body'), hideBelow: 'sm' },
        { label: t('schedules.fields.sendAt') },
        { label: t('schedules.fields.status'), hideBelow: 'sm' },
        { label: t('schedules.list.actions'), align: 'right' },
      ]}
      rows={schedules}
      renderRow={(schedule) => <ScheduleRow schedule={schedule} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
}
