import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';
import { ApiNotifications } from './ApiNotifications';

/** Root of every page: the routed content plus the api-error / api-success notifications host (§8). */
export function RootLayout() {
  return (
    <>
      <ApiNotifications />
      <Outlet />
    </>
  );
}

/** Shown while a route's session check or screen code loads. */
export function PendingScreen() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader color="ink" size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      </Stack>
    </Center>
  );
}

/** An address that matches no route. */
export function NotFoundScreen() {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The address you followed does not exist in your dashboard.</Text>
        <Button component={Link} to="/admin">
          Go to Home
        </Button>
      </Stack>
    </Center>
  );
}

/** A screen that crashed while rendering: says so and offers a reload instead of a blank page. */
export function RootErrorScreen({ error }: { error: unknown }) {
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">{error instanceof Error ? error.message : 'Oops! Unknown error!'}</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
