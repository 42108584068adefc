import type { Pixel, PixelNetwork } from '@backroom/contracts';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconAdjustments,
  IconBrandTelegram,
  IconCash,
  IconChevronRight,
  IconCreditCard,
  IconLock,
  IconPlugConnected,
  IconShare,
  IconUserShield,
  IconWorld,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { formatMoneyMajor } from '../../lib/format';
import { isPermitted, ROUTES, type RouteDef, type RouteName, routePath } from '../../routes';
import { usePreference, useSessionUser } from '../../shell/hooks';
import { useBalance, useDomains, useGateways, usePixelsState, useStaff, useSubscription, useTelegramState } from './api';

/** Networks as the Share Pixel screen names them, short. */
const PIXEL_NETWORK_NAMES: Record<PixelNetwork, string> = { meta: 'Meta', tiktok: 'TikTok', google: 'Google' };

/** One settings area: its screen, what it holds, and its state line (undefined while unknown). */
interface Area {
  route: RouteName;
  title: string;
  what: string;
  icon: ComponentType<{ size?: number | string; 'aria-hidden'?: boolean }>;
  state: string | undefined;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The Pixels line (issue 18 item 6): how many pixels fire on this shop, split into its own and those other shops
 * share with it, and which networks — "2 pixels: Meta, TikTok (1 shared with this shop)"; "No pixel yet" without any.
 */
function pixelsLine(list: readonly Pick<Pixel, 'network' | 'sharedWithThisShop'>[]): string {
  if (list.length === 0) return 'No pixel yet';
  const networks = [...new Set(list.map((p) => PIXEL_NETWORK_NAMES[p.network]))].join(', ');
  const shared = list.filter((p) => p.sharedWithThisShop).length;
  return `${plural(list.length, 'pixel')}: ${networks}${shared ? ` (${shared} shared with this shop)` : ''}`;
}

/**
 * The Settings hub (route website.settings, issue 18 item 6): one card per settings area — store details and
 * preferences, plan, payouts, payment gateways, domains, staff, notifications, pixels — each with a line of its
 * state ("Plan: trial, 9 days left") and a link to its screen (locked without the area's scope, spec §6).
 */
export default function SettingsScreen() {
  const scopes = useSessionUser()?.scopes ?? [];
  const can = (r: RouteName) => isPermitted((ROUTES[r] as RouteDef).scope, scopes);
  const pref = usePreference();
  const sub = useSubscription(can('website.settings.account'));
  const balance = useBalance(can('website.settings.payout'));
  const gateways = useGateways(can('website.settings.payout'));
  const domains = useDomains(can('website.domain'));
  const staff = useStaff(can('website.member'));
  const telegram = useTelegramState(can('website.notification'));
  const pixels = usePixelsState(can('website.pixel.sharePixel'));

  const s = sub.data;
  const t = telegram.data;
  const areas: Area[] = [
    {
      route: 'website.preferences',
      title: 'Store details and preferences',
      what: 'Store name, timezone, business type, SEO and tracking.',
      icon: IconAdjustments,
      state: pref.data && `${pref.data.storeDetail.name} · ${pref.data.standardTimezone}`,
    },
    {
      route: 'website.settings.account',
      title: 'Plan',
      what: 'Your plan and trial, and the plans to choose from.',
      icon: IconCreditCard,
      state:
        s &&
        (s.status === 'trial'
          ? `Plan: trial, ${plural(s.daysLeft, 'day')} left`
          : s.status === 'expired'
            ? 'Plan: trial over, choose a plan'
            : `Plan: ${s.plans.find((p) => p.id === s.plan)?.name ?? s.plan}`),
    },
    {
      route: 'website.settings.payout',
      title: 'Payouts',
      what: 'Payout cards, balance and payout requests.',
      icon: IconCash,
      state: balance.data && `${formatMoneyMajor(balance.data.availableToPayout, { code: balance.data.currency })} available to pay out`,
    },
    {
      route: 'website.settings.payout',
      title: 'Payment gateways',
      what: 'The gateways that take your customers’ payments.',
      icon: IconPlugConnected,
      state: gateways.data && (gateways.data.total ? `${plural(gateways.data.total, 'gateway')} connected` : 'No gateway yet'),
    },
    {
      route: 'website.domain',
      title: 'Domains',
      what: 'Your system domain, custom domains and domains to buy.',
      icon: IconWorld,
      state: domains.data && `${plural(domains.data.domains.length, 'domain')}, primary ${domains.data.primaryHost}`,
    },
    {
      route: 'website.member',
      title: 'Staff',
      what: 'Staff accounts and their permissions.',
      icon: IconUserShield,
      state:
        staff.data &&
        `${plural(staff.data.staffs.length, 'member')}${staff.data.invitations.length ? `, ${plural(staff.data.invitations.length, 'invitation')} pending` : ''}`,
    },
    {
      route: 'website.notification',
      title: 'Notifications',
      what: 'Orders, payouts and low stock in your Telegram.',
      icon: IconBrandTelegram,
      state:
        t &&
        (t.connected
          ? `Telegram: sending to ${t.chatTitle ?? 'your chat'}`
          : t.disabledReason
            ? 'Telegram: stopped, connect again'
            : t.configured
              ? 'Telegram: not connected'
              : 'Telegram: needs a bot token on the server'),
    },
    {
      route: 'website.pixel.sharePixel',
      title: 'Pixels',
      what: 'Facebook, TikTok and other tracking pixels.',
      icon: IconShare,
      state: pixels.data && pixelsLine(pixels.data.pixels),
    },
  ];

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Settings
        </Title>
        <Text c="dimmed" size="sm">
          Everything about how your store runs, in one place.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {areas.map((a) => {
          const ok = can(a.route);
          const Icon = a.icon;
          return (
            <Card key={a.title} padding={0}>
              <UnstyledButton
                component={Link}
                to={ok ? routePath(a.route) : `${routePath('no-access')}?from=${encodeURIComponent(a.route)}`}
                p="lg"
                style={{ display: 'block', borderRadius: 'inherit' }}
                aria-label={`${a.title}: ${ok ? (a.state ?? a.what) : 'no access'}`}
              >
                <Group wrap="nowrap" gap="md" align="flex-start">
                  <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                    <Icon size={22} />
                  </ThemeIcon>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={650}>{a.title}</Text>
                    <Text size="sm" c="dimmed">
                      {a.what}
                    </Text>
                    <Text size="sm" fw={500}>
                      {ok ? (a.state ?? 'Open to see') : 'You do not have access'}
                    </Text>
                  </Stack>
                  {ok ? <IconChevronRight size={18} aria-hidden /> : <IconLock size={16} aria-hidden />}
                </Group>
              </UnstyledButton>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
