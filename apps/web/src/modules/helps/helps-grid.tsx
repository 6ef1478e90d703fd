import type { Help } from '@balcao/shared';
import OndemandVideoOutlinedIcon from '@mui/icons-material/OndemandVideoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { EmptyState } from '../../shared/ui/empty-state';
import type { PagedListState } from '../../shared/ui/paged-table';
import { HelpCard } from './help-card';

interface Props extends PagedListState {
  helps: Help[];
  onPlay: (help: Help) => void;
}

/** The help videos as cards, as many to a row as the screen holds. */
export function HelpsGrid({
  helps,
  onPlay,
  isLoading,
  error,
  isFetchingNextPage,
  searching,
  onRetry,
}: Props) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  if (error && helps.length === 0) {
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        }
      >
        {t('helps.list.loadError')} {errorMessage(error)}
      </Alert>
    );
  }
  if (helps.length === 0) {
    const empty = searching ? 'noMatch' : 'empty';
    return (
      <EmptyState
        icon={<OndemandVideoOutlinedIcon />}
        title={t(`helps.list.${empty}Title`)}
        description={t(`helps.list.${empty}Text`)}
      />
    );
  }
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
      }}
    >
      {helps.map((help) => (
        <li key={help.id}>
          <HelpCard help={help} onPlay={onPlay} />
        </li>
      ))}
      {isFetchingNextPage && (
        <Box component="li" sx={{ gridColumn: '1 / -1', display: 'grid', placeItems: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      )}
    </Box>
  );
}
