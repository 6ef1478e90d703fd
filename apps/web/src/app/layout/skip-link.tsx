import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/**
 * The first Tab stop of every signed-in page: past the top bar and the menu, to the page itself.
 * Hidden until focused.
 */
export function SkipLink({ onSkip }: { onSkip: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main-content"
      onClick={(event) => {
        event.preventDefault();
        onSkip();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {t('app.skipToContent')}
    </Box>
  );
}
