import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { ROUTES, type RouteDef, type RouteName } from '../routes';
import { useRouteName } from './hooks';

/**
 * The honest placeholder of a registry route whose screen a later issue builds: it names the screen and says what
 * will be there (the registry's `about`), and that it is not built yet. No fake data.
 */
export function ComingScreen({ name }: { name: RouteName }) {
  const def = ROUTES[name] as RouteDef;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Group gap="sm">
        <Title order={1} size="h2">
          {def.title}
        </Title>
        <Badge variant="light" color="gray" radius="sm">
          Coming
        </Badge>
      </Group>
      <Card>
        <Group align="flex-start" wrap="nowrap" gap="md">
          <IconHammer size={28} stroke={1.5} aria-hidden />
          <Stack gap={4}>
            <Text fw={600}>This screen is not built yet.</Text>
            <Text c="dimmed">It will hold: {def.about}</Text>
          </Stack>
        </Group>
      </Card>
    </Stack>
  );
}

/** {@link ComingScreen} for the route being shown (its registry name comes from the router's match). */
export function Coming() {
  const name = useRouteName();
  return name ? <ComingScreen name={name} /> : null;
}
