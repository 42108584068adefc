import type { Scope } from '@backroom/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandTelegram, IconLayoutGrid, IconLock, IconRuler, IconShare, IconStar, IconTrendingUp } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { isPermitted, ROUTES, type RouteDef, type RouteName, routePath } from '../../routes';
import { useSessionUser } from '../../shell/hooks';
import { usePixelsProbe, useReviewsProbe, useSizeChartsProbe, useTelegramProbe, useUpsellProbe, useWidgetsProbe } from './api';

/** What the hub says of an app's use: a short line and whether it is on. */
interface AppState {
  on: boolean;
  line: string;
}

/** One app of the shop: what it does, its screens (registry routes) and how its state is read. */
interface AppDef {
  id: string;
  name: string;
  what: string;
  icon: ComponentType<{ size?: number | string; 'aria-hidden'?: boolean }>;
  color: string;
  screens: { route: RouteName; label: string }[];
}

/** The apps of a shop (issue 18 item 3), in the order of the apps mini navigation. */
const APPS: AppDef[] = [
  {
    id: 'reviews',
    name: 'Product Reviews',
    what: 'Collect star ratings and reviews on product pages; approve, hide, reply, import from Judge.me.',
    icon: IconStar,
    color: 'yellow',
    screens: [{ route: 'website.apps.product-review.list', label: 'Reviews' }],
  },
  {
    id: 'upsell',
    name: 'Boost UpSell',
    what: 'Bundles, quantity breaks, cart and post-purchase offers that raise the order value.',
    icon: IconTrendingUp,
    color: 'grape',
    screens: [{ route: 'website.upsell', label: 'Offers' }],
  },
  {
    id: 'widgets',
    name: 'Product Widgets',
    what: 'Best sellers, recently viewed, also bought and handpicked products on product pages, the cart and home.',
    icon: IconLayoutGrid,
    color: 'cyan',
    screens: [{ route: 'website.apps.widgets.list', label: 'Widgets' }],
  },
  {
    id: 'telegram',
    name: 'Telegram',
    what: 'New orders, payouts, refunds, low stock and a daily summary sent to your Telegram chat.',
    icon: IconBrandTelegram,
    color: 'blue',
    screens: [{ route: 'website.notification', label: 'Telegram settings' }],
  },
  {
    id: 'pixels',
    name: 'Pixels',
    what: 'Facebook, TikTok and other tracking pixels, shared between your shops.',
    icon: IconShare,
    color: 'indigo',
    screens: [{ route: 'website.pixel.sharePixel', label: 'Share Pixel' }],
  },
  {
    id: 'size-charts',
    name: 'Size charts',
    what: 'Measurement tables on product pages, per product or per collection.',
    icon: IconRuler,
    color: 'teal',
    screens: [{ route: 'website.sizechart', label: 'Size charts' }],
  },
];

const scopeOf = (route: RouteName): Scope | null => (ROUTES[route] as RouteDef).scope;

/**
 * Reads each app's state the viewer may see: every app has a figure (reviews, offers live, widgets, the Telegram chat,
 * pixels, charts); an app whose scope the viewer lacks, or whose probe failed, shows only "Installed".
 */
function useAppStates(scopes: readonly Scope[]): Record<string, AppState | undefined> {
  const can = (r: RouteName) => isPermitted(scopeOf(r), scopes);
  const reviews = useReviewsProbe(can('website.apps.product-review.list'));
  const telegram = useTelegramProbe(can('website.notification'));
  const charts = useSizeChartsProbe(can('website.sizechart'));
  const widgets = useWidgetsProbe(can('website.apps.widgets.list'));
  const upsell = useUpsellProbe(can('website.upsell'));
  const pixels = usePixelsProbe(can('website.pixel.sharePixel'));
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return {
    reviews: reviews.data && {
      on: reviews.data.counts.published > 0,
      line: `${n(reviews.data.counts.published, 'published review', 'published reviews')}, ${reviews.data.counts.pending} waiting`,
    },
    upsell: upsell.data && {
      on: upsell.data.offers.some((o) => o.status === 'active'),
      line: `${n(upsell.data.offers.filter((o) => o.status === 'active').length, 'offer', 'offers')} live of ${upsell.data.offers.length}`,
    },
    pixels: pixels.data && {
      on: pixels.data.pixels.length > 0,
      line: pixels.data.pixels.length
        ? n(pixels.data.pixels.length, 'pixel firing on the storefront', 'pixels firing on the storefront')
        : 'No pixel yet',
    },
    telegram: telegram.data && {
      on: telegram.data.connected,
      line: telegram.data.connected
        ? `Sending to ${telegram.data.chatTitle ?? 'your chat'}`
        : telegram.data.disabledReason
          ? 'Stopped: the bot was blocked or the chat is gone'
          : telegram.data.configured
            ? 'No chat connected'
            : 'Needs a bot token on the server',
    },
    widgets: widgets.data && {
      on: widgets.data.widgets.some((w) => w.active),
      line: `${n(widgets.data.widgets.filter((w) => w.active).length, 'widget', 'widgets')} on the storefront`,
    },
    'size-charts': charts.data && {
      on: charts.data.sizeCharts.length > 0,
      line: n(charts.data.sizeCharts.length, 'chart', 'charts'),
    },
  };
}

/**
 * The Apps hub (route website.apps, issue 18 item 3): every app of the shop — Product Reviews, Boost UpSell,
 * Product Widgets, Telegram, Pixels, Size charts — with what it does, whether it is in use and links to its screens
 * (locked, leading to no-access, without the screen's scope, spec §6).
 */
export default function AppsScreen() {
  const user = useSessionUser();
  const scopes = user?.scopes ?? [];
  const states = useAppStates(scopes);
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Apps
        </Title>
        <Text c="dimmed" size="sm">
          The apps built into your shop. Each is ready to use: open it to set it up.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {APPS.map((a) => {
          const state = states[a.id];
          const Icon = a.icon;
          return (
            <Card key={a.id} padding="lg" component="article" aria-labelledby={`app-${a.id}`}>
              <Stack gap="sm" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon size={40} radius="md" variant="light" color={a.color} aria-hidden>
                      <Icon size={22} />
                    </ThemeIcon>
                    <Title order={2} size="h4" id={`app-${a.id}`}>
                      {a.name}
                    </Title>
                  </Group>
                  {state ? (
                    <Badge color={state.on ? 'green' : 'gray'} variant="light" c="dark.7">
                      {state.on ? 'Enabled' : 'Not in use'}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="outline">
                      Installed
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{a.what}</Text>
                {state && (
                  <Text size="sm" c="dimmed">
                    {state.line}
                  </Text>
                )}
                <Group gap="xs" mt="auto">
                  {a.screens.map((s) => {
                    const ok = isPermitted(scopeOf(s.route), scopes);
                    return (
                      <Button
                        key={s.route}
                        component={Link}
                        to={ok ? routePath(s.route) : `${routePath('no-access')}?from=${encodeURIComponent(s.route)}`}
                        variant="light"
                        size="xs"
                        rightSection={ok ? undefined : <IconLock size={12} aria-label="No access" />}
                      >
                        {s.label}
                      </Button>
                    );
                  })}
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
