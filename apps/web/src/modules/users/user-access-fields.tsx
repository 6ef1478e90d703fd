import { profiles } from '@balcao/shared';
import Box from '@mui/material/Box';
import FormGroup from '@mui/material/FormGroup';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectInput, SwitchInput, TextInput } from '../../shared/forms/form-fields';
import type { UserFormInput } from './user-form';

const enabled = ['enabled', 'disabled'] as const;
const timeStep = { htmlInput: { step: 600 }, inputLabel: { shrink: true } };

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
        <TextInput
          control={control}
          name="startWork"
          label={t('users.fields.startWork')}
          type="time"
          slotProps={timeStep}
        />
        <TextInput
          control={control}
          name="endWork"
          label={t('users.fields.endWork')}
          type="time"
          slotProps={timeStep}
        />
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
