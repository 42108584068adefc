import { type AnyRoute, createRootRouteWithContext, createRoute, createRouter, redirect } from '@tanstack/react-router';
import type { RouterContext } from './lib/router-context';
import { decideUser } from './lib/session';
import { ROUTE_NAMES, ROUTES, type RouteDef, type RouteName, routePath } from './routes';
import { SCREENS } from './screens';
import { AuthLayout } from './shell/AuthLayout';
import { FullscreenLayout } from './shell/FullscreenLayout';
import { NotFoundScreen, PendingScreen, RootErrorScreen, RootLayout } from './shell/RootLayout';
import { ScreenHost } from './shell/ScreenHost';
import { Shell } from './shell/Shell';

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
 * one. Each screen route checks its scope (§6) and redirects to no-access (`?from={route name}`) when missing.
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
  const shell = createRoute({ getParentRoute: () => root, id: 'shell', component: Shell, beforeLoad: requireDashboardSession });
  const full = createRoute({
    getParentRoute: () => root,
    id: 'fullscreen',
    component: FullscreenLayout,
    beforeLoad: requireDashboardSession,
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
