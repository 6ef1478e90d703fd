import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { CONTACT_SEARCH_MIN, useReportContacts } from './reports.api';
import type { ContactChoice } from './reports.rules';

const labelOf = (choice: ContactChoice) => (choice.kind === 'contact' ? choice.name : choice.text);

/**
 * The contact filter: from three typed characters it suggests the company's contacts, and the typed
 * text itself as an entry of its own (spec 001 §2), which matches any contact's name or number.
 */
export function ReportContactField(props: {
  value: ContactChoice | null;
  onChange: (value: ContactChoice | null) => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const typed = input.trim();
  const search = useDebouncedValue(typed.toLowerCase());
  const contacts = useReportContacts(search);
  const options: ContactChoice[] =
    typed.length >= CONTACT_SEARCH_MIN
      ? [
          { kind: 'text', text: typed },
          ...(contacts.data ?? []).map((c) => ({ kind: 'contact' as const, id: c.id, name: c.name })),
        ]
      : [];
  return (
    <Autocomplete
      size="small"
      value={props.value}
      options={options}
      getOptionLabel={labelOf}
      getOptionKey={(option) => (option.kind === 'contact' ? `contact-${option.id}` : 'typed')}
      renderOption={(optionProps, option) => {
        const { key, ...rest } = optionProps as typeof optionProps & { key: string };
        return (
          <li key={key} {...rest}>
            {option.kind === 'text' ? t('reports.filters.searchFor', { text: option.text }) : option.name}
          </li>
        );
      }}
      isOptionEqualToValue={(option, chosen) =>
        option.kind === chosen.kind && labelOf(option) === labelOf(chosen)
      }
      filterOptions={(all) => all}
      loading={contacts.isFetching}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, choice) => props.onChange(choice)}
      noOptionsText={t('reports.filters.typeToSearch', { count: CONTACT_SEARCH_MIN })}
      renderInput={(params) => <TextField {...params} label={t('reports.filters.contact')} />}
    />
  );
}
