import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage, currentLanguage } from '../../shared/i18n/i18n';
import { lazyPart } from '../../shared/ui/lazy-part';

/** A menu (with its popover, focus trap and transitions) no first paint shows: fetched when reached for. */
const LanguageMenu = lazyPart(() => import('../../shared/i18n/language-menu').then((m) => m.LanguageMenu));

/** The frame of the public pages: brand, a language choice for this device, and the form card. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [languageAnchor, setLanguageAnchor] = useState<HTMLElement | null>(null);
  // Kept once shown, so closing plays the menu's own transition.
  const [languageMenuShown, setLanguageMenuShown] = useState(false);
  const preloadLanguageMenu = () => void LanguageMenu.preload().catch(() => undefined);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: 3,
      }}
    >
      <Box sx={{ alignSelf: 'stretch', display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          color="inherit"
          startIcon={<TranslateIcon />}
          sx={{ textTransform: 'none' }}
          onPointerEnter={preloadLanguageMenu}
          onFocus={preloadLanguageMenu}
          onClick={(event) => {
            setLanguageAnchor(event.currentTarget);
            setLanguageMenuShown(true);
          }}
          aria-haspopup="menu"
          // The name starts with what the button shows (WCAG 2.5.3), then says what it is for.
          aria-label={t('app.topBar.languageCurrent', { language: t(`languages.${currentLanguage()}`) })}
        >
          {t(`languages.${currentLanguage()}`)}
        </Button>
        {languageMenuShown && (
          <Suspense fallback={null}>
            <LanguageMenu
              anchorEl={languageAnchor}
              onClose={() => setLanguageAnchor(null)}
              onSelect={applyLanguage}
            />
          </Suspense>
        )}
      </Box>
      <Box
        sx={{
          flex: 1,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          width: '100%',
          maxWidth: 440,
        }}
      >
        <Typography
          variant="h4"
          component="p"
          sx={{ fontWeight: 700, textAlign: 'center', color: 'primary.main', mb: 2 }}
        >
          {t('app.name')}
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 3 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
