import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { CONTACT_SEARCH_MIN } from '../../schedules/schedule-form';
import { useContactSearch } from '../../schedules/schedules.api';

interface Picked {
  name: string;
  number: string;
}

/** Spec 000 §2 'send contact': a contact of the company with a number, sent as a card. */
export function SendContactDialog({
  onSend,
  onClose,
}: {
  onSend: (contact: Picked) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const search = useDebouncedValue(input.trim());
  const contacts = useContactSearch(search);
  const options = (contacts.data ?? []).flatMap((c) =>
    c.number ? [{ name: c.name, number: c.number }] : [],
  );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('messages.contactCard.title')}</DialogTitle>
      <DialogContent>
        <Autocomplete
          value={picked}
          options={options}
          getOptionLabel={(o) => `${o.name} (${o.number})`}
          isOptionEqualToValue={(a, b) => a.number === b.number}
          filterOptions={(all) => all}
          loading={contacts.isFetching}
          onInputChange={(_e, text) => setInput(text)}
          onChange={(_e, value) => setPicked(value)}
          noOptionsText={
            search.length < CONTACT_SEARCH_MIN ? t('messages.forward.typeMore') : t('messages.forward.none')
          }
          renderInput={(params) => (
            <TextField {...params} autoFocus label={t('messages.forward.contact')} sx={{ mt: 1 }} />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.actions.cancel')}</Button>
        <Button variant="contained" disabled={!picked} onClick={() => picked && onSend(picked)}>
          {t('messages.composer.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
