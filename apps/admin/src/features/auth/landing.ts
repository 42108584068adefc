import type { User } from '@backroom/contracts';
import type { EnsureResult } from '../../lib/session-controller';
import { isPermitted, ROUTES, type RouteDef, type RouteName, routePath } from '../../routes';
import { buildMenu, firstPermitted } from '../../shell/menu';

/**
 * Where a user lands after picking a shop (spec admin-dashboard §4 "If the current route is not permitted, the user
 * goes to no-access", §6 scopes; the landing itself is not shown in the spec): the home dashboard (`website`) when
 * their scopes allow it; otherwise the first entry of THEIR menu (full or limited variant, as shell/menu.ts builds
 * it from the route registry) that one of their scopes grants, in menu order (e.g. orders+products staff →
 * `website.orders`). Decision: scope-less entries (Product Options, full menu) come only after that, so a customers
 * staff member lands on Customers and not on Product Options, which everyone may open. When nothing is permitted the
 * answer stays `website`, whose guard then explains the missing access on the no-access screen.
 * `businessType` is the store's page preference (null while unknown: Personalized Product is then left out).
 */
export function landingRoute(
  user: Pick<User, 'scopes' | 'isProviderStaff' | 'isCustomStoreUser'>,
  businessType: string | null = null,
): RouteName {
  if (isPermitted(ROUTES.website.scope, user.scopes)) return 'website';
  const viewer = { isProviderStaff: user.isProviderStaff, isCustomStoreUser: user.isCustomStoreUser, scopes: user.scopes, businessType };
  for (const group of buildMenu(viewer)) {
    const granted = group.items.find((i) => i.permitted && (ROUTES[i.name] as RouteDef).scope !== null);
    if (granted) return granted.name;
  }
  return firstPermitted(viewer)?.name ?? 'website';
}

/**
 * The address to open after a shop was picked: the session check's redirect when it failed (login, survey), else
 * the path of {@link landingRoute} for the store's user.
 */
export function landingHref(result: EnsureResult): string {
  return result.ok ? routePath(landingRoute(result.user)) : result.to;
}
