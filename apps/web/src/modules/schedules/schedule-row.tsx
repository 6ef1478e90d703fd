import { DEFAULT_TIMEZONE, type Schedule } from '@balcao/shared';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime, truncate } from '../../shared/format';
import { useSession } from '../../shared/session/session.store';
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
  // Typed on the company's clock (schedule.dialog.tsx), so shown on it too: spec 001 DD/MM/YYYY HH:mm:ss.
  const timeZone = useSession().user?.company.timezone ?? DEFAULT_TIMEZONE;
  const status = (
    <Chip
      size="small"
      color={statusColor[schedule.status]}
      label={t(`schedules.status.${schedule.status}`)}
    />
  );
  const shownStatus = schedule.error ? <Tooltip title={schedule.error}>{status}</Tooltip> : status;
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
      <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>
        {formatZonedDateTime(schedule.sendAt, timeZone)}
        {/* A phone has no room for the status column: the status sits under the time. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>{shownStatus}</Box>
      </TableCell>
      <TableCell sx={hideBelow('sm')}>{shownStatus}</TableCell>
      <EditDeleteCell
        editLabel={t('schedules.list.edit', { name: schedule.contact.name })}
        deleteLabel={t('schedules.list.delete', { name: schedule.contact.name })}
        onEdit={() => onEdit(schedule)}
        onDelete={() => onDelete(schedule)}
      />
    </TableRow>
  );
}
