import './full-styles';
import { AppShell, Burger, CloseButton, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { SIDEBAR_HIDDEN_BELOW_PX } from '../lib/constants';
import { readAccount } from '../lib/session';
import { ROUTES, type RouteDef } from '../routes';
import { SHELL_BANNER } from '../slots';
import { BrandMark } from './BrandMark';
import { CommandPalette, SearchButton } from './CommandPalette';
import { usePreference, useRouteName, useSessionUser } from './hooks';
import { buildMenu, sidebarGroups } from './menu';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';

/** Media query of the small screens of §2/§9: narrower than 768 px. */
export const SMALL_SCREEN_QUERY = `(max-width: ${SIDEBAR_HIDDEN_BELOW_PX - 0.02}px)`;

/**
 * The dashboard shell (spec admin-dashboard §1, §2 Layout behaviour): the dark top bar with the brand, the store
 * and the user menu (profile picture, e-mail); the left navigation built from the route registry. Under 768 px the
 * navigation is hidden behind a burger button and the top bar is hidden (the user menu moves into the
 * navigation); the live-view route hides the top bar too.
 */
export function Shell() {
  const user = useSessionUser();
  const name = useRouteName();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const small = useMediaQuery(SMALL_SCREEN_QUERY, typeof window !== 'undefined' && window.innerWidth < SIDEBAR_HIDDEN_BELOW_PX, {
    getInitialValueInEffect: false,
  });
  const [navOpened, nav] = useDisclosure(false);
  const preference = usePreference();
  const def = name ? (ROUTES[name] as RouteDef) : undefined;
  const showTopBar = !small && !def?.hideTopBar;
  const storeName = readAccount().info?.storeName || preference.data?.storeDetail.name || '';

  const groups = useMemo(
    () =>
      user
        ? buildMenu({
            isProviderStaff: user.isProviderStaff,
            isCustomStoreUser: user.isCustomStoreUser,
            scopes: user.scopes,
            businessType: preference.data?.businessType ?? null,
          })
        : [],
    [user, preference.data?.businessType],
  );

  // A navigation closes the small-screen menu.
  const closeNav = nav.close;
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current !== pathname) closeNav();
    lastPath.current = pathname;
  }, [pathname, closeNav]);

  return (
    <AppShell
      header={showTopBar ? { height: 56 } : undefined}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'xl' }}
      styles={{ main: { background: 'var(--br-page-bg)', minHeight: '100dvh' } }}
    >
      {showTopBar && (
        <AppShell.Header withBorder={false} bg="var(--br-topbar-bg)" px="md">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
              <BrandMark inverted size={28} />
              {storeName && (
                <Text c="gray.4" size="sm" truncate visibleFrom="md" maw={260}>
                  {storeName}
                </Text>
              )}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <SearchButton />
              {user && <UserMenu user={user} tone="dark" />}
            </Group>
          </Group>
        </AppShell.Header>
      )}
      <AppShell.Navbar bg="var(--br-nav-bg)" withBorder={false} p="sm">
        {small && (
          <Group justify="space-between" mb="sm" wrap="nowrap">
            <BrandMark size={28} />
            <CloseButton aria-label="Close navigation" onClick={nav.close} size="lg" />
          </Group>
        )}
        <AppShell.Section grow component={ScrollArea} type="scroll">
          <Sidebar groups={sidebarGroups(groups, name)} pathname={pathname} onNavigate={nav.close} />
        </AppShell.Section>
        {!showTopBar && user && (
          <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <UserMenu user={user} tone="light" />
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        {small && (
          <Group mb="md" gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} aria-label="Open navigation" aria-expanded={navOpened} size="sm" />
            <BrandMark size={24} />
            {storeName && (
              <Text size="sm" c="dimmed" truncate style={{ flex: 1 }}>
                {storeName}
              </Text>
            )}
            <SearchButton />
          </Group>
        )}
        {SHELL_BANNER.map(({ id, Slot }) => (
          <Slot key={id} />
        ))}
        <Outlet />
      </AppShell.Main>
      {user && <CommandPalette groups={groups} scopes={user.scopes} />}
    </AppShell>
  );
}
