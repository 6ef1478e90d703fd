import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';

interface Props {
  editLabel: string;
  deleteLabel: string;
  /** Left out when the user may not edit: the button is not shown. */
  onEdit?: () => void;
  /** Left out when the user may not delete: the button is not shown. */
  onDelete?: () => void;
}

/** A list row's last cell: its edit and delete buttons, named after the record for screen readers. */
export function EditDeleteCell({ editLabel, deleteLabel, onEdit, onDelete }: Props) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {onEdit && (
        <IconButton size="small" aria-label={editLabel} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {onDelete && (
        <IconButton size="small" aria-label={deleteLabel} onClick={onDelete}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      )}
    </TableCell>
  );
}
