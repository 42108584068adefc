import { ABANDONED_PAGE_SIZE, type AbandonedCheckout } from '@backroom/contracts';
import { ActionIcon, Badge, CopyButton, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconCopy, IconSearch, IconShoppingCartX } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { useShopDates } from '../../lib/dates';
import { formatCount, formatMoneyMajor } from '../../lib/format';
import { ABANDONED_SEARCH, type AbandonedSearch } from '../../route-search';
import { routePath } from '../../routes';
import { useRouteSearch } from '../../shell/hooks';
import { useAbandonedCheckouts } from './api';

/** The sign of an ISO 4217 currency as Intl writes it ('$' for USD). */
const currencyOf = (code: string) => ({
  code,
  sign:
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? '',
});

/** "Organic Cotton Tee × 2, Linen Wrap Dress" (first two lines, then "+ n more"). */
function cartText(c: AbandonedCheckout): string {
  const parts = c.lines.slice(0, 2).map((l) => `${l.title}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`);
  return c.lines.length > 2 ? `${parts.join(', ')} + ${c.lines.length - 2} more` : parts.join(', ');
}

/** The copy button of a recovery link (Mantine CopyButton: "Copied" for 2 s). */
function CopyLink({ url, name }: { url: string; name: string }) {
  return (
    <CopyButton value={url} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy recovery link'} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={`Copy recovery link of checkout ${name}`}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * `website.abandoned` (`/admin/abandoned-checkouts`, scope `orders`; spec admin-dashboard §2 "Abandoned Checkouts",
 * issue 12 item 5, Shopify's columns): checkouts shoppers started with an e-mail and did not complete within the
 * configured delay, newest first, 20 a page, searchable by e-mail or name and filtered by the days they were abandoned
 * (YYYY-MM-DD in the shop's time zone). Each row: the checkout number, when it was abandoned (shop time zone), who
 * (name, e-mail), the cart, the recovery status (Recovered / Not recovered), the total, and a button that copies
 * the recovery link (it restores the cart on the storefront). Search, days and page live in the address.
 */
export default function AbandonedScreen() {
  const s: AbandonedSearch = useRouteSearch(ABANDONED_SEARCH);
  const q = { search: s.search ?? '', page: s.page ?? 1, fromTime: s.fromTime, toTime: s.toTime };
  const dates = useShopDates();
  const navigate = useNavigate();
  const [text, setText] = useState(q.search);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const list = useAbandonedCheckouts(q);
  const go = (next: Partial<typeof q>) => {
    const n = { ...q, ...next };
    void navigate({
      to: routePath('website.abandoned'),
      search: {
        search: n.search || undefined,
        page: n.page > 1 ? n.page : undefined,
        fromTime: n.fromTime || undefined,
        toTime: n.toTime || undefined,
      } as never,
      replace: true,
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text navigates
  useEffect(() => {
    if (debounced !== q.search) go({ search: debounced, page: 1 });
  }, [debounced]);
  const data = list.data;
  const total = data?.total ?? 0;
  const filtered = !!(q.search || q.fromTime || q.toTime);
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Abandoned checkouts
        </Title>
        <Text c="dimmed" size="sm" aria-live="polite">
          {data ? `${formatCount(total)} ${total === 1 ? 'checkout' : 'checkouts'}` : ' '}
        </Text>
      </Stack>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search checkouts"
          placeholder="E-mail or customer name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          type="search"
          w={{ base: '100%', sm: 320 }}
        />
        <TextInput
          type="date"
          label="From"
          value={q.fromTime ?? ''}
          onChange={(e) => go({ fromTime: e.currentTarget.value || undefined, page: 1 })}
        />
        <TextInput
          type="date"
          label="To"
          value={q.toTime ?? ''}
          onChange={(e) => go({ toTime: e.currentTarget.value || undefined, page: 1 })}
        />
      </Group>
      <ListTable
        label="Abandoned checkouts"
        noun="checkouts"
        query={list}
        rows={data?.checkouts}
        rowKey={(c) => c.id}
        // Wide enough that a cart of several products keeps to two lines (scrolls sideways at 375 px, not tall rows).
        minWidth={1040}
        columns={[
          { header: 'Checkout', cell: (c) => c.name, td: { fw: 600 } },
          {
            header: 'Date',
            cell: (c) => dates.dateTime(c.abandonedAt),
            td: { style: { whiteSpace: 'nowrap' } },
          },
          {
            header: 'Placed by',
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (c) => (
              <>
                <Text size="sm" fw={500}>
                  {c.customerName || c.email}
                </Text>
                {c.customerName && (
                  <Text size="xs" c="dimmed">
                    {c.email}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: 'Cart',
            td: { style: { minWidth: 240 } },
            cell: (c) => (
              <>
                <Text size="sm">{cartText(c)}</Text>
                <Text size="xs" c="dimmed">
                  {c.itemsCount} {c.itemsCount === 1 ? 'item' : 'items'}
                  {c.discountCode ? ` · code ${c.discountCode}` : ''}
                </Text>
              </>
            ),
          },
          {
            header: 'Recovery status',
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (c) => (
              <Badge
                variant="dot"
                color={c.recovered ? 'green' : 'orange'}
                c="dark.7"
                radius="sm"
                tt="none"
                fw={600}
                styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
              >
                {c.recovered ? 'Recovered' : 'Not recovered'}
              </Badge>
            ),
          },
          { header: 'Total', numeric: true, cell: (c) => formatMoneyMajor(c.subtotal, currencyOf(c.currency)) },
          { header: 'Recovery link', cell: (c) => <CopyLink url={c.recoveryUrl} name={c.name} /> },
        ]}
        empty={{
          icon: <IconShoppingCartX size={28} />,
          title: filtered ? 'No checkouts match these filters' : 'No abandoned checkouts',
          text: 'When a shopper enters an e-mail at checkout and leaves without paying, the checkout shows here with a link that brings their cart back.',
        }}
        paging={{ total, pageSize: ABANDONED_PAGE_SIZE, page: q.page, onChange: (p) => go({ page: p }) }}
      />
    </Stack>
  );
}
