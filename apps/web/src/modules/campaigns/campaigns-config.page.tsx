import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { PageHeader } from '../../shared/ui/page-header';
import { CampaignIntervalsForm } from './campaign-intervals.form';
import { CampaignVariables } from './campaign-variables';
import { useCampaignSettings } from './campaigns-settings.api';

/** `/campaigns-config` (spec 001 §2): the sending intervals and the custom variables. */
export function CampaignsConfigPage() {
  const { t } = useTranslation();
  const settings = useCampaignSettings();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, pb: 2, maxWidth: 960 }}>
      <PageHeader title={t('campaigns.settings.title')} />
      {settings.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
      {settings.data && (
        <>
          <CampaignIntervalsForm settings={settings.data} />
          <Divider />
          <CampaignVariables variables={settings.data.variables} />
        </>
      )}
    </Box>
  );
}
