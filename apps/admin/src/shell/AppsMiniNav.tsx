import { ScrollArea, Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { APPS_NAV, isPermitted, ROUTES, type RouteDef, type RouteName, routePath } from '../routes';
import { useSessionUser } from './hooks';

/**
 * The mini navigation of the apps routes (spec §2 "Apps routes get a mini navigation", issue 18 item 3): a tab per
 * app screen of `APPS_NAV` the viewer may open (their scopes, §6), read from the registry; shown by ScreenHost above
 * every route with `miniNav: 'apps'`, so the apps are one click apart whatever the sidebar variant lists.
 */
export function AppsMiniNav({ current }: { current: RouteName }) {
  const navigate = useNavigate();
  const scopes = useSessionUser()?.scopes ?? [];
  const tabs = APPS_NAV.filter((n) => n === current || isPermitted((ROUTES[n] as RouteDef).scope, scopes));
  return (
    <nav aria-label="Apps">
      <ScrollArea type="never">
        <Tabs value={current} onChange={(v) => v && void navigate({ href: routePath(v as RouteName) })} variant="pills" radius="md">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {tabs.map((n) => (
              <Tabs.Tab key={n} value={n}>
                {(ROUTES[n] as RouteDef).menu?.title ?? (ROUTES[n] as RouteDef).title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
    </nav>
  );
}
