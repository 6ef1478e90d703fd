import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../shared/forms/form-errors';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';

interface Choice {
  id: number;
  name: string;
}

interface Props<T extends FieldValues> {
  control: Control<T>;
  /** The queue's own link, an option's (`chatbots.0.optIntegrationId`) or a connection's. */
  name: Path<T>;
  label: string;
  /** The first page of the server's matches for a search (their lists are paged and searched there). */
  useMatches: (search: string) => { data?: { pages: Record<string, unknown>[] }; isFetching: boolean };
  field: 'queueIntegrations' | 'files' | 'prompts';
  /** The linked record, which need not be among the matches. */
  useSelected: (id: number | null) => { data?: Choice };
  size?: 'small' | 'medium';
}

/**
 * Links a queue (or a connection) to an integration, a file list or a prompt, searching the server as
 * the admin types.
 */
export function QueueLinkPicker<T extends FieldValues>({
  control,
  name,
  label,
  useMatches,
  field,
  useSelected,
  size,
}: Props<T>) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [search, setSearch] = useState('');
  const matches = useMatches(useDebouncedValue(search.trim()));
  const options = (matches.data?.pages[0]?.[field] ?? []) as Choice[];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => (
        <PickerInput
          value={(input.value as number | null | undefined) ?? null}
          onChange={input.onChange}
          size={size}
          error={errorText(fieldState.error)}
          options={options}
          loading={matches.isFetching}
          label={label}
          noneLabel={t('queues.links.none')}
          onSearch={setSearch}
          useSelected={useSelected}
        />
      )}
    />
  );
}

function PickerInput(props: {
  value: number | null;
  onChange: (id: number | null) => void;
  options: Choice[];
  loading: boolean;
  label: string;
  noneLabel: string;
  onSearch: (search: string) => void;
  useSelected: Props<FieldValues>['useSelected'];
  size?: 'small' | 'medium';
  error?: string;
}) {
  const selected = props.useSelected(props.value).data;
  const current =
    props.value === null ? null : (props.options.find((o) => o.id === props.value) ?? selected ?? null);
  const options =
    current && !props.options.some((o) => o.id === current.id) ? [current, ...props.options] : props.options;
  return (
    <Autocomplete
      options={options}
      value={current}
      loading={props.loading}
      size={props.size}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      filterOptions={(x) => x}
      onChange={(_event, option) => props.onChange(option?.id ?? null)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') props.onSearch(text);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder={props.noneLabel}
          error={props.error !== undefined}
          helperText={props.error}
        />
      )}
    />
  );
}
