import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header';
import { ExternalApiDocs } from './external-api-docs';
import { MediaTestForm } from './media-test.form';
import { TextTestForm } from './text-test.form';

/** /messages-api: documents the external messages API and tries it with a connection's token. */
export function ExternalApiPage() {
  const { t } = useTranslation();
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
