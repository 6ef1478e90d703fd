import type { Announcement } from '@balcao/shared';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { hideBelow } from '../../shared/ui/responsive';
import { priorityColor, priorityKey } from './announcement-priority';

interface Props {
  record: Announcement;
  onEdit: (record: Announcement) => void;
  onDelete: (record: Announcement) => void;
}

export function AnnouncementRow({ record, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableRow hover>
      <TableCell>
        <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 140, sm: 320 } }}>
          {record.title}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip size="small" color={priorityColor(record.priority)} label={t(priorityKey(record.priority))} />
      </TableCell>
      <TableCell sx={hideBelow('md')}>
        <Typography variant="body2" noWrap sx={{ maxWidth: 220 }}>
          {record.mediaName ?? '—'}
        </Typography>
      </TableCell>
      <TableCell sx={hideBelow('sm')}>
        {record.status ? t('announcements.status.on') : t('announcements.status.off')}
      </TableCell>
      <EditDeleteCell
        editLabel={t('announcements.list.edit', { name: record.title })}
        deleteLabel={t('announcements.list.delete', { name: record.title })}
        onEdit={() => onEdit(record)}
        onDelete={() => onDelete(record)}
      />
    </TableRow>
  );
}
