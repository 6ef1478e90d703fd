import { externalTextForm, msg } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFieldErrorText } from '../../shared/forms/form-errors';
import { TextInput } from '../../shared/forms/form-fields';
import { FilePickButton } from '../../shared/ui/file-pick-button';
import { sendTestMedia } from './external-api.api';
import { TestSendOutcome, useTestSendOutcome } from './test-send-result';

/** Spec 001: the media test requires a file, besides the token and the number. */
const mediaTestForm = externalTextForm
  .pick({ token: true, number: true })
  .extend({ file: z.custom<File>((value) => value instanceof File, msg.required) });

export function MediaTestForm() {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(mediaTestForm),
    defaultValues: { token: '', number: '', file: undefined },
  });
  const { outcome, run, dismiss } = useTestSendOutcome(setError, ['number']);
  const submit = handleSubmit(({ token, number, file }) => run(() => sendTestMedia(token, number, file)));

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-labelledby="external-api-media-test"
    >
      <Typography id="external-api-media-test" variant="h6" component="h2">
        {t('externalApi.test.mediaTitle')}
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
      <Controller
        control={control}
        name="file"
        render={({ field, fieldState }) => (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <FilePickButton variant="outlined" accept="*/*" onPick={(file) => field.onChange(file)}>
              {t('externalApi.test.pickFile')}
            </FilePickButton>
            <Typography variant="body2">{field.value?.name ?? t('externalApi.test.noFile')}</Typography>
            {fieldState.error && <FormHelperText error>{errorText(fieldState.error)}</FormHelperText>}
          </Stack>
        )}
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
