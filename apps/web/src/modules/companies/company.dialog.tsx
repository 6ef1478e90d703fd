import {
  type CompanyAdmin,
  type CreateCompanyBody,
  recurrences,
  type UpdateCompanyBody,
} from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/format';
import { showServerError } from '../../shared/forms/form-errors';
import { SelectInput, SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { usePlanChoices, useSaveCompany } from './companies.api';
import {
  type CompanyFormInput,
  companyFormDefaults,
  companyFormFieldNames,
  createCompanyForm,
  editCompanyForm,
} from './company-form';

interface Props {
  /** The company to edit, or null to create one. */
  company: CompanyAdmin | null;
  onClose: () => void;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

export function CompanyDialog({ company, onClose }: Props) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const plans = usePlanChoices();
  const saveCompany = useSaveCompany();
  const { control, handleSubmit, setError, formState } = useForm<CompanyFormInput>({
    defaultValues: companyFormDefaults(company),
    resolver: zodResolver(
      company ? editCompanyForm : createCompanyForm,
    ) as unknown as Resolver<CompanyFormInput>,
  });

  // What the resolver hands over is the contract's parse of the fields, not the raw inputs.
  const submit = handleSubmit(async (parsed) => {
    const body = parsed as unknown as CreateCompanyBody | UpdateCompanyBody;
    try {
      await saveCompany.mutateAsync({ id: company?.id, body });
      toast.success(t('companies.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, companyFormFieldNames);
    }
  });

  const planOptions = (plans.data ?? []).map((plan) => ({
    value: plan.id,
    label: `${plan.name} (${formatMoney(plan.amount)})`,
  }));
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>
          {company ? t('companies.dialog.titleEdit') : t('companies.dialog.titleAdd')}
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="name" label={t('companies.fields.name')} required autoFocus />
          <Box sx={grid}>
            <TextInput
              control={control}
              name="email"
              label={t('companies.fields.email')}
              type="email"
              required
            />
            {!company && (
              <TextInput
                control={control}
                name="password"
                label={t('companies.fields.password')}
                type="password"
                autoComplete="new-password"
                helperText={t('companies.fields.passwordHint')}
                required
              />
            )}
            <TextInput control={control} name="phone" label={t('companies.fields.phone')} type="tel" />
            <TextInput control={control} name="document" label={t('companies.fields.document')} />
            <SelectInput
              control={control}
              name="planId"
              label={t('companies.fields.plan')}
              options={planOptions}
              disabled={plans.isPending}
              required
            />
            <SelectInput
              control={control}
              name="recurrence"
              label={t('companies.fields.recurrence')}
              options={recurrences.map((value) => ({ value, label: t(`companies.recurrence.${value}`) }))}
            />
            <TextInput
              control={control}
              name="dueDate"
              label={t('companies.fields.dueDate')}
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
              helperText={company ? undefined : t('companies.fields.dueDateHint')}
            />
            <Box />
            <TextInput
              control={control}
              name="numberAttendants"
              label={t('companies.fields.numberAttendants')}
              type="number"
              slotProps={{ htmlInput: { min: 0 } }}
            />
            <TextInput
              control={control}
              name="numberConections"
              label={t('companies.fields.numberConections')}
              type="number"
              slotProps={{ htmlInput: { min: 0 } }}
            />
          </Box>
          <SwitchInput control={control} name="status" label={t('companies.fields.status')} />
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
