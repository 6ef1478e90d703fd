import type { TicketHolder } from '@balcao/shared';
import { type Contact, can } from '@balcao/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { useConnections } from '../connections/connections.api';
import { AlreadyOpenDialog } from '../tickets/already-open.dialog';
import { ContactPicker } from '../tickets/contact-picker';
import { holderOf, isConflict } from '../tickets/ticket-conflict';
import { ContactDialog } from './contact.dialog';
import { useOpenTicket } from './contacts.api';

/**
 * Opens a ticket with a contact on a chosen connection (and queue), then shows it. Without a contact
 * (the ticket list's "new ticket") the contact is searched first, or created from the typed name.
 */
export function OpenTicketDialog({ contact: given, onClose }: { contact?: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const connections = useConnections();
  const openTicket = useOpenTicket();
  const [whatsappId, setWhatsappId] = useState<number | ''>('');
  const [queueId, setQueueId] = useState<number | ''>('');
  const [refused, setRefused] = useState<{ holder: TicketHolder | null } | null>(null);
  const [picked, setPicked] = useState<Contact | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const contact = given ?? picked;
  // Admins may open a ticket outside any queue (spec 000 §5 'Selecione uma fila').
  const queueRequired = !can(me, 'queues:manage');
  const ready = contact !== null && whatsappId !== '' && (queueId !== '' || !queueRequired);

  const submit = () => {
    if (whatsappId === '' || !contact) return;
    openTicket.mutate(
      { contactId: contact.id, whatsappId, queueId: queueId === '' ? null : queueId },
      {
        onSuccess: (ticket) => {
          onClose();
          void navigate(`/tickets/${ticket.uuid}`);
        },
        onError: (error) => {
          if (isConflict(error, 'ERR_OTHER_OPEN_TICKET')) setRefused({ holder: holderOf(error) });
          else toast.apiError(error);
        },
      },
    );
  };

  if (refused && contact)
    return <AlreadyOpenDialog contactName={contact.name} holder={refused.holder} onClose={onClose} />;
  if (creating !== null)
    return (
      <ContactDialog
        contact={null}
        initialName={creating}
        onCreated={setPicked}
        onClose={() => setCreating(null)}
      />
    );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {given ? t('contacts.openTicket.title', { name: given.name }) : t('tickets.newTicket.title')}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {!given && <ContactPicker value={picked} onChange={setPicked} onCreate={setCreating} />}
        <TextField
          select
          label={t('contacts.openTicket.connection')}
          value={whatsappId}
          onChange={(event) => setWhatsappId(Number(event.target.value))}
        >
          {(connections.data ?? []).map((connection) => (
            <MenuItem key={connection.id} value={connection.id}>
              {connection.name} ({connection.channel})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('contacts.openTicket.queue')}
          value={queueId}
          required={queueRequired}
          helperText={queueRequired && queueId === '' ? t('contacts.openTicket.queueRequired') : undefined}
          onChange={(event) => setQueueId(event.target.value === '' ? '' : Number(event.target.value))}
        >
          {!queueRequired && <MenuItem value="">{t('contacts.openTicket.noQueue')}</MenuItem>}
          {me.queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button variant="contained" disabled={!ready} loading={openTicket.isPending} onClick={submit}>
          {t('contacts.openTicket.open')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
