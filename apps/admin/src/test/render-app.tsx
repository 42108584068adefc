import type { User } from '@backroom/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { readAccount } from '../lib/session';
import type { SessionController } from '../lib/session-controller';
import { buildRouteTree } from '../router';
import { theme } from '../theme';

/**
 * A stand-in session for component tests: `user` is the signed-in user (null = no dashboard session); it counts
 * as authenticated for the shop screen when a refresh token is stored.
 */
export function fakeSession(user: User | null): SessionController {
  return {
    ensure: async () => (user ? { ok: true as const, user } : { ok: false as const, to: '/auth/login' }),
    authenticate: async () => !!user || !!readAccount().refreshToken,
    getUser: () => user,
    subscribe: () => () => {},
    reset: () => {},
    logout: async () => {},
  } as unknown as SessionController;
}

/** Renders the whole admin (real route tree from the registry) at `path` with memory history. */
export function renderApp(path: string, session: SessionController) {
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
