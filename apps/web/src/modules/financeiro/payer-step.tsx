import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SwitchInput, TextInput } from '../../shared/forms/form-fields';
import type { PayerForm } from './subscription.form';

/** Dados: the payer's name and address. */
export function PayerStep({ control }: { control: Control<PayerForm> }) {
  const { t } = useTranslation();
  const text = (name: keyof PayerForm & string, required = false, autoFocus = false) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextInput
        control={control}
        name={name}
        label={t(`financeiro.wizard.fields.${name}`)}
        required={required}
        autoFocus={autoFocus}
        fullWidth
      />
    </Grid>
  );
  return (
    <Grid container spacing={2}>
      {text('firstName', true, true)}
      {text('lastName')}
      {text('zipcode', true)}
      {text('address2')}
      {text('city')}
      {text('state')}
      {text('country')}
      <Grid size={12}>
        <SwitchInput
          control={control}
          name="useAddressForPaymentDetails"
          label={t('financeiro.wizard.fields.useAddressForPaymentDetails')}
        />
      </Grid>
    </Grid>
  );
}
