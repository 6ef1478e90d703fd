import { createTagBody, type TagRef } from '@balcao/shared';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { toast } from '../../shared/toast/toast.store';
import { useTagOptions } from '../contacts/contacts.api';
import { useCreateTag } from './contact-tags.api';

/** A typed name that is no tag yet, offered as "Criar «name»". */
type NewTag = { create: string };
type Choice = TagRef | NewTag;

const isNew = (choice: Choice): choice is NewTag => 'create' in choice;
const filterTags = createFilterOptions<Choice>({ stringify: (choice) => (isNew(choice) ? '' : choice.name) });

interface Props {
  label: string;
  /** What the server holds: a chip means the tag is saved. */
  value: TagRef[];
  /** Saving or reading: the field waits. */
  busy: boolean;
  disabled: boolean;
  /** Sends the whole new list to the server. */
  onSave: (tags: TagRef[]) => void;
}

/**
 * A tags field of the chat (the contact's or the ticket's). Every user may create tags
 * (docs/decisions.md, Tags), so a typed name that is no tag can be created here, then saved with the rest.
 */
export function TagPicker({ label, value, busy, disabled, onSave }: Props) {
  const { t, i18n } = useTranslation();
  const options = useTagOptions();
  const create = useCreateTag();
  const [input, setInput] = useState('');
  /** A `validation.*` key: the typed name was refused, by the contract here or by the server. */
  const [nameError, setNameError] = useState<string>();

  const choose = (chosen: Choice[]) => {
    const kept = chosen.filter((choice): choice is TagRef => !isNew(choice));
    const typed = chosen.find(isNew);
    if (!typed) {
      setInput('');
      onSave(kept);
      return;
    }
    const name = createTagBody.shape.name.safeParse(typed.create);
    if (!name.success) {
      setNameError(name.error.issues[0]?.message);
      return;
    }
    create.mutate(name.data, {
      onSuccess: (tag) => {
        setInput('');
        onSave([...kept, tag]);
      },
      onError: (error) => {
        const refusal = error instanceof ApiError ? error.fields?.name : undefined;
        if (refusal) setNameError(refusal);
        else toast.apiError(error);
      },
    });
  };

  const errorKey = nameError && `validation.${nameError}`;
  return (
    <Autocomplete<Choice, true>
      multiple
      size="small"
      options={options.data ?? []}
      value={value}
      onChange={(_, chosen) => choose(chosen)}
      inputValue={input}
      onInputChange={(_, typed, reason) => {
        // Choosing clears the box itself; it is cleared here once the choice is saved, so a refused name stays to fix.
        if (reason === 'selectOption' || reason === 'reset') return;
        setInput(typed);
        setNameError(undefined);
      }}
      filterOptions={(tags, state) => {
        const shown = filterTags(tags, state);
        const typed = state.inputValue.trim();
        const known = (tag: Choice) => !isNew(tag) && tag.name.toLowerCase() === typed.toLowerCase();
        return typed && !tags.some(known) ? [...shown, { create: typed }] : shown;
      }}
      getOptionLabel={(choice) =>
        isNew(choice) ? t('tickets.chat.createTag', { name: choice.create }) : choice.name
      }
      isOptionEqualToValue={(a, b) => !isNew(a) && !isNew(b) && a.id === b.id}
      loading={options.isPending || busy || create.isPending}
      disabled={disabled}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return isNew(tag) ? null : (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={tag.name}
              sx={{ bgcolor: tag.color, color: (theme) => theme.palette.getContrastText(tag.color) }}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          variant="standard"
          label={label}
          error={errorKey !== undefined}
          helperText={errorKey && (i18n.exists(errorKey) ? t(errorKey) : t('validation.invalidValue'))}
        />
      )}
    />
  );
}
