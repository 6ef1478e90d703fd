import type { Help } from '@balcao/shared';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { type PagedListState, PagedTable } from '../../shared/ui/paged-table';
import { hideBelow } from '../../shared/ui/responsive';

interface Props extends PagedListState {
  records: Help[];
  onEdit: (record: Help) => void;
  onDelete: (record: Help) => void;
}

/** Spec 001 §3: the super user's list shows the video id, title and description. */
export function HelpsTable({ records, onEdit, onDelete, ...state }: Props) {
  const { t } = useTranslation();
  return (
    <PagedTable
      {...state}
      texts="helps.list"
      emptyIcon={<OndemandVideoOutlinedIcon />}
      columns={[
        { label: t('helps.fields.video'), hideBelow: 'sm' },
        { label: t('helps.fields.title') },
        { label: t('helps.fields.description'), hideBelow: 'md' },
        { label: t('helps.list.actions'), align: 'right' },
      ]}
      rows={records}
      renderRow={(record) => (
        <TableRow hover>
          <TableCell sx={hideBelow('sm')}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {record.video}
            </Typography>
          </TableCell>
          <TableCell>
            <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 160, sm: 280 } }}>
              {record.title}
            </Typography>
          </TableCell>
          <TableCell sx={hideBelow('md')}>
            <Typography variant="body2" noWrap sx={{ maxWidth: 320 }}>
              {record.description || '—'}
            </Typography>
          </TableCell>
          <EditDeleteCell
            editLabel={t('helps.list.edit', { name: record.title })}
            deleteLabel={t('helps.list.delete', { name: record.title })}
            onEdit={() => onEdit(record)}
            onDelete={() => onDelete(record)}
          />
        </TableRow>
      )}
    />
  );
}
