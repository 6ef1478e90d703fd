import { type Plantao, WEEKDAYS } from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError, useFieldErrorText } from '../../shared/forms/form-errors';
import { SelectInput, TextInput } from '../../shared/forms/form-fields';
import { timeOfDayChoices } from '../../shared/forms/time-of-day';
import { toast } from '../../shared/toast/toast.store';
import { SaveDialogActions } from '../../shared/ui/save-dialog-actions';
import { usePlantaoUsers, useSavePlantao } from './plantao.api';
import {
  type PlantaoFormInput,
  type PlantaoFormValues,
  plantaoFieldNames,
  plantaoForm,
  plantaoFormValues,
} from './plantao.form';

/** The on-duty dialog (spec 001 §2): user, phone, interval, and start and end for each weekday. */
export function PlantaoDialog({ record, onClose }: { record: Plantao | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const users = usePlantaoUsers();
  const save = useSavePlantao();
  const { control, handleSubmit, setError, formState, watch } = useForm<
    PlantaoFormInput,
    unknown,
    PlantaoFormValues
  >({ defaultValues: plantaoFormValues(record), resolver: zodResolver(plantaoForm) });
  const days = watch('days');
  const daysError = formState.errors.days?.message ?? formState.errors.days?.root?.message;

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: record?.id, body });
      toast.success(t('plantao.dialog.saved'));
      onClose();
    } catch (error) {
      showServerError(error, setError, plantaoFieldNames);
    }
  });

  const timeOptions = (current: string) => [
    { value: '', label: '—' },
    ...timeOfDayChoices(current).map((time) => ({ value: time, label: time })),
  ];
  const userOptions = (users.data ?? []).map((user) => ({ value: user.id, label: user.name }));

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle>{record ? t('plantao.dialog.titleEdit') : t('plantao.dialog.titleAdd')}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <SelectInput
            control={control}
            name="userId"
            label={t('plantao.fields.user')}
            options={userOptions}
            required
          />
          <TextInput control={control} name="phone" label={t('plantao.fields.phone')} required />
          <TextInput
            control={control}
            name="interval"
            label={t('plantao.fields.interval')}
            type="number"
            required
            slotProps={{ htmlInput: { min: 1 } }}
          />
          <Typography variant="subtitle2" component="h3">
            {t('plantao.fields.days')}
          </Typography>
          {daysError && <Alert severity="error">{errorText({ type: 'validate', message: daysError })}</Alert>}
          {WEEKDAYS.map((weekdayEn, i) => (
            <Box
              key={weekdayEn}
              role="group"
              aria-label={t(`plantao.weekdays.${weekdayEn}`)}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: '140px 1fr 1fr' },
                gap: 1,
                alignItems: 'center',
              }}
            >
              <Typography sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
                {t(`plantao.weekdays.${weekdayEn}`)}
              </Typography>
              <SelectInput
                control={control}
                name={`days.${i}.startTime`}
                label={t('plantao.fields.start')}
                options={timeOptions(days[i]?.startTime ?? '')}
                size="small"
              />
              <SelectInput
                control={control}
                name={`days.${i}.endTime`}
                label={t('plantao.fields.end')}
                options={timeOptions(days[i]?.endTime ?? '')}
                size="small"
              />
            </Box>
          ))}
        </DialogContent>
        <SaveDialogActions onCancel={onClose} saving={formState.isSubmitting} />
      </Box>
    </Dialog>
  );
}
