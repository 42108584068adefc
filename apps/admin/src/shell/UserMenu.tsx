import type { User } from '@backroom/contracts';
import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconExternalLink, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { readAccount } from '../lib/session';
import { routePath } from '../routes';
import { useCurrentStore, useSession } from './hooks';

/** Full name of a user, or their e-mail when they have none. */
export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The user's picture, or their initials when they have none (spec §1 "profile picture"). */
export function UserAvatar({ user, size = 32 }: { user: User; size?: number }) {
  return (
    <Avatar src={user.profilePicture || null} name={displayName(user)} alt={displayName(user)} color="initials" size={size} radius="xl" />
  );
}

/**
 * The user menu of the top bar (spec §1/§2): profile picture and e-mail; Profile (→ website.profile), Select
 * another shop (→ /auth/shop), Open your site (the store's address in a new tab) and Logout (POST
 * /api/auth/logout, clear local storage, go to /auth/login). `tone` 'dark' draws it on the dark top bar.
 */
export function UserMenu({ user, tone = 'dark' }: { user: User; tone?: 'dark' | 'light' }) {
  const session = useSession();
  const store = useCurrentStore();
  const siteUrl = store?.url || readAccount().info?.storeUrl || '';
  const fg = tone === 'dark' ? 'white' : 'ink.8';
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu of ${user.email}`} style={{ borderRadius: 8 }} px={6} py={4}>
          <Group gap={8} wrap="nowrap">
            <UserAvatar user={user} />
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} c={fg} truncate maw={220}>
                {user.email}
              </Text>
            </Box>
            <IconChevronDown size={14} color={tone === 'dark' ? '#fff' : undefined} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{displayName(user)}</Menu.Label>
        <Menu.Item component={Link} to={routePath('website.profile')} leftSection={<IconUserCircle size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to={routePath('auth.shop')} leftSection={<IconBuildingStore size={16} aria-hidden />}>
          Select another shop
        </Menu.Item>
        <Menu.Item
          component="a"
          href={siteUrl || undefined}
          target="_blank"
          rel="noopener noreferrer"
          disabled={!siteUrl}
          leftSection={<IconExternalLink size={16} aria-hidden />}
        >
          Open your site
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void session.logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
