import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The heading row of an admin index screen (pages, personalised products, menus, discounts): the title (h1 drawn at
 * h2 size) with a dimmed line under it, and the screen's buttons on the right, wrapping under the title on phones.
 * `live`: the line is a polite live region (a count that changes with the search).
 */
export function ScreenHeader(p: { title: string; description: ReactNode; live?: boolean; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {p.title}
        </Title>
        <Text c="dimmed" size="sm" aria-live={p.live ? 'polite' : undefined}>
          {p.description}
        </Text>
      </Stack>
      {p.children}
    </Group>
  );
}
