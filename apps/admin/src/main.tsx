import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dropzone/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './lib/api';
import { session } from './lib/session-controller';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

/**
 * Admin entry: Mantine (theme.ts), notifications, React Query and the TanStack router built from the route
 * registry. The session controller starts before the first route loads.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // One retry for network and server failures; an answer like 401/403/404 is final.
      retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status > 0 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

session.start();
const router = createAppRouter({ session, queryClient });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
