import { CANCEL_REASONS, type CancelReason, DEFAULT_TIMEZONE, type OrderDetail, type OrderLineItem } from '@backroom/contracts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Divider,
  Grid,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { BackLink, DetailPending, NoteTagsCard } from '../../components/DetailScreen';
import { MoneyInput } from '../../components/MoneyInput';
import { NumberInput } from '../../components/NumberInput';
import { routePath } from '../../routes';
import { useCanOpen } from '../../shell/guarded';
import { usePreference } from '../../shell/hooks';
import { useCancelOrder, useFulfilOrder, useMarkOrderAsPaid, useOrder, useRefundOrder, useUpdateOrder } from './api';
import { orderDate, orderMoneyMajor } from './format';
import { StatusBadge } from './StatusBadge';

/** Shopify's cancel reasons as the merchant reads them. */
const REASON_LABELS: Record<CancelReason, string> = {
  customer: 'Customer changed or cancelled order',
  inventory: 'Items unavailable',
  fraud: 'Fraudulent order',
  declined: 'Payment declined',
  other: 'Other',
};
const CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL Express', 'Other'];
const CLOSE = { 'aria-label': 'Close' };

function LineThumb({ src }: { src: string | null }) {
  return src ? (
    <Box
      component="img"
      src={src}
      alt=""
      w={48}
      h={48}
      style={{ objectFit: 'cover', borderRadius: 8, flex: 'none', background: 'var(--mantine-color-gray-1)' }}
    />
  ) : (
    <Box
      w={48}
      h={48}
      style={{ display: 'grid', placeItems: 'center', borderRadius: 8, background: 'var(--mantine-color-gray-1)', flex: 'none' }}
    >
      <IconPhoto size={20} stroke={1.5} color="var(--mantine-color-gray-6)" />
    </Box>
  );
}

/**
 * A line item: picture, title, options and personalisation values, print files of a personalised design line (issue
 * 19: rendered with the shopper's values when the order was paid, each a download link), price × quantity, what was
 * shipped/refunded. `moneyBack`: whether the order has refunded money — without it (a voided or unrefunded cancelled
 * order) units taken off the order are "removed", not "refunded" (Shopify's wording).
 */
function Line({
  line,
  currency,
  printFiles = [],
  moneyBack,
}: {
  line: OrderLineItem;
  currency: string;
  printFiles?: OrderDetail['printFiles'];
  moneyBack: boolean;
}) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="line-item">
      <LineThumb src={line.imageSrc} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {line.title}
        </Text>
        {line.options.length > 0 && (
          <Text size="xs" c="dimmed">
            {line.options.map((o) => `${o.name}: ${o.value}`).join(' · ')}
          </Text>
        )}
        {line.properties.map((p) => (
          <Text size="xs" key={p.name}>
            {p.name}: <b>{p.value}</b>
          </Text>
        ))}
        {line.sku && (
          <Text size="xs" c="dimmed">
            SKU: {line.sku}
          </Text>
        )}
        {/* Phones: price × quantity under the title, so the title and badges keep the width (375 px, issue 12 item 3). */}
        <Text size="xs" c="dimmed" hiddenFrom="sm" data-testid="line-price-narrow">
          {orderMoneyMajor(line.price, currency)} × {line.quantity}
        </Text>
        {printFiles.map((p) => (
          <Group key={p.renderId} gap={6} data-testid="print-files">
            <Text size="xs" c="dimmed">
              Print files:
            </Text>
            {p.status === 'done' ? (
              p.files.map((f) => (
                <Anchor key={f.url} href={f.url} download={f.name} size="xs" underline="always">
                  {f.name}
                </Anchor>
              ))
            ) : (
              <Text size="xs">{p.status === 'failed' ? 'Rendering failed' : 'Rendering…'}</Text>
            )}
          </Group>
        ))}
        <Group gap={6} mt={4}>
          {line.fulfilledQuantity > 0 && (
            <Badge size="xs" color="green" variant="light" c="dark.7" tt="none">
              {line.fulfilledQuantity} fulfilled
            </Badge>
          )}
          {line.refundedQuantity > 0 && (
            <Badge size="xs" color="gray" variant="light" c="dark.7" tt="none">
              {line.refundedQuantity} {moneyBack ? 'refunded' : 'removed'}
            </Badge>
          )}
        </Group>
      </Box>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
        {orderMoneyMajor(line.price, currency)} × {line.quantity}
      </Text>
      <Text size="sm" fw={500} miw={70} ta="right" style={{ whiteSpace: 'nowrap' }}>
        {orderMoneyMajor(line.total, currency)}
      </Text>
    </Group>
  );
}

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
}

