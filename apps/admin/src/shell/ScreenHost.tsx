import { Box } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { readAccount } from '../lib/session';
import { ROUTES, type RouteDef, type RouteName } from '../routes';
import { PendingScreen } from './RootLayout';

// Every Mantine style but the sign-in screen's (main.tsx): loaded with every other screen, in the screen's Suspense.
const FullStyles = lazy(() => import('./full-styles').then(() => ({ default: () => null })));

// Lazy: the sign-in screen (hosted here too) never shows it, and its tabs' ScrollArea pulls Floating UI in.
const AppsMiniNav = lazy(() => import('./AppsMiniNav').then((m) => ({ default: m.AppsMiniNav })));

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
          <Suspense fallback={null}>
            <AppsMiniNav current={name} />
          </Suspense>
        </Box>
      )}
      <Suspense fallback={<PendingScreen />}>
        {name !== 'auth.login' && <FullStyles />}
        <Screen />
      </Suspense>
    </>
  );
}
