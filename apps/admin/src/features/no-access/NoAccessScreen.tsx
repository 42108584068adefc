import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { ROUTES, type RouteDef, type RouteName, routePath } from '../../routes';
import { useCanOpen } from '../../shell/guarded';
import { usePreference, useSessionUser } from '../../shell/hooks';
import { firstPermitted } from '../../shell/menu';

/**
 * `no-access` (spec admin-dashboard §4, §6): shown when the user opened a page their scopes do not allow. Names the
 * page (the `from` query holds its route name) and offers the first page of the menu they may open. With
 * `reason=dropship` it says the page is not for dropship shops (§2 Personalized Product) and links to Preferences
 * (named without a link for a user who may not open Preferences, issue 31 item 7).
 */
export default function NoAccessScreen() {
  const from = useRouterState({ select: (s) => (s.location.search as { from?: unknown }).from });
  const dropship = useRouterState({ select: (s) => (s.location.search as { reason?: unknown }).reason === 'dropship' });
  const user = useSessionUser();
  const preference = usePreference();
  const canOpenPreferences = useCanOpen('website.preferences');
  const page = typeof from === 'string' && from in ROUTES ? (ROUTES[from as RouteName] as RouteDef) : null;
  const next = user
    ? firstPermitted({
        isProviderStaff: user.isProviderStaff,
        isCustomStoreUser: user.isCustomStoreUser,
        scopes: user.scopes,
        businessType: preference.data?.businessType ?? null,
      })
    : null;
  return (
    <Stack maw={560} mx="auto" mt={{ base: 'md', sm: 60 }} w="100%">
      <Card padding="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {dropship ? 'Not available for dropship shops' : "You don't have access to this page"}
          </Title>
          {dropship ? (
            <Text c="dimmed">
              {page?.title ?? 'This page'} is not available for dropship shops. To use it, set the business type to another kind in{' '}
              {canOpenPreferences ? (
                <Anchor component={Link} to={routePath('website.preferences')} underline="always">
                  Preferences
                </Anchor>
              ) : (
                'Preferences (ask the store owner or an admin)'
              )}
              .
            </Text>
          ) : (
            <Text c="dimmed">
              {page ? `Your account has no permission for ${page.title}.` : 'Your account has no permission for the page you opened.'} Ask
              the store owner or an admin to give you access.
            </Text>
          )}
          {next && (
            <Group mt="sm">
              <Button component={Link} to={next.path}>
                Go to {next.title}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
