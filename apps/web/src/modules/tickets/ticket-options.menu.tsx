import { CLOSED_TAB_STATUSES, can, type Ticket } from '@balcao/shared';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { ConfirmDialog } from '../../shared/ui/confirm.dialog';
import { TicketHistoryDialog } from './ticket-history.dialog';
import { TicketNotesDialog } from './ticket-notes.dialog';
import { useDeleteTicket } from './ticket-ops.api';
import { TicketTransferDialog } from './ticket-transfer.dialog';

type Open = 'transfer' | 'notes' | 'history' | 'delete' | null;

/** The chat header's other actions: transfer, notes, history and (admins) delete. */
export function TicketOptionsMenu({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const remove = useDeleteTicket();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const choose = (what: Open) => () => {
    setAnchor(null);
    setOpen(what);
  };
  const close = () => setOpen(null);

  return (
    <>
      <IconButton aria-label={t('tickets.options.more')} onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {!CLOSED_TAB_STATUSES.includes(ticket.status) && (
          <MenuItem onClick={choose('transfer')}>{t('tickets.options.transfer')}</MenuItem>
        )}
        <MenuItem onClick={choose('notes')}>{t('tickets.options.notes')}</MenuItem>
        <MenuItem onClick={choose('history')}>{t('tickets.options.history')}</MenuItem>
        {can(me, 'ticket-options:deleteTicket') && (
          <MenuItem onClick={choose('delete')} sx={{ color: 'error.main' }}>
            {t('tickets.options.delete')}
          </MenuItem>
        )}
      </Menu>
      {open === 'transfer' && <TicketTransferDialog ticket={ticket} onClose={close} />}
      {open === 'notes' && <TicketNotesDialog ticket={ticket} onClose={close} />}
      {open === 'history' && <TicketHistoryDialog ticket={ticket} onClose={close} />}
      {open === 'delete' && (
        <ConfirmDialog
          title={t('tickets.deleteConfirm.title', { ticketId: ticket.id })}
          message={t('tickets.deleteConfirm.text')}
          confirmLabel={t('common.actions.delete')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(ticket.id, {
              onSuccess: () => {
                toast.success(t('tickets.deleteConfirm.done'));
                navigate('/tickets', { replace: true });
              },
              onError: toast.apiError,
            })
          }
          onClose={close}
        />
      )}
    </>
  );
}
