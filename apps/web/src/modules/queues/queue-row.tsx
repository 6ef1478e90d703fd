import type { Queue } from '@balcao/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { hideBelow } from '../../shared/ui/responsive';

interface Props {
  queue: Queue;
  onEdit: (queue: Queue) => void;
  onDelete: (queue: Queue) => void;
}

export function QueueRow({ queue, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableRow hover>
      <TableCell sx={hideBelow('md')}>{queue.id}</TableCell>
      <TableCell>
        <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 160, sm: 240 } }}>
          {queue.name}
        </Typography>
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={queue.color}
          sx={{ bgcolor: queue.color, color: 'common.white', fontFamily: 'monospace' }}
        />
      </TableCell>
      <TableCell sx={hideBelow('sm')}>{queue.orderQueue}</TableCell>
      <TableCell sx={hideBelow('md')}>
        <Typography variant="body2" noWrap sx={{ maxWidth: 320 }}>
          {queue.greetingMessage}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton
          size="small"
          aria-label={t('queues.list.editQueue', { name: queue.name })}
          onClick={() => onEdit(queue)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('queues.list.deleteQueue', { name: queue.name })}
          onClick={() => onDelete(queue)}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
