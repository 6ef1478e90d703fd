import { LANGUAGES } from '@balcao/shared';
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectInput, TextInput } from '../../shared/forms/form-fields';
import type { UserFormInput } from './user-form';

/** What every user may set on their own record. */
export function UserPreferenceFields({ control }: { control: Control<UserFormInput> }) {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <SelectInput
          control={control}
          name="language"
          label={t('users.fields.language')}
          options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
        />
        <SelectInput
          control={control}
          name="defaultTheme"
          label={t('users.fields.defaultTheme')}
          options={[
            { value: 'system', label: t('users.themes.system') },
            { value: 'light', label: t('users.themes.light') },
            { value: 'dark', label: t('users.themes.dark') },
          ]}
        />
        <SelectInput
          control={control}
          name="defaultMenu"
          label={t('users.fields.defaultMenu')}
          options={[
            { value: 'open', label: t('users.menus.open') },
            { value: 'closed', label: t('users.menus.closed') },
          ]}
        />
      </Box>
      <TextInput
        control={control}
        name="farewellMessage"
        label={t('users.fields.farewellMessage')}
        multiline
        minRows={2}
      />
    </>
  );
}
