import type { Schedule } from '@balcao/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatDateTime, truncate } from '../../shared/format';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { hideBelow } from '../../shared/ui/responsive';
import { BODY_PREVIEW_MAX } from './schedule-form';

interface Props {
  schedule: Schedule;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

const statusColor = { PENDENTE: 'default', ENVIADA: 'success', ERRO: 'error' } as const;

export function ScheduleRow({ schedule, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const status = (
    <Chip
      size="small"
      color={statusColor[schedule.status]}
      label={t(`schedules.status.${schedule.status}`)}
    />
  );
  return (
    <TableRow hover>
      <TableCell>{schedule.contact.name}</TableCell>
      <TableCell sx={hideBelow('sm')}>
        {truncate(schedule.body, BODY_PREVIEW_MAX)}
        {schedule.mediaName && (
          <AttachFileIcon
            fontSize="inherit"
            titleAccess={schedule.mediaName}
            sx={{ ml: 0.5, verticalAlign: 'middle', color: 'text.secondary' }}
          />
        )}
      </TableCell>
      <TableCell>{formatDateTime(schedule.sendAt)}</TableCell>
      <TableCell>{schedule.error ? <Tooltip title={schedule.error}>{status}</Tooltip> : status}</TableCell>
      <EditDeleteCell
        editLabel={t('schedules.list.edit', { name: schedule.contact.name })}
        deleteLabel={t('schedules.list.delete', { name: schedule.contact.name })}
        onEdit={() => onEdit(schedule)}
        onDelete={() => onDelete(schedule)}
      />
    </TableRow>
  );
}
