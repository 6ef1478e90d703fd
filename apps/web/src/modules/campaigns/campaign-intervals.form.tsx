import { type CampaignSettings, campaignIntervalChoices } from '@balcao/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../shared/forms/form-fields';
import { toast } from '../../shared/toast/toast.store';
import { useSaveCampaignSettings } from './campaigns-settings.api';

type Intervals = Pick<CampaignSettings, keyof typeof campaignIntervalChoices>;
const intervalKeys = Object.keys(campaignIntervalChoices) as (keyof Intervals)[];

/** Spec 001 §9: the three pacing choices; 0 means no pause (or, for the count, no longer pause). */
export function CampaignIntervalsForm({ settings }: { settings: CampaignSettings }) {
  const { t } = useTranslation();
  const save = useSaveCampaignSettings();
  const { control, handleSubmit, formState } = useForm<Intervals>({
    defaultValues: {
      messageInterval: settings.messageInterval,
      longerIntervalAfter: settings.longerIntervalAfter,
      greaterInterval: settings.greaterInterval,
    },
  });

  const submit = handleSubmit(async (intervals) => {
    try {
      await save.mutateAsync(intervals);
      toast.success(t('campaigns.settings.saved'));
    } catch (error) {
      toast.apiError(error);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="h6" component="h2">
        {t('campaigns.settings.intervals')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {intervalKeys.map((key) => (
          <SelectInput
            key={key}
            control={control}
            name={key}
            label={t(`campaigns.settings.${key}`)}
            options={campaignIntervalChoices[key].map((value) => ({
              value,
              label:
                value === 0
                  ? t(`campaigns.settings.${key}None`)
                  : t(`campaigns.settings.${key}Value`, { value }),
            }))}
          />
        ))}
      </Box>
      <Box>
        <Button type="submit" variant="contained" loading={formState.isSubmitting}>
          {t('common.actions.save')}
        </Button>
      </Box>
    </Box>
  );
}
