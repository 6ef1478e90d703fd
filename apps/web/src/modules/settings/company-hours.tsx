import {
  type CompanySchedules,
  companySchedulesBody,
  defaultServiceHours,
  type ServiceHours,
  WEEKDAYS,
} from '@balcao/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type Control, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { showServerError } from '../../shared/forms/form-errors';
import { toast } from '../../shared/toast/toast.store';
import type { QueueFormInput } from '../queues/queue-form';
import { ServiceHoursFields } from '../queues/service-hours-fields';
import { useCompanyHours, useSaveCompanyHours } from './company-hours.api';

const hoursForm = companySchedulesBody.pick({ schedules: true });
type HoursForm = { schedules: ServiceHours[] };

/** The stored week, or the spec's default week to start from when none was saved. */
const weekOf = (saved: CompanySchedules): ServiceHours[] =>
  saved.schedules.length === WEEKDAYS.length ? (saved.schedules as ServiceHours[]) : defaultServiceHours();

/**
 * The company's service hours, which count while scheduleType is "company" (spec 001 §7
 * `/companies/{id}/schedules`). Out of them the customer gets the connection's out-of-hours message.
 */
export function CompanyHours({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const hours = useCompanyHours(companyId);
  return (
    <Box component="section" aria-labelledby="settings-company-hours" sx={{ mb: 3 }}>
      <Typography id="settings-company-hours" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('settings.companyHours.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        {hours.isPending && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        )}
        {hours.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void hours.refetch()}>
                {t('common.actions.retry')}
              </Button>
            }
          >
            {errorMessage(hours.error)}
          </Alert>
        )}
        {hours.data && <HoursEditor companyId={companyId} saved={hours.data} />}
      </Paper>
    </Box>
  );
}

function HoursEditor({ companyId, saved }: { companyId: number; saved: CompanySchedules }) {
  const { t } = useTranslation();
  const save = useSaveCompanyHours(companyId);
  const { control, handleSubmit, setError, formState } = useForm<HoursForm>({
    defaultValues: { schedules: weekOf(saved) },
    resolver: zodResolver(hoursForm),
  });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('settings.companyHours.saved'));
    } catch (error) {
      showServerError(error, setError, ['schedules']);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('settings.companyHours.title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('settings.companyHours.description')}
      </Typography>
      {saved.schedules.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.companyHours.notSaved')}
        </Alert>
      )}
      {/* The same weekday shifts as a queue's: the editor only touches `schedules`. */}
      <ServiceHoursFields control={control as unknown as Control<QueueFormInput>} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('settings.companyHours.save')}
        </Button>
      </Box>
    </Box>
  );
}
