import type { Tag } from '@balcao/shared';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
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
      <EditDeleteCell
        editLabel={t('tags.list.editTag', { name: tag.name })}
        deleteLabel={t('tags.list.deleteTag', { name: tag.name })}
        onEdit={canManage ? () => onEdit(tag) : undefined}
        onDelete={canManage ? () => onDelete(tag) : undefined}
      />
    </TableRow>
  );
}
