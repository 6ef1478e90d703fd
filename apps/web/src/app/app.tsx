import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ApiError } from '../shared/api/http';
import { currentLanguage } from '../shared/i18n/i18n';
import { muiLocaleOf } from '../shared/i18n/mui-locales';
import { useSession } from '../shared/session/session.store';
import { useThemeMode } from '../shared/theme/theme-mode';
import { Toaster } from '../shared/toast/toaster';
import { AppRoutes } from './router';
import { useSessionBootstrap } from './session-bootstrap';
import { createAppTheme } from './theme';

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; network blips and 5xx get two more tries.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        // Lists are kept current by socket events, so regaining focus need not refetch them.
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const { user } = useSession();
  const mode = useThemeMode(user?.defaultTheme);
  // Re-rendered on a change of language, so MUI's own texts follow it.
  useTranslation();
  const language = currentLanguage();
  const theme = useMemo(() => createAppTheme(mode, muiLocaleOf(language)), [mode, language]);
  useSessionBootstrap();

  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
