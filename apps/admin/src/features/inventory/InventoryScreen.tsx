import {
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  INVENTORY_PAGE_SIZE,
  InventoryAdjustBody,
  type InventoryItem,
} from '@backroom/contracts';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type ListColumn, ListTable } from '../../components/ListTable';
import { NumberInput } from '../../components/NumberInput';
import { useShopDates } from '../../lib/dates';
import { formatCount } from '../../lib/format';
import { useSubmit } from '../../lib/use-submit';
import { type InventoryQuery, useAdjustStock, useInventory, useStockHistory } from './api';

/** Reasons in words (Shopify's adjustment reasons). */
const REASON_LABELS: Record<AdjustmentReason, string> = {
  received: 'Received',
  correction: 'Correction',
  count: 'Inventory count',
  damaged: 'Damaged',
  theft: 'Theft or loss',
  returned: 'Returned',
  promotion: 'Promotion or donation',
  other: 'Other',
};
/** History reasons the system writes (orders, restocks, product edits, imports), in words. */
const SYSTEM_REASONS: Record<string, string> = {
  order: 'Order',
  restock: 'Restock',
  product_edit: 'Product edit',
  import: 'Import',
};
const reasonText = (r: string) => REASON_LABELS[r as AdjustmentReason] ?? SYSTEM_REASONS[r] ?? r;
const signed = (n: number) => (n > 0 ? `+${formatCount(n)}` : formatCount(n));

interface AdjustValues {
  mode: 'delta' | 'count';
  amount: number | string;
  reason: AdjustmentReason;
  note: string;
}
const adjustRules = schemaResolver(InventoryAdjustBody, { sync: true });

/** The request body of the dialog's values: `delta` (adjust by) or `quantity` (counted). */
function toBody(variantId: string, v: AdjustValues): InventoryAdjustBody {
  const n = typeof v.amount === 'number' ? v.amount : Number.NaN;
  return {
    variantId,
    ...(v.mode === 'delta' ? { delta: n } : { quantity: n }),
    reason: v.reason,
    note: v.note.trim() || undefined,
  } as InventoryAdjustBody;
}

/**
 * The adjustment dialog of one variant: "Adjust by" (+/−, e.g. 12 received) or "Set counted quantity" (an
 * inventory count), a reason and a note; shows the quantity it will leave. Rules from the contract
 * (`InventoryAdjustBody`); the server applies it atomically and writes the history row in the same transaction.
 */
function AdjustDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const adjust = useAdjustStock();
  const mobile = useMediaQuery('(max-width: 48em)');
  const { submitted, handleSubmit, busy } = useSubmit();
  const form = useForm<AdjustValues>({
    mode: 'controlled',
    initialValues: { mode: 'delta', amount: '', reason: 'received', note: '' },
    validate: (v) => {
      // The body's `delta` / `quantity` is the dialog's `amount`.
      const { delta, quantity, ...rest } = adjustRules(toBody(item.variantId, v) as never);
      const amount = delta ?? quantity;
      return amount ? { ...rest, amount } : rest;
    },
    validateInputOnChange: submitted,
  });
  const v = form.values;
  const n = typeof v.amount === 'number' ? v.amount : null;
  const after = n === null ? null : v.mode === 'delta' ? item.inventoryQuantity + n : n;
  const submit = handleSubmit(form, async (values) => {
    await adjust.mutateAsync(toBody(item.variantId, values));
    onClose();
  });
  const title = `Adjust ${item.productTitle}`;
  return (
    <Modal opened onClose={onClose} title={title} fullScreen={!!mobile} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate aria-label="Adjust stock" onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {item.variantTitle}
            {item.sku ? ` · SKU ${item.sku}` : ''} · {formatCount(item.inventoryQuantity)} available now
          </Text>
          <SegmentedControl
            aria-label="How to change the stock"
            data={[
              { value: 'delta', label: 'Adjust by' },
              { value: 'count', label: 'Set counted quantity' },
            ]}
            value={v.mode}
            onChange={(m) => {
              form.setFieldValue('mode', m as AdjustValues['mode']);
              if (m === 'count') form.setFieldValue('reason', 'count');
            }}
          />
          <NumberInput
            label={v.mode === 'delta' ? 'Adjust by' : 'Counted quantity'}
            description={v.mode === 'delta' ? 'Positive to add (e.g. 12 received), negative to remove.' : 'What is on the shelf now.'}
            allowDecimal={false}
            withAsterisk
            {...form.getInputProps('amount')}
          />
          <Select
            label="Reason"
            data={ADJUSTMENT_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))}
            allowDeselect={false}
            {...form.getInputProps('reason')}
          />
          <Textarea label="Note" placeholder="e.g. Supplier delivery #1042" rows={2} {...form.getInputProps('note')} />
          <Text size="sm" role="status">
            {after === null ? ' ' : `New quantity: ${formatCount(after)}`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The stock history card: newest first, of one variant (chosen in the list) or of every variant. */
function HistoryCard({ variant, onAll }: { variant: InventoryItem | null; onAll: () => void }) {
  const dates = useShopDates();
  const [page, setPage] = useState(1);
  const history = useStockHistory({ page, variantId: variant?.variantId ?? null });
  const total = history.data?.total ?? 0;
  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {variant ? `History of ${variant.productTitle} · ${variant.variantTitle}` : 'History'}
          </Title>
          {variant && (
            <Button variant="subtle" size="compact-sm" onClick={onAll}>
              Show all variants
            </Button>
          )}
        </Group>
        {history.isPending ? (
          <Skeleton h={120} />
        ) : total === 0 ? (
          <Text size="sm" c="dimmed">
            No stock change yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720} type="native">
            <Table verticalSpacing="xs" aria-label="Stock history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Change</Table.Th>
                  <Table.Th ta="right">Quantity after</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(history.data?.items ?? []).map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Text size="sm">{dates.dateTime(a.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {a.productTitle}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {a.variantTitle}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" c={a.delta < 0 ? 'red.9' : undefined} fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {signed(a.delta)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatCount(a.quantityAfter)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{reasonText(a.reason)}</Text>
                      {a.note && (
                        <Text size="xs" c="dimmed">
                          {a.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{a.userName || (a.orderId ? 'Checkout' : 'System')}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > INVENTORY_PAGE_SIZE && (
          <Group justify="flex-end">
            <Pagination
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              total={Math.ceil(total / INVENTORY_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              size="sm"
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The inventory table's columns: the variant (picture, product, variant, "Sells when out of stock"), SKU, stock, actions. */
const INVENTORY_COLUMNS = (onAdjust: (i: InventoryItem) => void, onHistory: (i: InventoryItem) => void): ListColumn<InventoryItem>[] => [
  {
    header: 'Product',
    cell: (i) => (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={i.image} radius="sm" size={36} alt="" />
        <div>
          <Text size="sm" fw={600}>
            {i.productTitle}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {i.variantTitle}
            </Text>
            {i.inventoryPolicy === 'continue' && (
              <Badge size="xs" variant="light" color="gray" tt="none">
                Sells when out of stock
              </Badge>
            )}
          </Group>
        </div>
      </Group>
    ),
  },
  {
    header: 'SKU',
    cell: (i) => (
      <Text size="sm" ff="monospace">
        {i.sku || '—'}
      </Text>
    ),
  },
  {
    header: 'Available',
    numeric: true,
    td: { fw: 600 },
    cell: (i) => (
      <Text span inherit c={i.inventoryQuantity <= 0 ? 'red.9' : undefined}>
        {formatCount(i.inventoryQuantity)}
      </Text>
    ),
  },
  {
    header: <VisuallyHidden>Actions</VisuallyHidden>,
    cell: (i) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Button size="compact-sm" variant="light" aria-label={`Adjust ${i.productTitle} ${i.variantTitle}`} onClick={() => onAdjust(i)}>
          Adjust
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          aria-label={`History of ${i.productTitle} ${i.variantTitle}`}
          onClick={() => onHistory(i)}
        >
          History
        </Button>
      </Group>
    ),
  },
];

/**
 * `website.inventory` (`/admin/inventory`, scope `products`; issue 13 item 4): every variant's available stock
 * (product A→Z, 50 a page), searchable by product title or SKU, filtered by in/out of stock. "Adjust" opens the
 * adjustment dialog (by an amount or to a counted quantity, with a reason and a note); "History" shows that
 * variant's append-only history (who changed what, when, why) in the history card below, which otherwise lists
 * every change of the store.
 */
export default function InventoryScreen() {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [q, setQ] = useState<Omit<InventoryQuery, 'search'>>({ page: 1, stock: null });
  const [adjusting, setAdjusting] = useState<InventoryItem | null>(null);
  const [historyOf, setHistoryOf] = useState<InventoryItem | null>(null);
  const list = useInventory({ ...q, search });
  const total = list.data?.total ?? 0;
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Inventory
        </Title>
        <Text c="dimmed" size="sm">
          Stock available per variant. Orders take stock and restocks return it; your adjustments keep a reason.
        </Text>
      </Stack>
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search inventory"
          placeholder="Search by product or SKU"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setQ((x) => ({ ...x, page: 1 }));
          }}
          style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
        />
        <SegmentedControl
          aria-label="Stock"
          data={[
            { value: 'all', label: 'All' },
            { value: 'in_stock', label: 'In stock' },
            { value: 'out_of_stock', label: 'Out of stock' },
          ]}
          value={q.stock ?? 'all'}
          onChange={(s) => setQ({ page: 1, stock: s === 'all' ? null : (s as InventoryQuery['stock']) })}
        />
      </Group>
      <ListTable
        label="Inventory"
        noun="inventory"
        query={list}
        rows={list.data?.items}
        rowKey={(i) => i.variantId}
        minWidth={640}
        columns={INVENTORY_COLUMNS(setAdjusting, setHistoryOf)}
        emptyTone="no-results"
        empty={
          search || q.stock
            ? { icon: <IconSearch size={28} />, title: 'No variant matches these filters.', text: 'Try another product title or SKU.' }
            : { icon: <IconSearch size={28} />, title: 'No products yet', text: 'Stock shows here once you add products.' }
        }
        paging={{ total, pageSize: INVENTORY_PAGE_SIZE, page: q.page, onChange: (page) => setQ((x) => ({ ...x, page })), range: true }}
      />
      <HistoryCard key={historyOf?.variantId ?? 'all'} variant={historyOf} onAll={() => setHistoryOf(null)} />
      {adjusting && <AdjustDialog item={adjusting} onClose={() => setAdjusting(null)} />}
    </Stack>
  );
}
