import type { Contact } from '@balcao/shared';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useContactList } from '../contacts/contacts.api';

/** Contact search starts at this many typed characters (spec 000 §5). */
const CONTACT_SEARCH_MIN = 3;

type Choice = { kind: 'contact'; contact: Contact } | { kind: 'create'; name: string };

interface Props {
  value: Contact | null;
  onChange: (contact: Contact | null) => void;
  /** The typed name matched nobody, or the user chose to add it: contact creation opens with it. */
  onCreate: (name: string) => void;
}

/** The new-ticket dialog's contact field: search by name or number, or add the typed name. */
export function ContactPicker({ value, onChange, onCreate }: Props) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim().toLowerCase());
  const ready = search.length >= CONTACT_SEARCH_MIN;
  const list = useContactList(ready ? search : '', []);
  const found = ready ? (list.data?.pages.flatMap((page) => page.contacts) ?? []) : [];
  const options: Choice[] = [
    ...found.map((contact) => ({ kind: 'contact' as const, contact })),
    ...(ready && !/^\+?\d[\d\s()-]*$/.test(typed.trim())
      ? [{ kind: 'create' as const, name: typed.trim() }]
      : []),
  ];
  return (
    <Autocomplete<Choice>
      options={options}
      value={value ? { kind: 'contact', contact: value } : null}
      filterOptions={(all) => all}
      loading={ready && list.isFetching}
      noOptionsText={
        ready
          ? t('tickets.newTicket.noContact')
          : t('tickets.newTicket.typeToSearch', { count: CONTACT_SEARCH_MIN })
      }
      getOptionLabel={(choice) =>
        choice.kind === 'contact'
          ? choice.contact.name
          : t('tickets.newTicket.addContact', { name: choice.name })
      }
      isOptionEqualToValue={(a, b) =>
        a.kind === 'contact' && b.kind === 'contact' && a.contact.id === b.contact.id
      }
      renderOption={(props, choice) => (
        <li {...props} key={choice.kind === 'contact' ? choice.contact.id : 'create'}>
          {choice.kind === 'contact'
            ? `${choice.contact.name}${choice.contact.number ? ` · ${choice.contact.number}` : ''}`
            : t('tickets.newTicket.addContact', { name: choice.name })}
        </li>
      )}
      onInputChange={(_event, text, reason) => reason !== 'reset' && setTyped(text)}
      onChange={(_event, choice) => {
        if (choice?.kind === 'create') onCreate(choice.name);
        else onChange(choice?.contact ?? null);
      }}
      renderInput={(params) => (
        <TextField {...params} autoFocus required label={t('tickets.newTicket.contact')} />
      )}
    />
  );
}
