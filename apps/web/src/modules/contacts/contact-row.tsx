import type { Contact } from '@balcao/shared';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format';
import { hideBelow } from '../../shared/ui/responsive';
import { useDisplayNumber } from './use-display-number';

export interface ContactActions {
  onOpenTicket: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onToggleBlock: (contact: Contact) => void;
  onDelete?: (contact: Contact) => void;
}

export function ContactRow({
  contact,
  onOpenTicket,
  onEdit,
  onToggleBlock,
  onDelete,
}: { contact: Contact } & ContactActions) {
  const { t } = useTranslation();
  const number = useDisplayNumber(contact.number, contact.numberHidden);
  const numberText =
    number.kind === 'missing'
      ? t('contacts.list.numberMissing')
      : number.kind === 'invalid'
        ? t('contacts.list.numberInvalid')
        : number.text;
  return (
    <TableRow hover>
      <TableCell sx={{ width: 52 }}>
        <Avatar src={contact.urlPicture || undefined} alt={contact.name} sx={{ width: 36, height: 36 }}>
          {contact.name.charAt(0).toUpperCase()}
        </Avatar>
      </TableCell>
      <TableCell>
        <Typography variant="body2" noWrap sx={{ maxWidth: { xs: 160, sm: 220 } }}>
          {contact.name}
        </Typography>
        <Typography
          variant="caption"
          noWrap
          sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
        >
          {numberText}
        </Typography>
        {/* Where the e-mail column gives way, the address sits under the name. */}
        {contact.email && (
          <Typography
            variant="caption"
            noWrap
            sx={{
              display: { xs: 'block', xl: 'none' },
              maxWidth: { xs: 160, sm: 220 },
              color: 'text.secondary',
            }}
          >
            {contact.email}
          </Typography>
        )}
      </TableCell>
      <TableCell
        sx={{
          ...hideBelow('sm'),
          whiteSpace: 'nowrap',
          color: number.kind === 'formatted' || number.kind === 'hidden' ? undefined : 'text.secondary',
        }}
      >
        {numberText}
      </TableCell>
      <TableCell sx={hideBelow('xl')}>
        <Typography variant="body2" noWrap sx={{ maxWidth: 220 }}>
          {contact.email}
        </Typography>
      </TableCell>
      <TableCell sx={hideBelow('md')}>
        {contact.lastInteractionAt ? formatDateTime(contact.lastInteractionAt) : '—'}
      </TableCell>
      <TableCell align="center" sx={hideBelow('sm')}>
        <Chip
          size="small"
          color={contact.active ? 'success' : 'default'}
          label={contact.active ? t('contacts.list.statusActive') : t('contacts.list.statusBlocked')}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <IconButton
          size="small"
          aria-label={t('contacts.list.openTicket', { name: contact.name })}
          onClick={() => onOpenTicket(contact)}
        >
          <WhatsAppIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t('contacts.list.edit', { name: contact.name })}
          onClick={() => onEdit(contact)}
        >
          <EditIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={t(contact.active ? 'contacts.list.block' : 'contacts.list.unblock', {
            name: contact.name,
          })}
          onClick={() => onToggleBlock(contact)}
        >
          {contact.active ? <BlockIcon fontSize="small" /> : <CheckCircleOutlinedIcon fontSize="small" />}
        </IconButton>
        {onDelete && (
          <IconButton
            size="small"
            aria-label={t('contacts.list.delete', { name: contact.name })}
            onClick={() => onDelete(contact)}
          >
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}
