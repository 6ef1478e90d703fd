import type { Schedule } from '@balcao/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatDateTime, truncate } from '../../shared/format';
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
      <TableCell sx={hideBelow('sm')}>{truncate(schedule.body, BODY_PREVIEW_MAX)}</TableCell>
      <TableCell>{formatDateTime(schedule.sendAt)}</TableCell>
      <TableCell>{schedule.error ? <Tooltip title={schedule.error}>{status}</Tooltip> : status}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton
          size="small"
          aria-label={t('schedules.list.edit', { name: schedule.contact.name })}
          onClick={() => onEdit(schedule)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('schedules.list.delete', { name: schedule.contact.name })}
          onClick={() => onDelete(schedule)}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
