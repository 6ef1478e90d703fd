import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ApiError } from '../shared/api/http';
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
  const theme = useMemo(() => createAppTheme(mode), [mode]);
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
