import type { LiveSummary, LiveTopRow, MetricKey } from '@backroom/contracts';
import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { FigureHelp } from '../../components/FigureHelp';
import { DEFAULT_CURRENCY } from '../../lib/constants';
import { formatCount, formatMoneyMajor } from '../../lib/format';
import { readAccount } from '../../lib/session';
import { type StreamState, useLiveStream, useLiveSummary } from './api';

/** One big figure of the live view. */
function Figure({ label, value, hint, metric }: { label: string; value: string; hint?: string; metric?: MetricKey }) {
  return (
    <Card withBorder padding="lg" role="group" aria-label={label}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {metric && <FigureHelp metric={metric} />}
      </Group>
      <Text fz={40} fw={700} lh={1.2} data-testid={`live-${label}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** A top list (landing pages, sources, locations) with an honest empty line. */
function TopList({
  title,
  column,
  rows,
  unit,
  empty,
  metric,
}: {
  title: string;
  column: string;
  rows: LiveTopRow[];
  unit: string;
  empty: string;
  metric?: MetricKey;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Group gap={4} mb="sm" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        {metric && <FigureHelp metric={metric} />}
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{column}</Table.Th>
              <Table.Th ta="right">{unit}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{r.label}</Table.Td>
                <Table.Td ta="right">{formatCount(r.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** Shopify's names of the referrer classes a source without UTM falls back to; UTM sources are shown as sent. */
const REFERRER_CLASS_LABELS: Record<string, string> = {
  direct: 'Direct',
  search: 'Search',
  social: 'Social',
  email: 'Email',
  other: 'Other',
};

/** The connection badge: "Live" while events arrive, "Reconnecting…" after a loss. */
function StreamBadge({ state }: { state: StreamState }) {
  return (
    // Filled dark colours: white on teal.9 / gray.7 keeps 4.5:1 (the light variant's green text did not).
    <Badge color={state === 'live' ? 'teal.9' : 'gray.7'} variant="filled" size="lg" role="status" aria-live="polite">
      {state === 'live' ? 'Live' : 'Reconnecting…'}
    </Badge>
  );
}

function Figures({ s }: { s: LiveSummary }) {
  // The shop's sign from the chosen store's info (as the home screen), the code from the summary.
  const known = readAccount().info?.currency ?? DEFAULT_CURRENCY;
  const currency = known.code === s.currency ? known : { code: s.currency };
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <Figure
          label="Visitors right now"
          metric="visitorsNow"
          value={formatCount(s.visitorsNow)}
          hint="Sessions active in the last 5 minutes"
        />
        <Figure
          label="Total sales"
          metric="totalSales"
          value={formatMoneyMajor(s.totalSalesToday, currency)}
          hint={`Today (${s.timezone})`}
        />
        <Figure label="Sessions" metric="sessions" value={formatCount(s.sessionsToday)} hint="Today" />
        <Figure label="Orders" metric="orders" value={formatCount(s.ordersToday)} hint="Today" />
      </SimpleGrid>
      <Card withBorder padding="md" component="section" aria-label="Customer behavior">
        <Title order={2} size="h4" mb="sm">
          Customer behavior
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Figure label="Active carts" value={formatCount(s.activeCarts)} />
          <Figure label="Checking out" value={formatCount(s.checkingOut)} />
          <Figure label="Purchased" value={formatCount(s.purchased)} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xs">
          Sessions active in the last 10 minutes, by the furthest step they reached.
        </Text>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <TopList
          title="Top landing pages"
          column="Landing page"
          rows={s.topLandingPages}
          unit="Sessions"
          empty="No landing pages recorded today yet."
        />
        <TopList
          title="Top sources"
          column="Source"
          rows={s.topSources.map((r) => ({ ...r, label: REFERRER_CLASS_LABELS[r.label] ?? r.label }))}
          unit="Sessions"
          empty="No sources recorded today yet."
        />
        <TopList
          title="Top locations"
          metric="topLocations"
          column="Location"
          rows={s.topCountries}
          unit="Orders"
          empty="No orders with an address today yet."
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Live View (route website.live-view, scope `live_view`, issue 17 item 5; the shell hides the top bar here, spec §2):
 * visitors right now, today's sessions, orders and sales in the shop's timezone, carts and checkouts in progress,
 * top landing pages, sources and locations — read once from `GET /api/live/summary`, then replaced by every event
 * of `GET /api/live/stream`, so the figures move within seconds of a shopper's click without a reload.
 */
export default function LiveViewScreen() {
  const summary = useLiveSummary();
  const state = useLiveStream();
  return (
    <Stack gap="lg" p={{ base: 'xs', sm: 'md' }}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Live View</Title>
        <StreamBadge state={state} />
      </Group>
      {summary.isError && !summary.data ? (
        <Alert color="red" title="The live figures could not be loaded">
          {summary.error.message}
        </Alert>
      ) : summary.data ? (
        <Figures s={summary.data} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={110} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
