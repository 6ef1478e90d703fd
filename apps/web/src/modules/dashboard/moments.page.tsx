import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { PageHeader } from '../../shared/ui/page-header';
import { useMoments } from './dashboard.api';
import { MomentCard } from './moment-card';
import { useMomentsRealtime } from './moments.realtime';

/** Waiting times grow on screen: the clock ticks locally, the tickets come from the socket. */
const CLOCK_MS = 30_000;

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** Tempo Real (spec 001 §2): the 'Pendentes' card and one card per attendant with open tickets. */
export function MomentsPage() {
  const { t } = useTranslation();
  useMomentsRealtime();
  const moments = useMoments();
  const now = useNow();
  const data = moments.data;

  return (
    // The cards may hold nothing focusable: the scrolling page itself takes the keyboard (axe: scrollable-region-focusable).
    <Box
      tabIndex={0}
      role="region"
      aria-label={t('moments.title')}
      sx={{ height: '100%', overflowY: 'auto', pb: 2 }}
    >
      <PageHeader title={t('moments.title')} />
      {moments.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {moments.isError && (
        <Alert
          severity="error"
          action={<Button onClick={() => void moments.refetch()}>{t('common.actions.retry')}</Button>}
        >
          {errorMessage(moments.error)}
        </Alert>
      )}
      {data && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(280px, 1fr))' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <MomentCard card={data.pending} title={t('moments.pending')} now={now} />
          {data.attendants.map((card) => (
            <MomentCard key={card.userId} card={card} title={card.name} now={now} />
          ))}
        </Box>
      )}
      {data && data.attendants.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('moments.nobody')}
        </Typography>
      )}
    </Box>
  );
}
