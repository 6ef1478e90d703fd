import type { ContactList } from '@balcao/shared';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { hideBelow } from '../../shared/ui/responsive';

export interface ListActions {
  onExample: () => void;
  onAddByTags: (list: ContactList) => void;
  onEdit: (list: ContactList) => void;
  onDelete: (list: ContactList) => void;
}

export function ContactListRow({ list, ...actions }: { list: ContactList } & ListActions) {
  const { t } = useTranslation();
  const named = (key: string) => t(`contactLists.list.${key}`, { name: list.name });
  return (
    <TableRow hover>
      <TableCell>{list.name}</TableCell>
      <TableCell align="center">{list.contactsCount}</TableCell>
      <TableCell align="center" sx={hideBelow('sm')}>
        {list.validCount}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton
          size="small"
          aria-label={named('example')}
          title={named('example')}
          onClick={actions.onExample}
        >
          <FileDownloadOutlinedIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={named('open')}
          title={named('open')}
          component={RouterLink}
          to={`/contact-lists/${list.id}/contacts`}
        >
          <ListAltOutlinedIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={named('addByTags')}
          title={named('addByTags')}
          onClick={() => actions.onAddByTags(list)}
        >
          <GroupAddOutlinedIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={named('edit')}
          title={named('edit')}
          onClick={() => actions.onEdit(list)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={named('delete')}
          title={named('delete')}
          onClick={() => actions.onDelete(list)}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
