import type { UpsellOffer, UpsellOfferType, UpsellStatus } from '@backroom/contracts';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrendingUp } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ListTable } from '../../components/ListTable';
import { ScreenHeader } from '../../components/ScreenHeader';
import { formatCount, formatMoneyMajor } from '../../lib/format';
import { routePath } from '../../routes';
import { useOffers } from './api';

/** The offer types as the screen names them (Boost UpSell's vocabulary). */
export const OFFER_TYPES: Record<UpsellOfferType, string> = {
  bundle: 'Bundle (frequently bought together)',
  quantity_break: 'Quantity break',
  in_cart: 'In-cart offer',
  post_purchase: 'Post-purchase offer',
};

const STATUS: Record<UpsellStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  expired: { label: 'Expired', color: 'gray' },
  inactive: { label: 'Off', color: 'gray' },
};

/** An offer's status as a badge: Active, Scheduled, Expired or Off. */
export function OfferStatusBadge({ status }: { status: UpsellStatus }) {
  return (
    <Badge variant="dot" color={STATUS[status].color} c="dark.7" radius="sm" tt="none" fw={600}>
      {STATUS[status].label}
    </Badge>
  );
}

/** "10 % off", "$5.00 off", or the tiers of a quantity break: "2+ 5 % · 3+ 10 %". */
export function offerValue(o: Pick<UpsellOffer, 'type' | 'discount' | 'tiers'>): string {
  if (o.type === 'quantity_break') return o.tiers.map((t) => `${t.quantity}+ ${t.percentage} %`).join(' · ');
  return o.discount.type === 'percentage' ? `${o.discount.value} % off` : `${formatMoneyMajor(o.discount.value)} off`;
}

/**
 * `website.upsell` (`/admin/upsell`), scope `discounts` (spec admin-dashboard §2 "Boost UpSell"; issue 18 item 1): the
 * shop's offers, highest priority first (`GET /api/upsell/offers`), each with its type, value, status and counters —
 * views, adds to cart, orders, conversion (orders ÷ views) and revenue of its lines — as Boost UpSell's dashboard
 * shows them. "Create offer" opens the form; a title opens the offer.
 */
export default function UpsellScreen() {
  const list = useOffers();
  const offers = list.data?.offers;
  const total = offers?.length ?? 0;
  const revenue = (offers ?? []).reduce((s, o) => s + o.stats.revenue, 0);
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <ScreenHeader
        title="Boost UpSell"
        description={
          offers
            ? `${formatCount(total)} ${total === 1 ? 'offer' : 'offers'} · ${formatMoneyMajor(Math.round(revenue * 100) / 100)} revenue from offers`
            : ' '
        }
      >
        <Button component={Link} to={routePath('website.upsell.create')} leftSection={<IconPlus size={16} aria-hidden />}>
          Create offer
        </Button>
      </ScreenHeader>
      <ListTable
        label="Offers"
        noun="offers"
        query={list}
        rows={offers}
        rowKey={(o) => o.id}
        minWidth={900}
        columns={[
          {
            header: 'Offer',
            cell: (o) => (
              <Stack gap={0}>
                <Anchor component={Link} to={routePath('website.upsell.update', { id: o.id })} fw={600} size="sm" c="inherit">
                  {o.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {OFFER_TYPES[o.type]} · {offerValue(o)}
                </Text>
              </Stack>
            ),
          },
          { header: 'Status', cell: (o) => <OfferStatusBadge status={o.status} /> },
          { header: 'Views', numeric: true, cell: (o) => formatCount(o.stats.views) },
          { header: 'Adds', numeric: true, cell: (o) => formatCount(o.stats.adds) },
          { header: 'Orders', numeric: true, cell: (o) => formatCount(o.stats.orders) },
          { header: 'Conversion', numeric: true, cell: (o) => `${o.stats.conversionRate.toFixed(2)} %` },
          { header: 'Revenue', numeric: true, cell: (o) => formatMoneyMajor(o.stats.revenue) },
        ]}
        card={(o) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={routePath('website.upsell.update', { id: o.id })} fw={600} size="sm" c="inherit">
                {o.title}
              </Anchor>
              <OfferStatusBadge status={o.status} />
            </Group>
            <Text size="xs" c="dimmed">
              {OFFER_TYPES[o.type]} · {offerValue(o)}
            </Text>
            <Text size="sm">
              {formatCount(o.stats.views)} views · {formatCount(o.stats.adds)} adds · {formatCount(o.stats.orders)} orders ·{' '}
              {o.stats.conversionRate.toFixed(2)} % · {formatMoneyMajor(o.stats.revenue)}
            </Text>
          </Stack>
        )}
        empty={{
          icon: <IconTrendingUp size={28} />,
          title: 'Create your first offer',
          text: 'Bundles on the product page, quantity breaks, offers in the cart and one-click offers after checkout.',
        }}
      />
    </Stack>
  );
}
