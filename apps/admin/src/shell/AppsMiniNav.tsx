import { ScrollArea, Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { APPS_NAV, ROUTES, type RouteDef, type RouteName, routePath } from '../routes';

/** The mini navigation of the apps routes (spec §2 "Apps routes get a mini navigation"), read from the registry. */
export function AppsMiniNav({ current }: { current: RouteName }) {
  const navigate = useNavigate();
  return (
    <nav aria-label="Apps">
      <ScrollArea type="never">
        <Tabs value={current} onChange={(v) => v && void navigate({ href: routePath(v as RouteName) })} variant="pills" radius="md">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {APPS_NAV.map((n) => (
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
