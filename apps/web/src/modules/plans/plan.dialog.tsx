import { type CreatePlanBody, type PlanAdmin, planFlagKeys } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '../../shared/forms/form-errors';
import { SwitchInput, TextInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { type PlanFormInput, planForm, planFormDefaults, planFormFieldNames } from './plan-form';
import { useSavePlan } from './plans.api';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
} as const;

/** A plan's name, limits, monthly price, visibility on the sign-up page and every feature flag. */
export function PlanDialog({ plan, onClose }: { plan: PlanAdmin | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const savePlan = useSavePlan();
  const { control, handleSubmit, setError, formState } = useForm<PlanFormInput>({
    defaultValues: planFormDefaults(plan),
    resolver: zodResolver(planForm) as unknown as Resolver<PlanFormInput>,
  });

  // What the resolver hands over is the contract's parse (the price in cents), not the raw inputs.
  const submit = handleSubmit(async (parsed) => {
    const body = parsed as unknown as CreatePlanBody;
    try {
      await savePlan.mutateAsync({ id: plan?.id, body });
      toast.success(t('plans.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, planFormFieldNames);
    }
  });

  const count = (name: 'users' | 'connections' | 'queues') => (
    <TextInput
      control={control}
      name={name}
      label={t(`plans.fields.${name}`)}
      type="number"
      slotProps={{ htmlInput: { min: name === 'users' ? 1 : 0 } }}
    />
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{plan ? t('plans.dialog.titleEdit') : t('plans.dialog.titleAdd')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextInput control={control} name="name" label={t('plans.fields.name')} required autoFocus />
          <Box sx={grid}>
            {count('users')}
            {count('connections')}
            {count('queues')}
            <TextInput
              control={control}
              name="amount"
              label={t('plans.fields.amount')}
              inputMode="decimal"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> } }}
            />
          </Box>
          <SwitchInput control={control} name="isPublic" label={t('plans.fields.isPublic')} />
          <Typography variant="subtitle2" component="h3">
            {t('plans.dialog.features')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {planFlagKeys.map((flag) => (
              <SwitchInput key={flag} control={control} name={flag} label={t(`plans.flags.${flag}`)} />
            ))}
          </Box>
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
