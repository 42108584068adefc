import type { StoreSummary } from '@backroom/contracts';
import { Alert, Anchor, Avatar, Badge, Card, Group, Loader, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { chooseStore, readAccount } from '../../lib/session';
import { useSession, useStores } from '../../shell/hooks';
import { landingHref } from './landing';

/**
 * `/auth/shop` (spec §2 "choose a shop"): the signed-in user's shops from `GET /api/stores` as cards (name, domain);
 * picking one stores it, runs the session check for that store and lands on the home dashboard (`/admin`), or, for
 * a user whose scopes lack the dashboard's, on their first permitted route in menu order (landing.ts).
 */
export default function ShopScreen() {
  const session = useSession();
  const stores = useStores();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = readAccount().storeId;

  const [choosing, setChoosing] = useState<string | null>(null);

  const choose = async (store: StoreSummary) => {
    if (choosing) return;
    setChoosing(store.id);
    try {
      chooseStore(session, store);
      queryClient.clear();
      // The store's user (and so its scopes) is known only after the session check of the new store.
      await navigate({ href: landingHref(await session.ensure()) });
    } finally {
      setChoosing(null);
    }
  };

  return (
    <Card padding="xl" radius="lg" shadow="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Select a shop
          </Title>
          <Text c="dimmed" size="sm">
            Choose the shop you want to manage.
          </Text>
        </Stack>
        {stores.isPending && (
          <Stack gap="sm" aria-busy="true" aria-label="Loading your shops">
            <Skeleton h={64} radius="md" />
            <Skeleton h={64} radius="md" />
          </Stack>
        )}
        {stores.isError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Your shops could not be loaded">
            {stores.error.message}
          </Alert>
        )}
        {stores.data && stores.data.stores.length === 0 && (
          <Text>You are not a member of any shop yet. Ask a shop owner to invite you.</Text>
        )}
        {stores.data && stores.data.stores.length > 0 && (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {stores.data.stores.map((s) => (
              <li key={s.id}>
                <UnstyledButton
                  onClick={() => void choose(s)}
                  disabled={choosing !== null}
                  aria-busy={choosing === s.id || undefined}
                  w="100%"
                  p="md"
                  aria-label={`${s.name}, ${s.domain}`}
                  className="br-shop-card"
                >
                  <Group wrap="nowrap" justify="space-between">
                    <Group wrap="nowrap" gap="md" style={{ minWidth: 0 }}>
                      <Avatar name={s.name} color="initials" radius="md" aria-hidden />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Group gap={6} wrap="nowrap">
                          <Text fw={600} truncate>
                            {s.name}
                          </Text>
                          {s.id === current && (
                            <Badge size="xs" variant="outline" color="ink">
                              Current
                            </Badge>
                          )}
                        </Group>
                        <Text size="sm" c="dimmed" truncate>
                          {s.domain}
                        </Text>
                      </Stack>
                    </Group>
                    {choosing === s.id ? <Loader size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={() => void session.logout()}>
            Sign in with another account
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
