import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../shared/forms/form-errors';
import type { CampaignForm } from './campaign-form';

interface Props {
  control: Control<CampaignForm>;
  options: readonly { id: number; name: string }[];
  disabled: boolean;
}

/** Several connections share a campaign's sends (spec 001 §2: connections, multiple choice). */
export function ConnectionsSelect({ control, options, disabled }: Props) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const nameOf = (id: number) => options.find((option) => option.id === id)?.name ?? `#${id}`;
  return (
    <Controller
      control={control}
      name="connectionIds"
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          label={t('campaigns.fields.connections')}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value as unknown as number[])}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={errorText(fieldState.error)}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(selected as number[]).map((id) => (
                    <Chip key={id} size="small" label={nameOf(id)} />
                  ))}
                </Box>
              ),
            },
          }}
        >
          {options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
