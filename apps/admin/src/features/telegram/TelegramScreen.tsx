import {
  TELEGRAM_EVENTS,
  TELEGRAM_LOW_STOCK_MAX,
  type TelegramEvent,
  type TelegramSettings,
  TelegramSettingsBody,
} from '@backroom/contracts';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Code, Group, List, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconBrandTelegram, IconSend } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { NumberInput } from '../../components/NumberInput';
import { useShopDates } from '../../lib/dates';
import { useSubmit } from '../../lib/use-submit';
import { useTelegram, useTelegramMutations } from './api';

/** How often the screen asks whether the chat pressed Start, ms, while a connect link is shown. */
const CONNECT_POLL_MS = 2000;

const EVENT_LABELS: Record<TelegramEvent, { label: string; description: string }> = {
  new_order: { label: 'New order', description: 'Order number, total, items and customer, as soon as it is placed.' },
  order_paid: { label: 'Order paid', description: 'When you mark a manual payment as received.' },
  refund: { label: 'Refund', description: 'The amount refunded and the order.' },
  payout_status: { label: 'Payout status', description: 'When a payout request is approved, paid or rejected.' },
  low_stock: { label: 'Low stock', description: 'When an order takes a variant below your threshold.' },
  daily_summary: { label: 'Daily summary', description: "Yesterday's orders and sales, at the hour you choose." },
};
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }));
const rules = schemaResolver(TelegramSettingsBody, { sync: true });

/** Shown when the server has no TELEGRAM_BOT_TOKEN: what to set, and where. */
function NotConfigured() {
  return (
    <Alert color="blue" icon={<IconAlertCircle aria-hidden />} title="Telegram is not set up on this server">
      <Stack gap="xs">
        <Text size="sm">To send notifications, the server needs a Telegram bot:</Text>
        <List size="sm" type="ordered">
          <List.Item>
            In Telegram, talk to{' '}
            <Anchor href="https://t.me/BotFather" target="_blank" rel="noreferrer" c="inherit" fw={600} underline="always">
              @BotFather
            </Anchor>
            , send <Code>/newbot</Code> and copy the token it gives you.
          </List.Item>
          <List.Item>
            Set <Code>TELEGRAM_BOT_TOKEN=&lt;token&gt;</Code> in the server's environment and restart it.
          </List.Item>
          <List.Item>
            In production also set <Code>PUBLIC_URL</Code> to the server's https address, so Telegram can call its webhook.
          </List.Item>
        </List>
      </Stack>
    </Alert>
  );
}

