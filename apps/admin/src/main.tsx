// The sign-in screen's share of Mantine's styles (issue 16 item 4): the global layers and the components the auth
// layout, the sign-in form and the notifications use. Everything else comes with shell/full-styles.ts.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
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
 * Admin entry (issue 16 item 4: the first screen, sign-in, loads only what it shows): Mantine's core and
 * notification styles for the sign-in screen (the rest of Mantine's core styles: shell/full-styles.ts); the styles of Mantine's dates, charts, dropzone and spotlight come with the lazy chunks that
 * use them, and the dashboard shell (sidebar, command palette, trial banner) is a lazy route component (router.tsx).
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
