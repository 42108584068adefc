import { NavLink, Stack, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { routePath } from '../routes';
import { type MenuGroup, type MenuItem, menuTarget } from './menu';

/** Where a menu item's link goes: its own path, or `/admin/no-access?from={name}` without the scope (§6). */
export function menuHref(item: Pick<MenuItem, 'name' | 'permitted' | 'path'>): string {
  const target = menuTarget(item);
  return target === 'no-access' ? `${routePath('no-access')}?from=${encodeURIComponent(item.name)}` : item.path;
}

/** The item of `groups` the current `pathname` belongs to: the one with the longest matching path. */
export function activeItem(groups: readonly MenuGroup[], pathname: string): MenuItem | undefined {
  let best: MenuItem | undefined;
  for (const g of groups) {
    for (const i of g.items) {
      const match = pathname === i.path || (i.path !== '/admin' && pathname.startsWith(`${i.path}/`));
      if (match && (!best || i.path.length > best.path.length)) best = i;
    }
  }
  return best;
}

function ItemLink({ item, active, onNavigate, nested }: { item: MenuItem; active: boolean; onNavigate?: () => void; nested: boolean }) {
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={menuHref(item)}
      label={item.title}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      leftSection={nested ? undefined : <Icon size={18} stroke={1.7} aria-hidden />}
      rightSection={
        item.permitted ? undefined : (
          <Tooltip label="You do not have access to this page">
            <IconLock size={14} stroke={1.7} aria-label="No access" role="img" />
          </Tooltip>
        )
      }
      className="br-nav-link"
      styles={{ label: { fontWeight: active ? 650 : 500 } }}
    />
  );
}

function Group({ group, activeName, onNavigate }: { group: MenuGroup; activeName?: string; onNavigate?: () => void }) {
  const containsActive = group.items.some((i) => i.name === activeName);
  const [opened, setOpened] = useState(containsActive);
  const Icon = group.icon;
  const isOpen = opened || containsActive;
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={isOpen}
      w="100%"
      label={group.title}
      leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
      opened={isOpen}
      onChange={setOpened}
      childrenOffset={28}
      className="br-nav-link"
      styles={{ label: { fontWeight: 600 } }}
    >
      {group.items.map((item) => (
        <ItemLink key={item.name} item={item} active={item.name === activeName} onNavigate={onNavigate} nested />
      ))}
    </NavLink>
  );
}

/**
 * The left navigation (spec §2): the groups of `buildMenu` (shell/menu.ts) — one-entry groups (Home, Customers)
 * as plain links, the others as expandable sections opened on the current page. Entries without the scope carry a
 * lock and lead to no-access (§6).
 */
export function Sidebar({ groups, pathname, onNavigate }: { groups: readonly MenuGroup[]; pathname: string; onNavigate?: () => void }) {
  const active = activeItem(groups, pathname);
  return (
    <nav aria-label="Main navigation">
      <Stack gap={2}>
        {groups.map((g) =>
          g.single && g.items.length === 1 ? (
            <ItemLink key={g.id} item={g.items[0]!} active={g.items[0]!.name === active?.name} onNavigate={onNavigate} nested={false} />
          ) : (
            <Group key={g.id} group={g} activeName={active?.name} onNavigate={onNavigate} />
          ),
        )}
      </Stack>
    </nav>
  );
}
