import type { Personalize } from '@backroom/contracts';
import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconLetterCase, IconPlus, IconWand } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ListSearch } from '../../components/ListFilters';
import { ListTable } from '../../components/ListTable';
import { useListAddress } from '../../components/list-address';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useShopDates } from '../../lib/dates';
import { PERSONALIZES_SEARCH } from '../../route-search';
import { routePath } from '../../routes';
import { PERSONALIZES_PAGE_SIZE, usePersonalizes } from './api';

/** "2 text, 1 photo": what a personalisation asks the shopper for. */
export function fieldsSummary(p: Pick<Personalize, 'fields'>): string {
  const text = p.fields.filter((f) => f.type === 'text').length;
  const photo = p.fields.length - text;
  return [text && `${text} text`, photo && `${photo} photo`].filter(Boolean).join(', ');
}

/**
 * `website.product-personalized` (`/admin/product-personalized`, scope `products`; menu entry hidden for dropship
 * shops, spec admin-dashboard §2; §7 Personalisation; issue 11 item 4): the shop's personalised products (product
 * with its picture, name, what the shopper fills in, last update), 20 a page, searchable by name or product title
 * (`GET /api/personalizes/`). Search and page live in the address. "Personalize a product" opens the editor
 * (`.create`), a product opens its personalisation (`.update`), "Fonts" the font management screen (`.fonts`).
 */
export default function PersonalizedScreen() {
  const dates = useShopDates();
  const { search: s, go, text, setText } = useListAddress('website.product-personalized', PERSONALIZES_SEARCH);
  const search = s.search ?? '';
  const list = usePersonalizes({ search, page: s.page ?? 1 });
  const data = list.data;
  // A shop with no personalisation at all sees the invitation alone; a search that finds nothing keeps its box.
  const none = !!data && data.total === 0 && !search;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <ScreenHeader
        title="Personalized Product"
        description="Let shoppers add their name or photo to a product and see it on the picture before they buy."
      >
        <Group gap="xs">
          <Button
            component={Link}
            to={routePath('website.product-personalized.fonts')}
            variant="default"
            leftSection={<IconLetterCase size={16} aria-hidden />}
          >
            Fonts
          </Button>
          <Button component={Link} to={routePath('website.product-personalized.create')} leftSection={<IconPlus size={16} aria-hidden />}>
            Personalize a product
          </Button>
        </Group>
      </ScreenHeader>
      {/* The three design editors (issue 31 item 5: book-editor and book2-editor had no link in the admin). */}
      <Group gap="md" role="navigation" aria-label="Design editors">
        <Text size="sm" c="dimmed">
          Design one:
        </Text>
        <Anchor component={Link} to={routePath('print-hub-editor')} size="sm" c="blue.9">
          Product designs
        </Anchor>
        <Anchor component={Link} to={routePath('book-editor')} size="sm" c="blue.9">
          Books
        </Anchor>
        <Anchor component={Link} to={routePath('book2-editor')} size="sm" c="blue.9">
          Photo books
        </Anchor>
      </Group>
      {!none && <ListSearch label="Search personalized products" placeholder="Search by name or product" text={text} onText={setText} />}
      <ListTable
        label="Personalized products"
        noun="personalized products"
        query={list}
        rows={data?.personalizes}
        rowKey={(p) => p.id}
        minWidth={600}
        columns={[
          {
            header: 'Product',
            cell: (p) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={p.product.imageSrc} alt="" radius="sm" size={40}>
                  <IconWand size={18} aria-hidden />
                </Avatar>
                <Anchor component={Link} to={routePath('website.product-personalized.update', { id: p.id })} fw={600} size="sm" c="inherit">
                  {p.product.title || 'Product'}
                </Anchor>
              </Group>
            ),
          },
          { header: 'Name', cell: (p) => <Text size="sm">{p.name}</Text> },
          { header: 'Fields', cell: (p) => <Text size="sm">{fieldsSummary(p)}</Text> },
          { header: 'Updated', cell: (p) => <Text size="sm">{dates.date(p.updatedAt)}</Text> },
        ]}
        empty={{
          icon: <IconWand size={28} />,
          title: search ? `No personalized product matches “${search}”` : 'Personalize your first product',
          text: search
            ? 'Try another name or product title.'
            : 'Add a text field — a name, a date — in your own font, or a photo field: shoppers see it drawn on the product as they type, and the order shows what they chose.',
        }}
        paging={{ total: data?.total ?? 0, pageSize: PERSONALIZES_PAGE_SIZE, page: s.page ?? 1, onChange: (page) => go({ page }) }}
      />
    </Stack>
  );
}
