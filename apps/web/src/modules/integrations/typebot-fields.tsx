import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/forms/form-fields';
import type { IntegrationFormInput } from './integration-form';

/** What a Typebot flow needs beyond its URL: the flow, its expiry, pace and keywords. */
export function TypebotFields({ control }: { control: Control<IntegrationFormInput> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput control={control} name="typebotSlug" label={t('integrations.fields.typebotSlug')} required />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextInput
          control={control}
          name="typebotExpires"
          label={t('integrations.fields.typebotExpires')}
          type="number"
          slotProps={{ htmlInput: { min: 0 } }}
        />
        <TextInput
          control={control}
          name="typebotDelayMessage"
          label={t('integrations.fields.typebotDelayMessage')}
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 100 } }}
        />
        <TextInput
          control={control}
          name="typebotKeywordRestart"
          label={t('integrations.fields.typebotKeywordRestart')}
        />
        <TextInput
          control={control}
          name="typebotKeywordFinish"
          label={t('integrations.fields.typebotKeywordFinish')}
        />
      </Box>
      <TextInput
        control={control}
        name="typebotRestartMessage"
        label={t('integrations.fields.typebotRestartMessage')}
      />
      <TextInput
        control={control}
        name="typebotUnknownMessage"
        label={t('integrations.fields.typebotUnknownMessage')}
      />
    </>
  );
}
