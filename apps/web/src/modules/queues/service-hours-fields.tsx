import { WEEKDAYS } from '@balcao/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/forms/form-fields';
import type { QueueFormInput } from './queue-form';

const shifts = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;
const timeSlots = { htmlInput: { step: 300 }, inputLabel: { shrink: true } };

/** Two shifts per weekday; a shift left blank at both ends is closed. */
export function ServiceHoursFields({ control }: { control: Control<QueueFormInput> }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('queues.hours.hint')}
      </Typography>
      {WEEKDAYS.map((weekday, index) => (
        <Box
          key={weekday}
          sx={{
            display: 'grid',
            gap: 1,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr 1fr', sm: '120px repeat(4, 1fr)' },
          }}
        >
          <Typography variant="subtitle2" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
            {t(`queues.hours.days.${weekday}`)}
          </Typography>
          {shifts.map((shift) => (
            <TextInput
              key={shift}
              control={control}
              name={`schedules.${index}.${shift}`}
              label={t(`queues.hours.${shift}`)}
              type="time"
              size="small"
              slotProps={timeSlots}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