/** The chat card: connected chat (or the disabled reason), the connect link with its QR code, test and disconnect. */
function Connection({ settings, link, onLink }: { settings: TelegramSettings; link: string | null; onLink: (url: string | null) => void }) {
  const dates = useShopDates();
  const { connect, test, disconnect } = useTelegramMutations();
  const bound = settings.chatTitle !== null || settings.connected;
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <IconBrandTelegram size={24} aria-hidden color="var(--mantine-color-blue-6)" />
            <Title order={2} size="h4">
              Your Telegram chat
            </Title>
          </Group>
          {settings.connected ? (
            <Badge color="green">Connected</Badge>
          ) : settings.disabledReason ? (
            <Badge color="red">Disabled</Badge>
          ) : (
            <Badge color="gray">Not connected</Badge>
          )}
        </Group>
        {settings.disabledReason && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Notifications stopped">
            {settings.disabledReason}
          </Alert>
        )}
        {bound && settings.connectedAt && (
          <Text size="sm">
            Messages go to <b>{settings.chatTitle ?? 'your chat'}</b>, connected {dates.dateTime(settings.connectedAt)}
            {settings.botUsername ? ` through @${settings.botUsername}` : ''}.
          </Text>
        )}
        {link && !settings.connected && (
          <Group align="center" gap="lg" wrap="wrap">
            <QRCodeSVG value={link} size={148} title="QR code of the Telegram connect link" />
            <Stack gap="xs" maw={380}>
              <Text size="sm">
                Scan the code with your phone, or open the link, then press <b>Start</b> in the bot. This page updates by itself.
              </Text>
              <Button component="a" href={link} target="_blank" rel="noreferrer" leftSection={<IconBrandTelegram size={16} aria-hidden />}>
                Open Telegram
              </Button>
              <Text size="xs" c="dimmed">
                The link works once and expires in a few minutes.
              </Text>
            </Stack>
          </Group>
        )}
        <Group gap="sm">
          {!settings.connected && (
            <Button
              variant={link ? 'default' : 'filled'}
              loading={connect.isPending}
              onClick={() => connect.mutate(undefined, { onSuccess: (r) => onLink(r.url) })}
            >
              {link ? 'New link' : bound ? 'Connect again' : 'Connect Telegram'}
            </Button>
          )}
          {settings.connected && (
            <Button
              variant="default"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={test.isPending}
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      closeButtonProps: { 'aria-label': 'Close notification' },
                      message: `Test message sent to ${settings.chatTitle ?? 'your chat'}`,
                    }),
                })
              }
            >
              Send test message
            </Button>
          )}
          {bound && (
            <Button
              variant="subtle"
              color="red"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate(undefined, { onSuccess: () => onLink(null) })}
            >
              Disconnect
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Which events to send, the low-stock threshold and the summary hour (shop time), saved with PUT. */
function EventsForm({ settings }: { settings: TelegramSettings }) {
  const { save } = useTelegramMutations();
  const { submitted, handleSubmit, busy } = useSubmit();
  const form = useForm<TelegramSettingsBody>({
    mode: 'controlled',
    initialValues: { events: settings.events, lowStockThreshold: settings.lowStockThreshold, dailySummaryHour: settings.dailySummaryHour },
    validate: (v) => rules(v as never),
    validateInputOnChange: submitted,
  });
  const events = form.values.events;
  return (
    <Card
      padding="lg"
      component="form"
      aria-label="Telegram events"
      onSubmit={handleSubmit(form, async (v) => {
        await save.mutateAsync(v);
        notifications.show({
          color: 'green',
          closeButtonProps: { 'aria-label': 'Close notification' },
          message: `Telegram events saved (${v.events.length} chosen)`,
        });
      })}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          What to send
        </Title>
        <Checkbox.Group {...form.getInputProps('events')} label="Events" description="Each chosen event becomes one message in your chat.">
          <Stack gap="xs" mt="xs">
            {TELEGRAM_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={EVENT_LABELS[e].label} description={EVENT_LABELS[e].description} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label="Low-stock threshold (units)"
            min={0}
            max={TELEGRAM_LOW_STOCK_MAX}
            allowDecimal={false}
            disabled={!events.includes('low_stock')}
            {...form.getInputProps('lowStockThreshold')}
          />
          <Select
            label={`Daily summary at (${settings.timezone})`}
            data={HOURS}
            allowDeselect={false}
            disabled={!events.includes('daily_summary')}
            value={String(form.values.dailySummaryHour)}
            onChange={(v) => form.setFieldValue('dailySummaryHour', Number(v))}
            error={form.errors.dailySummaryHour}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Save events
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Telegram notifications (route website.notification, issue 18 item 4): connect a chat with a one-time deep link
 * (QR code + button; the screen polls until the chat pressed Start), see why a link was disabled, send a test,
 * choose the events. Without a bot token on the server it says how to set one.
 */
export default function TelegramScreen() {
  const [link, setLink] = useState<string | null>(null);
  const q = useTelegram(link ? CONNECT_POLL_MS : false);
  const settings = q.data;
  useEffect(() => {
    if (link && settings?.connected) {
      notifications.show({
        color: 'green',
        closeButtonProps: { 'aria-label': 'Close notification' },
        message: `Telegram connected: messages now go to ${settings.chatTitle ?? 'your chat'}`,
      });
      setLink(null);
    }
  }, [link, settings?.connected, settings?.chatTitle]);
  return (
    <Stack gap="lg" maw={900} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Telegram
        </Title>
        <Text c="dimmed" size="sm">
          New orders, payouts and low-stock alerts in your Telegram chat, within seconds.
        </Text>
      </Stack>
      {q.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The Telegram settings could not be loaded">
          {q.error.message}
        </Alert>
      )}
      {q.isPending ? (
        <Skeleton h={220} radius="lg" />
      ) : settings ? (
        <>
          {!settings.configured && <NotConfigured />}
          {settings.configured && <Connection settings={settings} link={link} onLink={setLink} />}
          <EventsForm settings={settings} />
        </>
      ) : null}
    </Stack>
  );
}
