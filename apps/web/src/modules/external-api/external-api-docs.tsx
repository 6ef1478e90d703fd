import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_SEND_PATH } from './external-api.api';

function Code({ children }: { children: string }) {
  return (
    // Focusable: a long line scrolls sideways, and the keyboard must be able to scroll it too.
    <Box
      component="pre"
      tabIndex={0}
      sx={{ m: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: 13 }}
    >
      <code>{children}</code>
    </Box>
  );
}

/** How to call the API from outside, with this server's own address in the examples. */
export function ExternalApiDocs() {
  const { t } = useTranslation();
  const url = `${window.location.origin}${EXTERNAL_SEND_PATH}`;
  const example = (key: string) => t(`externalApi.docs.example.${key}`);
  const json = JSON.stringify({ number: '5511999999999', body: example('text'), userId: 1, queueId: 1 });
  const text = [
    `curl -X POST ${url} \\`,
    `  -H "Authorization: Bearer ${example('token')}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${json}'`,
  ].join('\n');
  const media = [
    `curl -X POST ${url} \\`,
    `  -H "Authorization: Bearer ${example('token')}" \\`,
    `  -F number=5511999999999 \\`,
    `  -F "body=${example('caption')}" \\`,
    `  -F medias=@${example('file')}`,
  ].join('\n');

  return (
    <Stack spacing={1.5}>
      <Typography>{t('externalApi.docs.intro')}</Typography>
      <Typography>{t('externalApi.docs.token')}</Typography>
      <Typography variant="h6" component="h2">
        {t('externalApi.docs.textTitle')}
      </Typography>
      <Typography variant="body2">{t('externalApi.docs.textFields')}</Typography>
      <Code>{text}</Code>
      <Typography variant="h6" component="h2">
        {t('externalApi.docs.mediaTitle')}
      </Typography>
      <Typography variant="body2">{t('externalApi.docs.mediaFields')}</Typography>
      <Code>{media}</Code>
      <Typography variant="body2">{t('externalApi.docs.answer')}</Typography>
    </Stack>
  );
}
