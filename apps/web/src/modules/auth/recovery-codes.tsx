import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/toast/toast.store';

/** The recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('auth.twoFactor.copied'));
    } catch {
      toast.error(t('auth.twoFactor.copyFailed'));
    }
  };

  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    link.download = 'balcao-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('auth.twoFactor.recoveryOnce')}</Alert>
      <Box
        component="ul"
        aria-label={t('auth.twoFactor.recoveryTitle')}
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {t('auth.twoFactor.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('auth.twoFactor.download')}
        </Button>
        <Button variant="contained" onClick={onDone} sx={{ ml: 'auto' }}>
          {t('auth.twoFactor.saved')}
        </Button>
      </Stack>
    </Stack>
  );
}
