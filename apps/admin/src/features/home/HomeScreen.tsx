import { DEFAULT_TIMEZONE, localDate, type MetricKey } from '@backroom/contracts';
import { Anchor, Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, Typography } from '@mantine/core';
import { IconCash, IconPackage, IconReceipt, IconTag } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { FigureHelp } from '../../components/FigureHelp';
import { DEFAULT_CURRENCY } from '../../lib/constants';
import { formatHeadingDate } from '../../lib/dates';
import { formatCount, formatMoneyMajor, greetingAt } from '../../lib/format';
import { sanitizeHtml } from '../../lib/sanitize';
import { readAccount } from '../../lib/session';
import { routePath } from '../../routes';
import { usePreference, useSessionUser } from '../../shell/hooks';
import { HOME_BOTTOM, HOME_TOP } from '../../slots';
import { useHomeHtml, useOpenOrders, useProductsCount, useTodayOrders, useTodaySales } from './api';

/** The current time, ticking every minute (the greeting and "today" follow the clock). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

function Stat({
  label,
  icon,
  value,
  loading,
  failed,
  footer,
  metric,
}: {
  label: string;
  icon: ReactNode;
  value: ReactNode;
  loading: boolean;
  failed: boolean;
  footer?: ReactNode;
  /** The figure's definition (modules/metrics), shown as its help; none for figures of this screen only. */
  metric?: MetricKey;
}) {
  return (
    <Card component="section" aria-label={label}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={600} c="dimmed">
              {label}
            </Text>
            {metric && <FigureHelp metric={metric} />}
          </Group>
          <ThemeIcon variant="light" color="gray" radius="md" size="md" aria-hidden>
            {icon}
          </ThemeIcon>
        </Group>
        {loading ? (
          <Skeleton h={32} w="60%" radius="sm" />
        ) : failed ? (
          <Text size="sm" c="red.8">
            Could not be loaded
          </Text>
        ) : (
          <Text fz={28} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
        )}
        {footer && <Box mt="auto">{footer}</Box>}
      </Stack>
    </Card>
  );
}

/**
 * The home dashboard `/admin` (spec admin-dashboard §1): a greeting by the store's local hour ('Good Morning' /
 * 'Good Afternoon' / 'Good Evening') with the user's first and last name; today's total sales and total orders
 * (`/api/reports/total-sales|total-orders`, today's date in the store timezone); the open (unfulfilled) orders count
 * linking to the orders list; the catalog size; and the merchant's homeHtml block, sanitised again with DOMPurify.
 */
export default function HomeScreen() {
  const user = useSessionUser();
  const preference = usePreference();
  const account = readAccount();
  const storeId = account.storeId;
  const now = useNow();
  const timezone = preference.data?.standardTimezone || (preference.isError ? DEFAULT_TIMEZONE : null);
  const today = timezone ? localDate(now, timezone) : null;
  const query = storeId && timezone && today ? { storeId, today, timezone } : null;
  const currency = account.info?.currency ?? DEFAULT_CURRENCY;

  const sales = useTodaySales(query);
  const orders = useTodayOrders(query);
  const open = useOpenOrders(storeId);
  const products = useProductsCount(storeId);
  const homeHtml = useHomeHtml(storeId);
  const safeHtml = useMemo(() => sanitizeHtml(homeHtml.data?.homeHtml ?? ''), [homeHtml.data?.homeHtml]);

  const greeting = timezone ? greetingAt(now, timezone) : null;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const dateLabel = formatHeadingDate(now, timezone ?? DEFAULT_TIMEZONE);

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        {greeting ? (
          <Title order={1} size="h2">
            {greeting}, {name}
          </Title>
        ) : (
          <Skeleton h={32} w={280} radius="sm" aria-label="Loading" />
        )}
        <Text c="dimmed" size="sm">
          {dateLabel}
          {timezone ? ` · ${timezone.replace(/_/g, ' ')} time` : ''}
          {account.info?.storeName ? ` · ${account.info.storeName}` : ''}
        </Text>
      </Stack>

      {HOME_TOP.map(({ id, Slot }) => (
        <Slot key={id} />
      ))}

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Stat
          label="Total sales today"
          metric="totalSales"
          icon={<IconCash size={18} />}
          loading={!query || sales.isPending}
          failed={sales.isError}
          value={sales.data ? formatMoneyMajor(sales.data.total_sales, currency) : null}
        />
        <Stat
          label="Total orders today"
          metric="orders"
          icon={<IconReceipt size={18} />}
          loading={!query || orders.isPending}
          failed={orders.isError}
          value={orders.data ? formatCount(orders.data.total_orders) : null}
        />
        <Stat
          label="Open orders"
          metric="openOrders"
          icon={<IconPackage size={18} />}
          loading={open.isPending}
          failed={open.isError}
          value={open.data ? formatCount(open.data.count) : null}
          footer={
            <Anchor component={Link} to={routePath('website.orders')} search={{ tab: 'unfulfilled' } as never} size="sm" fw={500}>
              View orders to fulfill
            </Anchor>
          }
        />
        <Stat
          label="Products"
          icon={<IconTag size={18} />}
          loading={products.isPending}
          failed={products.isError}
          value={products.data ? formatCount(products.data.count) : null}
          footer={
            products.data && (
              <Text size="sm" c="dimmed">
                {formatCount(products.data.variants)} variants in {formatCount(products.data.collections)} collections
              </Text>
            )
          }
        />
      </SimpleGrid>

      {HOME_BOTTOM.map(({ id, Slot }) => (
        <Slot key={id} />
      ))}

      {safeHtml.trim() !== '' && (
        <Card component="section" aria-label="From your store">
          <Typography className="br-home-html">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify just above */}
            <div dangerouslySetInnerHTML={{ __html: safeHtml }} />
          </Typography>
        </Card>
      )}
    </Stack>
  );
}
