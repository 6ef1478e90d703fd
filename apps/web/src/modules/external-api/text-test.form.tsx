import { externalTextForm } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/forms/form-fields';
import { sendTestText } from './external-api.api';
import { TestSendOutcome, useTestSendOutcome } from './test-send-result';

/** Spec 001: the text test requires token, number and body. */
export function TextTestForm() {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(externalTextForm),
    defaultValues: { token: '', number: '', body: '' },
  });
  const { outcome, run, dismiss } = useTestSendOutcome(setError, ['number', 'body']);
  const submit = handleSubmit(({ token, number, body }) => run(() => sendTestText(token, { number, body })));

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="external-api-text-test">
      <Typography id="external-api-text-test" variant="h6" component="h2">
        {t('externalApi.test.textTitle')}
      </Typography>
      <TestSendOutcome outcome={outcome} onClose={dismiss} />
      <TextInput control={control} name="token" label={t('externalApi.test.token')} required />
      <TextInput
        control={control}
        name="number"
        label={t('externalApi.test.number')}
        helperText={t('externalApi.test.numberHelp')}
        required
      />
      <TextInput
        control={control}
        name="body"
        label={t('externalApi.test.body')}
        multiline
        minRows={2}
        required
      />
      <Button
        type="submit"
        variant="contained"
        loading={formState.isSubmitting}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('externalApi.test.send')}
      </Button>
    </Stack>
  );
}
