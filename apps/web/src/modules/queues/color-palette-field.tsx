import { QUEUE_COLORS } from '@balcao/shared';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../shared/forms/form-errors';
import type { QueueFormInput } from './queue-form';

/** The fixed palette as a radio group; colours other queues use are still shown, the server refuses a repeat. */
export function ColorPaletteField({ control }: { control: Control<QueueFormInput> }) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name="color"
      render={({ field, fieldState }) => (
        <Box>
          <Typography variant="body2" id="queue-color-label" sx={{ mb: 1, color: 'text.secondary' }}>
            {t('queues.fields.color')}
          </Typography>
          <Box
            role="radiogroup"
            aria-labelledby="queue-color-label"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 28px)', gap: 0.75 }}
          >
            {QUEUE_COLORS.map((color) => {
              const checked = field.value === color;
              return (
                <ButtonBase
                  key={color}
                  role="radio"
                  aria-checked={checked}
                  aria-label={color}
                  ref={checked ? field.ref : undefined}
                  onClick={() => field.onChange(color)}
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    bgcolor: color,
                    color: 'common.white',
                    outline: checked ? '2px solid' : 'none',
                    outlineColor: 'text.primary',
                    outlineOffset: 2,
                  }}
                >
                  {checked && <CheckIcon fontSize="small" />}
                </ButtonBase>
              );
            })}
          </Box>
          {fieldState.error && <FormHelperText error>{errorText(fieldState.error)}</FormHelperText>}
        </Box>
      )}
    />
  );
}
