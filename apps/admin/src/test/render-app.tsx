import type { User } from '@backroom/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { AppSession } from '../lib/router-context';
import { readAccount } from '../lib/session';
import { buildRouteTree } from '../router';
import { theme } from '../theme';

/**
 * A stand-in session for component tests, typed as the app's session (lib/router-context.ts `AppSession`: a change
 * of the session's interface breaks it): `user` is the signed-in user (null = no dashboard session); it counts as
 * authenticated for the shop screen when a refresh token is stored. The router sets `navigate`, `onRecheck` and
 * `onLoggedOut` as it does on the real controller.
 */
export function fakeSession(user: User | null): AppSession {
  return {
    ensure: async () => (user ? { ok: true, user } : { ok: false, to: '/auth/login' }),
    authenticate: async () => !!user || !!readAccount().refreshToken,
    getUser: () => user,
    subscribe: () => () => {},
    reset: () => {},
    logout: async () => {},
    navigate: () => {},
    onRecheck: () => {},
    onLoggedOut: () => {},
  };
}

/**
 * How long a component test waits for a screen to appear: the first render of a lazy screen in a file imports its
 * chunk, which takes seconds when the machine is busy (two cores shared by parallel suites; 15–25 s at load 20).
 */
export const SCREEN_LOAD = { timeout: 45_000 } as const;

/** Renders the whole admin (real route tree from the registry) at `path` with memory history. */
export function renderApp(path: string, session: AppSession) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: buildRouteTree(),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { session, queryClient },
  });
  const view = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, view, queryClient };
}
