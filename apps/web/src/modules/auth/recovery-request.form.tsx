import { recoveryByEmailForm, recoveryByWhatsappForm } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage } from '../../shared/api/error-message';
import { TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { requestRecoveryCode } from './recovery.api';

export type RecoveryWay = 'whatsapp' | 'email';

/**
 * Asks for a code for the number (or address). The server answers alike whether anyone has it, so
 * "sent" here means "sent if it is registered", as the next step says.
 */
export function RecoveryRequestForm({ way, onSent }: { way: RecoveryWay; onSent: (target: string) => void }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const schema = z.object({
    target: way === 'email' ? recoveryByEmailForm.shape.email : recoveryByWhatsappForm.shape.wpp,
  });
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { target: '' },
  });

  const submit = handleSubmit(async ({ target }) => {
    setRefusal(null);
    try {
      await requestRecoveryCode(way === 'email' ? { email: target } : { wpp: target });
      toast.success(t('auth.recovery.sent'));
      onSent(target);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {way === 'email' ? (
        <TextInput
          control={control}
          name="target"
          label={t('auth.recovery.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
      ) : (
        <TextInput
          control={control}
          name="target"
          label={t('auth.recovery.number')}
          type="tel"
          autoComplete="tel"
          helperText={t('auth.recovery.numberHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 30 } }}
          autoFocus
          required
        />
      )}
      <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
        {t('auth.recovery.send')}
      </Button>
    </Stack>
  );
}
