import { createTagBody, type TagRef } from '@balcao/shared';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/http';
import { toast } from '../../shared/toast/toast.store';
import { useTagOptions } from '../contacts/contacts.api';
import { useContactTags, useCreateTag, useSyncContactTags } from './contact-tags.api';

/** A typed name that is no tag yet, offered as "Criar «name»". */
type NewTag = { create: string };
type Choice = TagRef | NewTag;

const isNew = (choice: Choice): choice is NewTag => 'create' in choice;
const filterTags = createFilterOptions<Choice>({ stringify: (choice) => (isNew(choice) ? '' : choice.name) });

/**
 * The contact's tags under the chat header (spec 000 §4: with requiredTag on, a ticket closes only
 * once its contact has one). Shows what the server holds, so a chip means the tag is saved. Every user
 * may create tags (docs/decisions.md, Tags), so a typed name that is no tag can be created here.
 */
export function ContactTags({ contactId }: { contactId: number }) {
  const { t, i18n } = useTranslation();
  const options = useTagOptions();
  const current = useContactTags(contactId);
  const sync = useSyncContactTags(contactId);
  const create = useCreateTag();
  const [input, setInput] = useState('');
  /** A `validation.*` key: the typed name was refused, by the contract here or by the server. */
  const [nameError, setNameError] = useState<string>();

  const choose = (chosen: Choice[]) => {
    const kept = chosen.filter((choice): choice is TagRef => !isNew(choice));
    const typed = chosen.find(isNew);
    if (!typed) {
      setInput('');
      sync.mutate(kept);
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
        sync.mutate([...kept, tag]);
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
    <Box sx={{ px: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Autocomplete<Choice, true>
        multiple
        size="small"
        options={options.data ?? []}
        value={current.data?.tags ?? []}
        onChange={(_, chosen) => choose(chosen)}
        inputValue={input}
        onInputChange={(_, value, reason) => {
          // Choosing clears the box itself; it is cleared here once the choice is saved, so a refused name stays to fix.
          if (reason === 'selectOption' || reason === 'reset') return;
          setInput(value);
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
        loading={options.isPending || sync.isPending || create.isPending}
        disabled={current.isPending}
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
            label={t('tickets.chat.contactTags')}
            error={errorKey !== undefined}
            helperText={errorKey && (i18n.exists(errorKey) ? t(errorKey) : t('validation.invalidValue'))}
          />
        )}
      />
    </Box>
  );
}
