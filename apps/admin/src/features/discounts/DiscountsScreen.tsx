import { DISCOUNTS_PAGE_SIZE, type Discount, type DiscountStatus } from '@backroom/contracts';
import { Anchor, Badge, Button, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconDiscount, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ListTable } from '../../components/ListTable';
import { useListAddress } from '../../components/list-address';
import { ScreenHeader } from '../../components/ScreenHeader';
import { formatCount } from '../../lib/format';
import { DISCOUNTS_SEARCH } from '../../route-search';
import { routePath } from '../../routes';
import { useRouteName } from '../../shell/hooks';
import { useDiscounts } from './api';
import { currencyFor, valueLine } from './summary';

const STATUS: Record<DiscountStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  expired: { label: 'Expired', color: 'gray' },
};

/** A discount's status as a badge (Shopify: Active, Scheduled, Expired). */
export function StatusBadge({ status }: { status: DiscountStatus }) {
  return (
    <Badge variant="dot" color={STATUS[status].color} c="dark.7" radius="sm" tt="none" fw={600}>
      {STATUS[status].label}
    </Badge>
  );
}

/** "12 / 100 used" or "3 used" when unlimited. */
const usage = (d: Discount) =>
  d.usageLimit ? `${formatCount(d.usageCount)} / ${formatCount(d.usageLimit)} used` : `${formatCount(d.usageCount)} used`;

/**
 * `website.discount.code` (`/admin/discounts/codes`) and `website.discount.automatic` (`/admin/discounts/automatic`),
 * scope `discounts` (spec admin-dashboard §2; issue 12 item 6): the store's discounts, one tab per method (each tab
 * is its own route), searchable by code or title, 20 a page (`GET /api/discounts?method&search&page`). Each row
 * shows the code or title (linking to its edit screen), Shopify's summary of its value, its status (Active,
 * Scheduled, Expired) and its uses. "Create discount" opens the create route of the tab. Search and page live in
 * the address.
 */
export default function DiscountsScreen() {
  const method = useRouteName() === 'website.discount.automatic' ? 'automatic' : 'code';
  const listRoute = method === 'code' ? 'website.discount.code' : 'website.discount.automatic';
  const { search: s, go, text, setText } = useListAddress(listRoute, DISCOUNTS_SEARCH);
  const search = s.search ?? '';
  const page = s.page ?? 1;
  const list = useDiscounts({ method, search, page });

  const data = list.data;
  const total = data?.total ?? 0;
  const noun = method === 'code' ? 'discount code' : 'automatic discount';
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <ScreenHeader
        title="Discounts"
        description={data ? `${formatCount(total)} ${total === 1 ? noun : `${noun}s`}${search ? ` matching “${search}”` : ''}` : ' '}
        live
      >
        <Button
          component={Link}
          to={routePath(method === 'code' ? 'website.discount.code.create' : 'website.discount.automatic.create')}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          Create discount
        </Button>
      </ScreenHeader>
      <Tabs value={method} aria-label="Discount method">
        <Tabs.List>
          <Tabs.Tab value="code" renderRoot={(props) => <Link to={routePath('website.discount.code')} {...props} />}>
            Discount codes
          </Tabs.Tab>
          <Tabs.Tab value="automatic" renderRoot={(props) => <Link to={routePath('website.discount.automatic')} {...props} />}>
            Automatic discounts
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TextInput
        label={method === 'code' ? 'Search discount codes' : 'Search automatic discounts'}
        placeholder={method === 'code' ? 'Code or title' : 'Title'}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maw={{ sm: 420 }}
        type="search"
      />
      <ListTable
        label={method === 'code' ? 'Discount codes' : 'Automatic discounts'}
        noun="discounts"
        query={list}
        rows={data?.discounts}
        rowKey={(d) => d.id}
        minWidth={720}
        columns={[
          {
            header: method === 'code' ? 'Code' : 'Title',
            cell: (d) => (
              <Anchor component={Link} to={routePath('website.discount.update', { id: d.id })} fw={600} size="sm" c="inherit">
                {method === 'code' ? d.code : d.title}
              </Anchor>
            ),
          },
          { header: 'Summary', cell: (d) => <Text size="sm">{valueLine(d, currencyFor(d.currency))}</Text> },
          { header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
          { header: 'Used', numeric: true, cell: usage },
        ]}
        empty={{
          icon: <IconDiscount size={28} />,
          title: search ? `No ${noun}s match “${search}”` : method === 'code' ? 'Create a discount code' : 'Create an automatic discount',
          text:
            method === 'code'
              ? 'Codes shoppers enter in the cart or at checkout: a percentage or an amount off, free shipping, or buy X get Y.'
              : 'Discounts applied by themselves to every cart that qualifies, such as “Buy 2 get 1 free” on a collection.',
        }}
        paging={{ total, pageSize: DISCOUNTS_PAGE_SIZE, page, onChange: (p) => go({ page: p }) }}
      />
    </Stack>
  );
}
