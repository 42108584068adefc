import { type AnyRoute, createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { RouterContext } from './lib/router-context';
import { decideUser } from './lib/session';
import { ROUTE_NAMES, ROUTES, type RouteDef, type RouteName, routePath } from './routes';
import { SCREENS } from './screens';
import { AuthLayout } from './shell/AuthLayout';
import { preferenceOptions } from './shell/hooks';
import { NotFoundScreen, PendingScreen, RootErrorScreen, RootLayout } from './shell/RootLayout';
import { ScreenHost } from './shell/ScreenHost';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** The registry name of the route (routes.ts). */
    routeName?: RouteName;
  }
}

/** Routes that need a signed-in account but no chosen store (shop selection). */
const NEEDS_TOKENS_ONLY: readonly RouteName[] = ['auth.shop'];

async function requireDashboardSession({ context }: { context: RouterContext }) {
  const r = await context.session.ensure();
  if (!r.ok) throw redirect({ href: r.to, replace: true });
  return { user: r.user };
}

/**
 * The TanStack route tree built from the registry (routes.ts): `/auth/*` pages in the auth layout, shell screens
 * under a pathless layout that runs the session check of §4 first, and the full-screen editors under another
 * one. Each screen route checks its scope (§6) and redirects to no-access (`?from={route name}`) when missing, and
 * a `notForDropship` route (Personalized Product, §2) redirects there with `&reason=dropship` for a dropship shop.
 */
export function buildRouteTree() {
  const root = createRootRouteWithContext<RouterContext>()({
    component: RootLayout,
    notFoundComponent: NotFoundScreen,
    errorComponent: RootErrorScreen,
  });
  const index = createRoute({
    getParentRoute: () => root,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: routePath('website'), replace: true });
    },
  });
  const auth = createRoute({ getParentRoute: () => root, id: 'auth-layout', component: AuthLayout });
  // The dashboard's shell and the full-screen layout are chunks of their own: the sign-in screen never loads them
  // (issue 16 item 4). The shop picker, the screen after sign-in, fetches the shell ahead; while a layout's chunk is
  // still on its way the pending screen replaces the previous screen at once (no auth screen lingering under an
  // /admin address).
  const Shell = lazyRouteComponent(() => import('./shell/Shell'), 'Shell');
  const shell = createRoute({
    getParentRoute: () => root,
    id: 'shell',
    component: Shell,
    beforeLoad: requireDashboardSession,
    pendingMs: 0,
    pendingMinMs: 0,
  });
  const full = createRoute({
    getParentRoute: () => root,
    id: 'fullscreen',
    component: lazyRouteComponent(() => import('./shell/FullscreenLayout'), 'FullscreenLayout'),
    beforeLoad: requireDashboardSession,
    pendingMs: 0,
    pendingMinMs: 0,
  });
  const parents = { auth, shell, fullscreen: full } as const;
  const children: Record<keyof typeof parents, AnyRoute[]> = { auth: [], shell: [], fullscreen: [] };

  for (const name of ROUTE_NAMES) {
    const def = ROUTES[name] as RouteDef;
    const parent = parents[def.layout];
    const route = createRoute({
      getParentRoute: () => parent,
      path: def.path,
      staticData: { routeName: name },
      validateSearch: def.search,
      component: () => <ScreenHost name={name} Screen={SCREENS[name]} />,
      // After sign-in the shop picker shows: the shell the next click needs starts loading now.
      onEnter:
        name === 'auth.shop'
          ? () => {
              void Shell.preload?.();
            }
          : undefined,
      beforeLoad: async ({ context }: { context: RouterContext }) => {
        if (def.layout === 'auth') {
          if (NEEDS_TOKENS_ONLY.includes(name) && !(await context.session.authenticate())) {
            throw redirect({ href: routePath('auth.login'), replace: true });
          }
          return;
        }
        const user = context.session.getUser();
        if (user && name !== 'no-access' && decideUser(user.scopes, def.scope) === 'no-access') {
          throw redirect({ href: `${routePath('no-access')}?from=${encodeURIComponent(name)}`, replace: true });
        }
        // 'Custom Store' is for the one whitelisted e-mail (§2): its address does not open for anyone else either.
        if (user && def.menu?.when === 'customStoreUser' && !user.isCustomStoreUser) {
          throw redirect({ href: `${routePath('no-access')}?from=${encodeURIComponent(name)}`, replace: true });
        }
        if (def.notForDropship) {
          // The page preference (cached 5 minutes, fetched again once a Preferences save invalidated it); a failed
          // fetch lets the screen open, as the menu's own read would show it.
          const preference = await context.queryClient.fetchQuery(preferenceOptions()).catch(() => null);
          if (preference?.businessType === 'dropship') {
            throw redirect({ href: `${routePath('no-access')}?from=${encodeURIComponent(name)}&reason=dropship`, replace: true });
          }
        }
      },
    });
    children[def.layout].push(route as AnyRoute);
  }
  return root.addChildren([
    index,
    auth.addChildren(children.auth),
    shell.addChildren(children.shell),
    full.addChildren(children.fullscreen),
  ]);
}

/** Creates the app's router; the session navigates through it. */
export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree: buildRouteTree(),
    context,
    defaultPreload: 'intent',
    defaultPendingComponent: PendingScreen,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
  context.session.navigate = (href) => {
    void router.navigate({ href, replace: true });
  };
  context.session.onRecheck = () => {
    void router.invalidate();
  };
  context.session.onLoggedOut = () => context.queryClient.clear();
  return router;
}
