import type { QuickMessage } from '@balcao/shared';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { hideBelow } from '../../shared/ui/responsive';
import { kindOf } from './quick-message-rules';

interface Props {
  record: QuickMessage;
  canChange: boolean;
  onEdit: (record: QuickMessage) => void;
  onDelete: (record: QuickMessage) => void;
}

export function QuickMessageRow({ record, canChange, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableRow hover>
      <TableCell>
        <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 160, sm: 260 } }}>
          {record.shortcode}
        </Typography>
        {record.geral && <Chip size="small" variant="outlined" label={t('quickMessages.list.geral')} />}
      </TableCell>
      <TableCell>{t(`quickMessages.types.${kindOf(record)}`)}</TableCell>
      <TableCell sx={hideBelow('sm')}>
        <Typography variant="body2" noWrap sx={{ maxWidth: 240 }}>
          {record.mediaName ?? '—'}
        </Typography>
      </TableCell>
      <EditDeleteCell
        editLabel={t('quickMessages.list.edit', { name: record.shortcode })}
        deleteLabel={t('quickMessages.list.delete', { name: record.shortcode })}
        onEdit={canChange ? () => onEdit(record) : undefined}
        onDelete={canChange ? () => onDelete(record) : undefined}
      />
    </TableRow>
  );
}
