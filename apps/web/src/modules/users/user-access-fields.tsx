import { profiles } from '@balcao/shared';
import Box from '@mui/material/Box';
import FormGroup from '@mui/material/FormGroup';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '../../shared/format';
import { SelectInput, SwitchInput } from '../../shared/forms/form-fields';
import { timeOfDayChoices } from '../../shared/forms/time-of-day';
import type { UserFormInput } from './user-form';

const enabled = ['enabled', 'disabled'] as const;

function TimeOfDayInput({
  control,
  name,
  label,
}: {
  control: Control<UserFormInput>;
  name: 'startWork' | 'endWork';
  label: string;
}) {
  const current = useWatch({ control, name });
  const options = timeOfDayChoices(current).map((value) => ({ value, label: formatTimeOfDay(value) }));
  return <SelectInput control={control} name={name} label={label} options={options} />;
}

/** What only an admin may set on a user (spec 000 §6). */
export function UserAccessFields({ control }: { control: Control<UserFormInput> }) {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' } }}>
        <SelectInput
          control={control}
          name="profile"
          label={t('users.fields.profile')}
          options={profiles.map((value) => ({ value, label: t(`users.profiles.${value}`) }))}
        />
        <TimeOfDayInput control={control} name="startWork" label={t('users.fields.startWork')} />
        <TimeOfDayInput control={control} name="endWork" label={t('users.fields.endWork')} />
      </Box>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
        <SwitchInput
          control={control}
          name="allTicket"
          label={t('users.fields.allTicket')}
          values={['enable', 'disable']}
        />
        <SwitchInput control={control} name="allowGroup" label={t('users.fields.allowGroup')} />
        <SwitchInput
          control={control}
          name="showDashboard"
          label={t('users.fields.showDashboard')}
          values={enabled}
        />
        <SwitchInput
          control={control}
          name="allowRealTime"
          label={t('users.fields.allowRealTime')}
          values={enabled}
        />
        <SwitchInput
          control={control}
          name="allowConnections"
          label={t('users.fields.allowConnections')}
          values={enabled}
        />
      </FormGroup>
    </>
  );
}
