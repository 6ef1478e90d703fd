import type { Ticket } from '@balcao/shared';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import NotesIcon from '@mui/icons-material/Notes';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';
import { ContactDialog } from '../contacts/contact.dialog';
import { useBlockContact, useContact } from '../contacts/contacts.api';
import { contactsKeys } from '../contacts/contacts.keys';
import { TicketMediaTabs } from '../messages/media/ticket-media-tabs';
import { ContactAvatar } from './contact-avatar';
import { TicketNotesDialog } from './ticket-notes.dialog';

/** Spec 000 §1 contact drawer: who the contact is, what the conversation exchanged, notes, edit, block. */
export function ContactDrawer({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const contact = useContact(ticket.contactId);
  const block = useBlockContact();
  const [dialog, setDialog] = useState<'edit' | 'notes' | null>(null);
  const shown = contact.data;

  const toggleBlock = () => {
    if (!shown) return;
    block.mutate(
      { id: shown.id, active: !shown.active },
      {
        onSuccess: (changed) => {
          queryClient.setQueryData(contactsKeys.one(changed.id), changed);
          toast.success(t(changed.active ? 'contacts.list.unblocked' : 'contacts.list.blocked'));
        },
        onError: toast.apiError,
      },
    );
  };

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      // Above the top bar, which sits over the side menu's drawer level.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 360 } } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', p: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, pl: 1 }}>
          {t('messages.drawer.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('messages.media.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, p: 2 }}>
        <ContactAvatar name={ticket.contact.name} picture={ticket.contact.profilePicUrl} />
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {shown?.name ?? ticket.contact.name}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {shown?.number ?? t('contacts.list.numberMissing')}
        </Typography>
        {shown?.email && <Typography variant="body2">{shown.email}</Typography>}
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button size="small" startIcon={<EditIcon />} disabled={!shown} onClick={() => setDialog('edit')}>
            {t('messages.drawer.edit')}
          </Button>
          <Button size="small" startIcon={<NotesIcon />} onClick={() => setDialog('notes')}>
            {t('messages.drawer.notes')}
          </Button>
          <Button
            size="small"
            color={shown?.active === false ? 'success' : 'error'}
            startIcon={shown?.active === false ? <CheckCircleOutlinedIcon /> : <BlockIcon />}
            disabled={!shown || block.isPending}
            onClick={toggleBlock}
          >
            {t(shown?.active === false ? 'contacts.list.unblockConfirm' : 'contacts.list.blockConfirm')}
          </Button>
        </Box>
      </Box>
      <Divider />
      <TicketMediaTabs ticketId={ticket.id} />
      {dialog === 'edit' && shown && (
        <ContactDialog
          contact={shown}
          onClose={() => {
            setDialog(null);
            void contact.refetch();
          }}
        />
      )}
      {dialog === 'notes' && <TicketNotesDialog ticket={ticket} onClose={() => setDialog(null)} />}
    </Drawer>
  );
}
