import type { MyInvitation, StoreSummary } from '@backroom/contracts';
import { Alert, Anchor, Avatar, Badge, Button, Card, Group, Loader, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconChevronRight, IconMailOpened } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { chooseStore, readAccount } from '../../lib/session';
import { useSession, useStores } from '../../shell/hooks';
import { useInvitationMutations, useMyInvitations } from './api';
import { landingHref } from './landing';

/** What an invitation grants, in words: 'as an admin' or 'as staff with 2 permissions'. */
export function invitedRole(inv: Pick<MyInvitation, 'isStoreAdmin' | 'scopes'>): string {
  if (inv.isStoreAdmin) return 'as an admin';
  return `as staff with ${inv.scopes.length} permission${inv.scopes.length === 1 ? '' : 's'}`;
}

/**
 * The signed-in user's pending invitations to join shops (issue 14 item 5: nobody becomes a member of a shop without
 * accepting). Each says who invited them to which shop and with what role, with Accept and Decline; accepting adds
 * the shop to the list below. Nothing is shown when there is none.
 */
function Invitations() {
  const invitations = useMyInvitations();
  const { accept, decline } = useInvitationMutations();
  const [busy, setBusy] = useState<string | null>(null);
  const list = invitations.data?.invitations ?? [];
  if (!list.length) return null;
  const act = async (id: string, action: 'accept' | 'decline') => {
    setBusy(id);
    try {
      await (action === 'accept' ? accept : decline).mutateAsync(id);
    } catch {
      // The api client already showed the server's message.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="shop-invitations">
      <Group gap={6}>
        <IconMailOpened size={18} aria-hidden />
        <Title order={2} size="h4" id="shop-invitations">
          Invitations
        </Title>
      </Group>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((inv) => (
          <Card key={inv.id} component="li" withBorder padding="md" radius="md" aria-label={`Invitation to ${inv.storeName}`}>
            <Stack gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {inv.storeName}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {inv.storeDomain}
                </Text>
              </Stack>
              <Text size="sm">
                {inv.invitedBy ? `${inv.invitedBy} (${inv.invitedByEmail}) invited you` : 'You are invited'} to join {inv.storeName}{' '}
                {invitedRole(inv)}.
              </Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" size="xs" disabled={busy !== null} onClick={() => void act(inv.id, 'decline')}>
                  Decline
                </Button>
                <Button
                  size="xs"
                  loading={busy === inv.id && accept.isPending}
                  disabled={busy !== null}
                  onClick={() => void act(inv.id, 'accept')}
                >
                  Accept
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * `/auth/shop` (spec §2 "choose a shop"): the signed-in user's pending invitations to shops (Accept / Decline; the
 * e-mailed invitation links here), then their shops from `GET /api/stores` as cards (name, domain);
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
        <Invitations />
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
                      <Avatar name={s.name} variant="filled" color="ink" radius="md" aria-hidden />
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
