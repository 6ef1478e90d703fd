import type { ContactList } from '@balcao/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { toast } from '../../shared/toast/toast.store';
import { useTagOptions } from '../contacts/contacts.api';
import { useAddContactsToList, useContactListOptions } from './contact-lists.api';

type Option = { id: number; name: string };

interface Props {
  /** The list to fill (from its row), or none: the user picks one (from the contacts page). */
  list?: ContactList;
  /** The contacts page's current filter; without it the user picks tags. */
  filter?: { searchParam?: string; tagIds?: number[] };
  onClose: () => void;
}

/**
 * Copies contacts into a list: those with the chosen tags, or those the contacts page shows. The server
 * copies them in one statement and leaves numbers the list has alone; the answer says how many joined.
 */
export function AddContactsDialog({ list, filter, onClose }: Props) {
  const { t } = useTranslation();
  const tags = useTagOptions();
  const lists = useContactListOptions();
  const add = useAddContactsToList();
  const [target, setTarget] = useState<Option | null>(list ?? null);
  const [chosen, setChosen] = useState<Option[]>([]);
  const body = filter ?? { tagIds: chosen.map((tag) => tag.id) };
  const ready = target !== null && (filter !== undefined || chosen.length > 0);

  const submit = () => {
    if (!target) return;
    add.mutate(
      { id: target.id, body },
      {
        onSuccess: ({ added }) => {
          toast.success(t('contactLists.addContacts.added', { count: added, name: target.name }));
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('contactLists.addContacts.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>
          {filter ? t('contactLists.addContacts.fromFilter') : t('contactLists.addContacts.fromTags')}
        </DialogContentText>
        {!list && (
          <Autocomplete
            options={lists.data ?? []}
            loading={lists.isPending}
            value={target}
            onChange={(_event, value) => setTarget(value)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t('contactLists.addContacts.list')} />}
          />
        )}
        {!filter && (
          <Autocomplete
            multiple
            options={tags.data ?? []}
            loading={tags.isPending}
            value={chosen}
            onChange={(_event, value) => setChosen(value)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t('contactLists.addContacts.tags')} />}
          />
        )}
        {add.isError && <Alert severity="error">{errorMessage(add.error)}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button variant="contained" disabled={!ready} loading={add.isPending} onClick={submit}>
          {t('contactLists.addContacts.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
