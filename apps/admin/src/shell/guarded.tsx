import { Button, type ButtonProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isPermitted, ROUTE_NAMES, ROUTES, type RouteDef, type RouteName, routePath } from '../routes';
import { useSessionUser } from './hooks';

/** Why a control is disabled: the words shown in its tooltip (the sidebar's lock says the same, spec §6). */
const NO_ACCESS_REASON = 'You do not have access to this page';

/**
 * Whether the signed-in user may open the route `name` (issue 31 item 7 "no dead buttons"): the route registry's
 * scope for it (routes.ts, the one the router's guard checks, spec §6) against the session's scopes. False before
 * the session is known, so nothing leads to no-access while it loads. The dropship rule (`notForDropship`) is the
 * screens' own: they already hide Personalized Product links for a dropship shop.
 */
export function useCanOpen(name: RouteName): boolean {
  const user = useSessionUser();
  return !!user && isPermitted((ROUTES[name] as RouteDef).scope, user.scopes);
}

/**
 * The registry route an admin address opens (`/admin/products/new` → `website.products.create`), or undefined: among
 * the routes whose path matches (`$param` = one segment; query and hash ignored), the one with the fewest parameters,
 * so a static path wins over `…/$id` as in the router.
 */
function routeAt(href: string): RouteName | undefined {
  const pathname = href.split(/[?#]/)[0] ?? '';
  let best: { name: RouteName; params: number } | undefined;
  for (const name of ROUTE_NAMES) {
    const path = (ROUTES[name] as RouteDef).path;
    if (!new RegExp(`^${path.replace(/\$[A-Za-z]+/g, '[^/]+')}/?$`).test(pathname)) continue;
    const params = (path.match(/\$/g) ?? []).length;
    if (!best || params < best.params) best = { name, params };
  }
  return best?.name;
}

/**
 * {@link useCanOpen} for an address instead of a route name (a server-given path such as an onboarding step's): true
 * for an address outside the registry (the router's guard does not refuse it), the registry's answer otherwise.
 */
export function useCanOpenPath(href: string): boolean {
  const user = useSessionUser();
  const name = routeAt(href);
  if (!name) return true;
  return !!user && isPermitted((ROUTES[name] as RouteDef).scope, user.scopes);
}

/** Props of {@link GuardedButton}: the route to open, its params and search, and what a refused user sees. */
interface GuardedButtonProps extends ButtonProps {
  route: RouteName;
  params?: Record<string, string>;
  /** Query string appended to the path, without `?`. */
  search?: string;
  /** `hide` renders nothing without the scope; `disable` (default) a disabled button with the reason as tooltip. */
  whenRefused?: 'hide' | 'disable';
  children: ReactNode;
}

/**
 * A button that opens a registry route (issue 31 item 7): a link to it when the session's scopes allow the route
 * (useCanOpen), otherwise nothing (`whenRefused="hide"`) or a disabled button whose tooltip gives the reason, never a
 * link that leads to the no-access screen.
 */
export function GuardedButton({ route, params, search, whenRefused = 'disable', children, ...rest }: GuardedButtonProps) {
  const can = useCanOpen(route);
  if (can) {
    const to = `${routePath(route, params)}${search ? `?${search}` : ''}`;
    return (
      <Button component={Link} to={to} {...rest}>
        {children}
      </Button>
    );
  }
  if (whenRefused === 'hide') return null;
  return <RefusedButton {...rest}>{children}</RefusedButton>;
}

/**
 * The disabled stand-in of a button the user's scopes cannot use (issue 31 item 7): Mantine's disabled look
 * (`data-disabled`, which keeps it hoverable and focusable) with the reason as tooltip and for screen readers.
 */
export function RefusedButton({ children, ...rest }: ButtonProps & { children: ReactNode }) {
  return (
    <Tooltip label={NO_ACCESS_REASON}>
      <Button {...rest} data-disabled aria-disabled onClick={(e) => e.preventDefault()}>
        {children}
        <VisuallyHidden> ({NO_ACCESS_REASON})</VisuallyHidden>
      </Button>
    </Tooltip>
  );
}
