import { PAGES_PAGE_SIZE } from '@backroom/contracts';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ListSearch } from '../../components/ListFilters';
import { ListTable } from '../../components/ListTable';
import { useListAddress } from '../../components/list-address';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useShopDates } from '../../lib/dates';
import { PAGES_SEARCH } from '../../route-search';
import { routePath } from '../../routes';
import { usePages } from './api';

/** Visible / Hidden badge of a page (Shopify's wording for a published / unpublished page). */
export function VisibilityBadge({ published }: { published: boolean }) {
  return (
    <Badge variant="dot" color={published ? 'green' : 'gray'} c="dark.7" radius="sm" tt="none" fw={600}>
      {published ? 'Visible' : 'Hidden'}
    </Badge>
  );
}

/**
 * `website.pages` (`/admin/pages`, scope `pages`; spec admin-dashboard §7 Pages, issue 11 item 2): the shop's content
 * pages (title, storefront address `/pages/{handle}`, Visible/Hidden, last update), 20 a page, searchable by title or
 * handle (`GET /api/stores/onlinestore/pages/`). The search and page live in the address. "Add page" opens the editor
 * (`website.pages.create`); a title opens that page's editor.
 */
export default function PagesScreen() {
  const dates = useShopDates();
  const { search: s, go, text, setText } = useListAddress('website.pages', PAGES_SEARCH);
  const search = s.search ?? '';
  const pages = usePages({ search, page: s.page ?? 1 });
  const data = pages.data;
  // A shop with no page at all sees the invitation alone; a search that finds nothing keeps its box.
  const none = !!data && data.total === 0 && !search;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <ScreenHeader title="Pages" description="About us, policies and other content shoppers open at /pages/… on your storefront.">
        <Button component={Link} to={routePath('website.pages.create')} leftSection={<IconPlus size={16} aria-hidden />}>
          Add page
        </Button>
      </ScreenHeader>
      {!none && <ListSearch label="Search pages" placeholder="Search pages" text={text} onText={setText} />}
      <ListTable
        label="Pages"
        noun="pages"
        query={pages}
        rows={data?.pages}
        rowKey={(p) => p.id}
        minWidth={560}
        columns={[
          {
            header: 'Title',
            cell: (p) => (
              <Anchor component={Link} to={routePath('website.pages.update', { id: p.id })} fw={600} size="sm" c="inherit">
                {p.title}
              </Anchor>
            ),
          },
          {
            header: 'Address',
            cell: (p) => (
              <Text size="sm" c="dimmed" ff="monospace">
                /pages/{p.handle}
              </Text>
            ),
          },
          { header: 'Visibility', cell: (p) => <VisibilityBadge published={p.published} /> },
          { header: 'Updated', cell: (p) => <Text size="sm">{dates.date(p.updatedAt)}</Text> },
        ]}
        empty={{
          icon: <IconFileText size={28} />,
          title: search ? `No page matches “${search}”` : 'Add your first page',
          text: search
            ? 'Try another title or handle.'
            : 'Tell shoppers who you are and how you ship and refund: pages appear on your storefront and in your menus.',
        }}
        paging={{ total: data?.total ?? 0, pageSize: PAGES_PAGE_SIZE, page: s.page ?? 1, onChange: (page) => go({ page }) }}
      />
    </Stack>
  );
}
