import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../shared/ui/empty-state';

/** An address no page answers: say so, and offer the way home (the sign-in page when signed out). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <EmptyState
        icon={<SearchOffOutlinedIcon />}
        title={t('app.notFound.title')}
        description={t('app.notFound.text')}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            {t('app.notFound.home')}
          </Button>
        }
      />
    </Box>
  );
}