/** Quantities per line, bounded by what each line allows. */
function QuantityList({
  lines,
  max,
  value,
  onChange,
  currency,
}: {
  lines: OrderLineItem[];
  max: (l: OrderLineItem) => number;
  value: Record<number, number>;
  onChange: (v: Record<number, number>) => void;
  currency: string;
}) {
  return (
    <Stack gap="xs">
      {lines
        .filter((l) => max(l) > 0)
        .map((l) => (
          <Group key={l.id} wrap="nowrap" justify="space-between">
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {l.title}
              </Text>
              <Text size="xs" c="dimmed">
                {[l.variantTitle, orderMoneyMajor(l.price, currency)].filter(Boolean).join(' · ')}
              </Text>
            </Box>
            <NumberInput
              aria-label={`Quantity of ${l.title}${l.variantTitle ? ` (${l.variantTitle})` : ''}`}
              min={0}
              max={max(l)}
              w={110}
              value={value[l.id] ?? 0}
              allowDecimal={false}
              onChange={(v) => onChange({ ...value, [l.id]: v === '' ? 0 : v })}
              description={`of ${max(l)}`}
            />
          </Group>
        ))}
    </Stack>
  );
}

/** "Fulfil items": quantities (all remaining by default), tracking number, carrier, notify the customer. */
function FulfilDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const fulfil = useFulfilOrder(order.id);
  const [qty, setQty] = useState<Record<number, number>>(() =>
    Object.fromEntries(order.lineItems.map((l) => [l.id, l.fulfillableQuantity])),
  );
  const [trackingNumber, setTracking] = useState('');
  const [carrier, setCarrier] = useState<string | null>(null);
  const [notify, setNotify] = useState(true);
  const lineItems = Object.entries(qty)
    .filter(([, n]) => n > 0)
    .map(([id, quantity]) => ({ id: Number(id), quantity }));
  const count = lineItems.reduce((n, l) => n + l.quantity, 0);
  return (
    <Modal opened onClose={onClose} title="Fulfil items" closeButtonProps={CLOSE} size="lg">
      <Stack>
        <QuantityList lines={order.lineItems} max={(l) => l.fulfillableQuantity} value={qty} onChange={setQty} currency={order.currency} />
        <Group grow>
          <TextInput label="Tracking number" value={trackingNumber} onChange={(e) => setTracking(e.currentTarget.value)} />
          <Select label="Shipping carrier" data={CARRIERS} value={carrier} onChange={setCarrier} clearable />
        </Group>
        <Checkbox
          label="Send shipment details to your customer now"
          checked={notify}
          onChange={(e) => setNotify(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={count === 0 || Object.values(qty).some(Number.isNaN)}
            loading={fulfil.isPending}
            onClick={() =>
              fulfil.mutate(
                { lineItems, trackingNumber: trackingNumber.trim() || undefined, carrier: carrier ?? undefined, notifyCustomer: notify },
                { onSuccess: onClose },
              )
            }
          >
            Fulfil {count === 1 ? '1 item' : `${count} items`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Refund": quantities with restock, the amount (suggested from the lines, editable), a reason. */
function RefundDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const refund = useRefundOrder(order.id);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [restock, setRestock] = useState(true);
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const share = order.subtotal > 0 ? (order.subtotal - order.discount) / order.subtotal : 1;
  const suggested = Math.min(
    order.refundable,
    Math.round(order.lineItems.reduce((s, l) => s + (qty[l.id] ?? 0) * l.price * 100 * share, 0)) / 100,
  );
  const value = amount ?? suggested;
  const lineItems = Object.entries(qty)
    .filter(([, n]) => n > 0)
    .map(([id, quantity]) => ({ id: Number(id), quantity, restock }));
  return (
    <Modal opened onClose={onClose} title="Refund" closeButtonProps={CLOSE} size="lg">
      <Stack>
        <QuantityList lines={order.lineItems} max={(l) => l.refundableQuantity} value={qty} onChange={setQty} currency={order.currency} />
        <Checkbox label="Restock items" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
        <MoneyInput
          label="Refund amount"
          description={`${orderMoneyMajor(order.refundable, order.currency)} available for refund`}
          currency={order.currency}
          nullable
          value={value}
          onChange={setAmount}
        />
        <TextInput label="Reason for refund" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={(lineItems.length === 0 && value <= 0) || Number.isNaN(value) || Object.values(qty).some(Number.isNaN)}
            loading={refund.isPending}
            onClick={() => refund.mutate({ lineItems, amount: value, reason: reason.trim() }, { onSuccess: onClose })}
          >
            Refund {orderMoneyMajor(value, order.currency)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Cancel order": Shopify's reason, refund what was paid, restock, notify. */
function CancelDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  const [reason, setReason] = useState<CancelReason>('customer');
  const [refund, setRefund] = useState(true);
  const [restock, setRestock] = useState(true);
  return (
    <Modal opened onClose={onClose} title={`Cancel order ${order.orderName}?`} closeButtonProps={CLOSE}>
      <Stack>
        <Select
          label="Reason for cancellation"
          data={CANCEL_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
          value={reason}
          onChange={(v) => v && setReason(v as CancelReason)}
          allowDeselect={false}
        />
        {order.refundable > 0 && (
          <Checkbox
            label={`Refund ${orderMoneyMajor(order.refundable, order.currency)}`}
            checked={refund}
            onChange={(e) => setRefund(e.currentTarget.checked)}
          />
        )}
        <Checkbox label="Restock items" checked={restock} onChange={(e) => setRestock(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep order
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ reason, refund, restock }, { onSuccess: onClose })}>
            Cancel order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Mark as paid": confirms a manual payment of the order total. */
function MarkPaidDialog({ order, onClose }: { order: OrderDetail; onClose: () => void }) {
  const mark = useMarkOrderAsPaid(order.id);
  return (
    <Modal opened onClose={onClose} title="Mark as paid" closeButtonProps={CLOSE}>
      <Stack>
        <Text size="sm">
          This will create a manual payment of {orderMoneyMajor(order.total, order.currency)} for {order.orderName}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={mark.isPending} onClick={() => mark.mutate(undefined, { onSuccess: onClose })}>
            Mark as paid
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Note and tags of the order, saved with PATCH /api/orders/{id}. */
function NotesCard({ order }: { order: OrderDetail }) {
  const update = useUpdateOrder(order.id);
  return <NoteTagsCard note={order.note} tags={order.tags} saving={update.isPending} onSave={(b) => update.mutate(b)} />;
}

type Dialog = 'fulfil' | 'refund' | 'cancel' | 'paid' | null;

/**
 * Order detail (route website.orders.detail, /admin/orders/detail/{id}; spec §2, §3; issue 12 item 3): line items
 * with pictures, options and personalisation values; subtotal, discounts, shipping, taxes, total, refunded and net
 * payment; the customer, shipping address and payment ('Credit/Debit Card' when a card type is known, §3); the
 * timeline; the fulfil, refund, cancel and mark-as-paid dialogs; notes and tags.
 */
export default function OrderDetailScreen() {
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const order = useOrder(id);
  const timezone = usePreference().data?.standardTimezone || DEFAULT_TIMEZONE;
  // The customer's name links to their page only for users who may open it (issue 31 item 7).
  const canOpenCustomer = useCanOpen('website.customer.detail');
  const [dialog, setDialog] = useState<Dialog>(null);
  const o = order.data;
  const back = { to: routePath('website.orders'), label: 'Orders' };
  if (!o) return <DetailPending back={back} isError={order.isError} noun="order" />;
  const canFulfil = !o.cancelledAt && o.lineItems.some((l) => l.fulfillableQuantity > 0);
  const canPay = !o.cancelledAt && ['pending', 'authorized', 'partially_paid'].includes(o.financialStatus);
  const canCancel = !o.cancelledAt && o.lineItems.every((l) => l.fulfilledQuantity === 0);
  return (
    <Stack maw={1100} gap="md">
      <BackLink {...back} />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={2}>{o.orderName}</Title>
            <StatusBadge status={o.financialStatus} kind="financial" />
            <StatusBadge status={o.fulfillmentStatus} kind="fulfillment" />
            {o.cancelledAt && (
              <Badge color="red" variant="outline" tt="none">
                Cancelled
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {orderDate(o.createdAt, timezone)} · {o.sourceName === 'online_store' ? 'Online Store' : o.sourceName}
          </Text>
        </Stack>
        <Group gap="xs">
          {canPay && (
            <Button variant="default" onClick={() => setDialog('paid')}>
              Mark as paid
            </Button>
          )}
          {o.refundable > 0 || o.lineItems.some((l) => l.refundableQuantity > 0) ? (
            <Button variant="default" onClick={() => setDialog('refund')}>
              Refund
            </Button>
          ) : null}
          {canCancel && (
            <Button variant="default" color="red" onClick={() => setDialog('cancel')}>
              Cancel order
            </Button>
          )}
          {canFulfil && <Button onClick={() => setDialog('fulfil')}>Fulfil items</Button>}
        </Group>
      </Group>
      {o.cancelledAt && (
        <Text size="sm" c="red">
          Cancelled on {orderDate(o.cancelledAt, timezone)}
          {o.cancelReason ? ` — ${REASON_LABELS[o.cancelReason as CancelReason] ?? o.cancelReason}` : ''}
        </Text>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder radius="md">
              <Stack gap="sm">
                <Group gap="xs">
                  <StatusBadge status={o.fulfillmentStatus} kind="fulfillment" />
                  <Text size="sm" c="dimmed">
                    {o.itemsCount === 1 ? '1 item' : `${o.itemsCount} items`}
                  </Text>
                </Group>
                {o.lineItems.map((l) => (
                  <Line
                    key={l.id}
                    line={l}
                    currency={o.currency}
                    moneyBack={o.refunded > 0}
                    printFiles={o.printFiles?.filter((p) => p.lineItemId === l.id)}
                  />
                ))}
                {o.fulfillments.map((f) => (
                  <Text key={f.id} size="xs" c="dimmed">
                    Shipped {orderDate(f.createdAt, timezone)}
                    {f.trackingNumber ? ` · ${f.carrier ? `${f.carrier} ` : ''}` : ''}
                    {f.trackingNumber &&
                      (f.trackingUrl ? (
                        <Anchor href={f.trackingUrl} target="_blank" rel="noreferrer" size="xs" underline="always">
                          {f.trackingNumber}
                        </Anchor>
                      ) : (
                        f.trackingNumber
                      ))}
                  </Text>
                ))}
              </Stack>
            </Card>
            <Card withBorder radius="md">
              <Stack gap={6}>
                <StatusBadge status={o.financialStatus} kind="financial" />
                <Row label="Subtotal" value={orderMoneyMajor(o.subtotal, o.currency)} />
                {o.discount > 0 && (
                  <Row
                    label={`Discount${o.discountCodes.length ? ` (${o.discountCodes.join(', ')})` : ''}`}
                    value={`-${orderMoneyMajor(o.discount, o.currency)}`}
                  />
                )}
                <Row label="Shipping" value={orderMoneyMajor(o.shipping, o.currency)} />
                <Row label="Taxes" value={orderMoneyMajor(o.tax, o.currency)} />
                <Row label="Total" value={orderMoneyMajor(o.total, o.currency)} strong />
                <Divider />
                <Row label="Paid by customer" value={orderMoneyMajor(o.capturedAt ? o.total : 0, o.currency)} />
                {o.refunded > 0 && <Row label="Refunded" value={`-${orderMoneyMajor(o.refunded, o.currency)}`} />}
                <Row label="Net payment" value={orderMoneyMajor(o.netPayment, o.currency)} strong />
              </Stack>
            </Card>
            <Card withBorder radius="md">
              <Title order={4} mb="sm">
                Timeline
              </Title>
              <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Timeline">
                {o.timeline.map((e) => (
                  <Box component="li" key={e.id} style={{ borderLeft: '2px solid var(--mantine-color-gray-3)', paddingLeft: 12 }}>
                    <Text size="sm">{e.message}</Text>
                    <Text size="xs" c="dimmed">
                      {orderDate(e.createdAt, timezone)}
                      {e.author ? ` · ${e.author}` : ''}
                    </Text>
                  </Box>
                ))}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder radius="md">
              <Title order={4} mb="xs">
                Customer
              </Title>
              {o.customer.id && canOpenCustomer ? (
                <Anchor component={Link} to={routePath('website.customer.detail', { id: o.customer.id })} size="sm" fw={600}>
                  {o.customer.name || o.customer.email}
                </Anchor>
              ) : (
                <Text size="sm">{o.customer.name || o.customer.email || 'No customer'}</Text>
              )}
              <Text size="xs" c="dimmed">
                {o.customer.ordersCount === 1 ? '1 order' : `${o.customer.ordersCount} orders`}
              </Text>
              <Text size="sm" mt="xs">
                {o.customer.email}
              </Text>
              {o.customer.phone && <Text size="sm">{o.customer.phone}</Text>}
              <Text size="sm" fw={600} mt="sm">
                Shipping address
              </Text>
              {o.shippingAddress ? (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {[
                    o.shippingAddress.name,
                    o.shippingAddress.address1,
                    `${o.shippingAddress.zip} ${o.shippingAddress.city}`.trim(),
                    o.shippingAddress.country,
                  ]
                    .filter(Boolean)
                    .join('\n')}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  No shipping address
                </Text>
              )}
              <Text size="sm" fw={600} mt="sm">
                Payment
              </Text>
              <Text size="sm">{o.payment.label}</Text>
            </Card>
            <NotesCard key={`${o.note}|${o.tags.join(',')}`} order={o} />
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog === 'fulfil' && <FulfilDialog order={o} onClose={() => setDialog(null)} />}
      {dialog === 'refund' && <RefundDialog order={o} onClose={() => setDialog(null)} />}
      {dialog === 'cancel' && <CancelDialog order={o} onClose={() => setDialog(null)} />}
      {dialog === 'paid' && <MarkPaidDialog order={o} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
