import type { Menu, MenuItem } from '@backroom/contracts';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMenu2, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ListTable } from '../../components/ListTable';
import { ScreenHeader } from '../../components/ScreenHeader';
import { routePath } from '../../routes';
import { useMenus } from './api';

const countBroken = (items: MenuItem[]): number => items.reduce((n, i) => n + (i.broken ? 1 : 0) + countBroken(i.children), 0);

/** The top-level titles of a menu, e.g. "Home, Shop, About us". */
const summary = (m: Menu) => m.items.map((i) => i.title).join(', ') || 'No items yet';

/** A menu's top-level titles and, in red, how many of its links lead nowhere. */
function MenuItemsCell({ menu }: { menu: Menu }) {
  const broken = countBroken(menu.items);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" lineClamp={1}>
        {summary(menu)}
      </Text>
      {broken > 0 && (
        <Badge color="red" variant="light" tt="none">
          {broken} broken {broken === 1 ? 'link' : 'links'}
        </Badge>
      )}
    </Group>
  );
}

/**
 * `website.menus` (`/admin/menus`, scope `navigations`; spec admin-dashboard §7 Navigation menus, issue 11 item 3):
 * the shop's menus (title, handle, top-level items, how many links are broken), the main menu first. The theme's
 * header shows the menu its header settings name (`main-menu` by default) and the footer its footer menus.
 */
export default function MenusScreen() {
  const menus = useMenus();
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <ScreenHeader title="Navigation" description="Menus of your storefront’s header and footer. Drag items to reorder and nest them.">
        <Button component={Link} to={routePath('website.menus.create')} leftSection={<IconPlus size={16} aria-hidden />}>
          Add menu
        </Button>
      </ScreenHeader>
      <ListTable
        label="Menus"
        noun="menus"
        query={menus}
        rows={menus.data?.menus}
        rowKey={(m) => m.id}
        minWidth={560}
        columns={[
          {
            header: 'Menu',
            cell: (m) => (
              <Anchor component={Link} to={routePath('website.menus.update', { id: m.id })} fw={600} size="sm" c="inherit">
                {m.title}
              </Anchor>
            ),
          },
          {
            header: 'Handle',
            cell: (m) => (
              <Text size="sm" c="dimmed" ff="monospace">
                {m.handle}
              </Text>
            ),
          },
          { header: 'Menu items', cell: (m) => <MenuItemsCell menu={m} /> },
        ]}
        empty={{ icon: <IconMenu2 size={28} />, title: 'No menu yet', text: 'Add a main menu for your header.' }}
      />
    </Stack>
  );
}
