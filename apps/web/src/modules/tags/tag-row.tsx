import type { Tag } from '@balcao/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { hideBelow } from '../../shared/ui/responsive';
import { TagChip } from './tag-chip';

interface Props {
  tag: Tag;
  canManage: boolean;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

export function TagRow({ tag, canManage, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableRow hover>
      <TableCell>
        <TagChip name={tag.name} color={tag.color} />
      </TableCell>
      <TableCell align="center">{tag.contactsCount}</TableCell>
      <TableCell align="center" sx={hideBelow('sm')}>
        {tag.ticketsCount}
      </TableCell>
      <TableCell align="center" sx={hideBelow('sm')}>
        {tag.kanban !== 0 && <ViewKanbanOutlinedIcon fontSize="small" aria-label={t('tags.list.kanban')} />}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {canManage && (
          <>
            <IconButton
              size="small"
              aria-label={t('tags.list.editTag', { name: tag.name })}
              onClick={() => onEdit(tag)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={t('tags.list.deleteTag', { name: tag.name })}
              onClick={() => onDelete(tag)}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
