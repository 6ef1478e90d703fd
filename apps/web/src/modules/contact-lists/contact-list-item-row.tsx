import type { ContactListItem } from '@balcao/shared';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { EditDeleteCell } from '../../shared/ui/edit-delete-cell';
import { hideBelow } from '../../shared/ui/responsive';

/** What the connection said of the number: valid, not on WhatsApp, or not asked yet. */
function WhatsappState({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation();
  if (valid === null)
    return <Chip size="small" variant="outlined" label={t('contactLists.items.unchecked')} />;
  return valid ? (
    <Chip size="small" color="success" label={t('contactLists.items.valid')} />
  ) : (
    <Chip size="small" color="error" label={t('contactLists.items.invalid')} />
  );
}

interface Props {
  item: ContactListItem;
  onEdit: (item: ContactListItem) => void;
  onDelete: (item: ContactListItem) => void;
}

export function ContactListItemRow({ item, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableRow hover>
      <TableCell>{item.name}</TableCell>
      <TableCell>{item.number}</TableCell>
      <TableCell sx={hideBelow('md')}>{item.email}</TableCell>
      <TableCell align="center">
        <WhatsappState valid={item.isWhatsappValid} />
      </TableCell>
      <EditDeleteCell
        editLabel={t('contactLists.items.edit', { name: item.name })}
        deleteLabel={t('contactLists.items.delete', { name: item.name })}
        onEdit={() => onEdit(item)}
        onDelete={() => onDelete(item)}
      />
    </TableRow>
  );
}
