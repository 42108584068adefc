import type { QueryClient } from '@tanstack/react-query';
import type { SessionController } from './session-controller';

/**
 * What the screens and the router's guards use of the session (lib/session-controller.ts): the session check of
 * spec admin-dashboard §4 (`ensure`, `authenticate`), the observable user (`getUser`, `subscribe`), `reset` after a
 * shop pick and `logout`; the router sets the three callbacks (`navigate`, `onRecheck`, `onLoggedOut`).
 * Component tests give a typed stand-in (test/session.ts) instead of the real controller.
 */
export type AppSession = Pick<
  SessionController,
  'ensure' | 'authenticate' | 'getUser' | 'subscribe' | 'reset' | 'logout' | 'navigate' | 'onRecheck' | 'onLoggedOut'
>;

/**
 * What every route's `beforeLoad` and every screen (through shell/hooks.ts) can read from the router context.
 * A leaf module (types only) so the router, the shell hooks and the features import it without a cycle
 * (issue 15: router.tsx → screens → features → shell/hooks → router).
 */
export interface RouterContext {
  session: AppSession;
  queryClient: QueryClient;
}
