import { type Contact, listContactsResponse } from '@balcao/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api/http';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { toast } from '../../shared/toast/toast.store';
import { useForwardMessages } from './messages.api';

/** Spec 000 §2: the contact search starts from three characters. */
const SEARCH_FROM = 3;

function useContactSearch(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: ['contacts', 'forward-search', term],
    queryFn: () => request('/contacts', { query: { searchParam: term }, schema: listContactsResponse }),
    enabled: term.length >= SEARCH_FROM,
    placeholderData: keepPreviousData,
  });
}

interface Props {
  messageIds: number[];
  onClose: () => void;
  onForwarded: () => void;
}

/** Picks the contact the selected messages go to; the server paces them 900 ms apart. */
export function ForwardDialog({ messageIds, onClose, onForwarded }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [contact, setContact] = useState<Contact | null>(null);
  const [signMessage, setSignMessage] = useState(false);
  const contacts = useContactSearch(useDebouncedValue(search));
  const forward = useForwardMessages();

  const submit = () => {
    if (!contact) return;
    forward.mutate(
      { messageIds, contactId: contact.id, signMessage },
      {
        onSuccess: () => {
          toast.success(t('messages.forward.done', { count: messageIds.length }));
          onForwarded();
        },
        onError: toast.apiError,
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('messages.forward.title', { count: messageIds.length })}</DialogTitle>
      <DialogContent>
        <Autocomplete
          options={search.trim().length >= SEARCH_FROM ? (contacts.data?.contacts ?? []) : []}
          value={contact}
          onChange={(_, value) => setContact(value)}
          inputValue={search}
          onInputChange={(_, value) => setSearch(value)}
          getOptionLabel={(option) => `${option.name} ${option.number ?? ''}`.trim()}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(options) => options}
          loading={contacts.isFetching}
          noOptionsText={
            search.trim().length < SEARCH_FROM ? t('messages.forward.typeMore') : t('messages.forward.none')
          }
          renderInput={(params) => (
            <TextField {...params} label={t('messages.forward.contact')} autoFocus sx={{ mt: 1 }} />
          )}
        />
        <FormControlLabel
          control={
            <Switch checked={signMessage} onChange={(event) => setSignMessage(event.target.checked)} />
          }
          label={t('messages.forward.sign')}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button variant="contained" disabled={!contact} loading={forward.isPending} onClick={submit}>
          {t('messages.actions.forward')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
