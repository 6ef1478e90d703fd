import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { CONTACT_SEARCH_MIN } from './schedule-form';
import { useContactSearch } from './schedules.api';

export interface ContactOption {
  id: number;
  name: string;
}

interface Props {
  value: ContactOption | null;
  onChange: (contact: ContactOption | null) => void;
  error?: string;
  disabled?: boolean;
}

/** Searches the company's contacts once three characters are typed (spec 000 §5). */
export function ContactPicker({ value, onChange, error, disabled }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim());
  const contacts = useContactSearch(search);
  const options: ContactOption[] = (contacts.data ?? []).map(({ id, name }) => ({ id, name }));
  return (
    <Autocomplete
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(all) => all}
      loading={contacts.isFetching}
      disabled={disabled}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, contact) => onChange(contact)}
      noOptionsText={
        search.length < CONTACT_SEARCH_MIN
          ? t('schedules.dialog.typeToSearch', { count: CONTACT_SEARCH_MIN })
          : t('schedules.dialog.noContacts')
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('schedules.fields.contact')}
          required
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
