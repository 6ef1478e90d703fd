import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../shared/forms/form-fields';

/** The six digits of the authenticator app: numeric keyboard on a phone, offered by the browser's one-time-code fill. */
export function AuthenticatorCodeInput({ control }: { control: Control<{ code: string }> }) {
  const { t } = useTranslation();
  return (
    <TextInput
      control={control}
      name="code"
      label={t('auth.twoFactor.codeLabel')}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      required
    />
  );
}
