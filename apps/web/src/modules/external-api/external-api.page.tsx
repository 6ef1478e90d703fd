import { planAllows } from '@balcao/shared';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../shared/session/session-user';
import { toast } from '../../shared/toast/toast.store';
import { PageHeader } from '../../shared/ui/page-header';
import { ExternalApiDocs } from './external-api-docs';
import { MediaTestForm } from './media-test.form';
import { TextTestForm } from './text-test.form';

/** Spec 001: without useExternalApi the page says so and goes home after a second. */
const REFUSED_REDIRECT_MS = 1000;

function PlanRefused() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      toast.error(t('errors.ERR_PLAN_FEATURE_DISABLED'));
      navigate('/', { replace: true });
    }, REFUSED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return null;
}

/** /messages-api: documents the external messages API and tries it with a connection's token. */
export function ExternalApiPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  if (!planAllows(me.company.plan, 'useExternalApi')) return <PlanRefused />;
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <PageHeader title={t('externalApi.title')} />
      <ExternalApiDocs />
      <Divider />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, width: '100%' }}>
          <TextTestForm />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, width: '100%' }}>
          <MediaTestForm />
        </Paper>
      </Stack>
    </Stack>
  );
}
