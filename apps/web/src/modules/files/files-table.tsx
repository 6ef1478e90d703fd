import type { FileList } from '@balcao/shared';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';

interface Props extends PagedListState {
  lists: FileList[];
  onEdit: (list: FileList) => void;
  onDelete: (list: FileList) => void;
}

export function FilesTable({ lists, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="files.list"
      emptyIcon={<FolderOutlinedIcon />}
      columns={[
        { label: t('files.list.name') },
        { label: t('files.list.files'), align: 'center' },
        { label: t('files.list.actions'), align: 'right' },
      ]}
      rows={lists}
      renderRow={(list) => (
        <TableRow hover>
          <TableCell>{list.name}</TableCell>
          <TableCell align="center">{list.options.length}</TableCell>
          <EditDeleteCell
            editLabel={t('files.list.edit', { name: list.name })}
            deleteLabel={t('files.list.delete', { name: list.name })}
            onEdit={() => onEdit(list)}
            onDelete={() => onDelete(list)}
          />
        </TableRow>
      )}
    />
  );
}
