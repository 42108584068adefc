import { Box } from '@mantine/core';
import { type ComponentType, Suspense, useEffect } from 'react';
import { readAccount } from '../lib/session';
import { ROUTES, type RouteDef, type RouteName } from '../routes';
import { AppsMiniNav } from './AppsMiniNav';
import { PendingScreen } from './RootLayout';

/**
 * Hosts one registry screen: sets the document title ('{title} · {store} · Backroom'), shows the apps mini
 * navigation on apps routes (spec §2) and waits for the lazily loaded screen code.
 */
export function ScreenHost({ name, Screen }: { name: RouteName; Screen: ComponentType }) {
  const def = ROUTES[name] as RouteDef;
  useEffect(() => {
    const store = def.layout === 'auth' ? null : readAccount().info?.storeName;
    document.title = [def.title, store, 'Backroom'].filter(Boolean).join(' · ');
  }, [def]);
  return (
    <>
      {def.miniNav === 'apps' && (
        <Box mb="md" maw={1100} mx="auto" w="100%">
          <AppsMiniNav current={name} />
        </Box>
      )}
      <Suspense fallback={<PendingScreen />}>
        <Screen />
      </Suspense>
    </>
  );
}
