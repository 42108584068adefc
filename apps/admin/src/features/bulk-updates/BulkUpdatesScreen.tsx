import { type BulkUpdate, BulkUpdateBody, type BulkUpdateFilter, type PriceChangeMode, type ProductStatus } from '@backroom/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { JobProgress } from '../../components/JobProgress';
import { MoneyInput, useShopCurrency } from '../../components/MoneyInput';
import { NumberInput } from '../../components/NumberInput';
import { useShopDates } from '../../lib/dates';
import { formatCount } from '../../lib/format';
import { useSubmit } from '../../lib/use-submit';
import { useBulkUpdateFinished, useBulkUpdates, useCollectionChoices, useStartBulkUpdate } from './api';

type Action = 'price' | 'compare_at_price' | 'add_tags' | 'remove_tags' | 'status';
type Scope = 'all' | 'collection' | 'status' | 'vendor' | 'productType' | 'search';

/** The form's values: what to change and which products. */
interface Values {
  action: Action;
  mode: PriceChangeMode;
  value: number | string;
  tags: string[];
  status: ProductStatus;
  scope: Scope;
  collection: string | null;
  filterStatus: ProductStatus;
  text: string;
}

const ACTIONS = [
  { value: 'price', label: 'Price' },
  { value: 'compare_at_price', label: 'Compare-at price' },
  { value: 'add_tags', label: 'Add tags' },
  { value: 'remove_tags', label: 'Remove tags' },
  { value: 'status', label: 'Status' },
];
const MODES = [
  { value: 'increase_percent', label: 'Increase by percentage (%)' },
  { value: 'decrease_percent', label: 'Decrease by percentage (%)' },
  { value: 'increase_amount', label: 'Increase by amount' },
  { value: 'decrease_amount', label: 'Decrease by amount' },
  { value: 'set', label: 'Set to' },
];
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
];
const SCOPES = [
  { value: 'all', label: 'All products' },
  { value: 'collection', label: 'Products in a collection' },
  { value: 'status', label: 'Products with a status' },
  { value: 'vendor', label: 'Products from a vendor' },
  { value: 'productType', label: 'Products of a type' },
  { value: 'search', label: 'Products matching a search' },
];

/** The request body of the form: the change, and the filter of the chosen scope. */
function toBody(v: Values): BulkUpdateBody {
  const text = v.text.trim();
  const filter: BulkUpdateFilter =
    v.scope === 'all'
      ? { all: true }
      : v.scope === 'collection'
        ? { collection: v.collection ?? '' }
        : v.scope === 'status'
          ? { status: v.filterStatus }
          : { [v.scope]: text };
  if (v.action === 'price' || v.action === 'compare_at_price')
    return { action: v.action, mode: v.mode, value: typeof v.value === 'number' ? v.value : Number.NaN, filter };
  if (v.action === 'status') return { action: 'status', status: v.status, filter };
  return { action: v.action, tags: v.tags, filter };
}

/** The form field showing a message about the body's `head` field: a filter's under the chosen scope's own field. */
function fieldOf(head: string, scope: Scope): string {
  if (head !== 'filter') return head;
  return scope === 'collection' ? 'collection' : scope === 'all' || scope === 'status' ? 'scope' : 'text';
}

/** Zod issues of the body → form errors on the field that shows them. */
function validate(v: Values): Record<string, string> {
  const r = BulkUpdateBody.safeParse(toBody(v));
  if (r.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    errors[fieldOf(String(issue.path[0] ?? 'action'), v.scope)] ??= issue.message;
  }
  return errors;
}

/** The state of an update: a badge, with a bar while it runs. */
function StateCell({ u }: { u: BulkUpdate }) {
  if (u.state === 'running' || u.state === 'queued') {
    const pct = u.progress.total ? Math.round((u.progress.done / u.progress.total) * 100) : 0;
    return (
      <Stack gap={4} miw={140}>
        <Badge variant="dot" color="blue" c="dark.7" radius="sm" fw={600} tt="none">
          {u.state === 'queued' ? 'Queued' : `Running ${pct}%`}
        </Badge>
        <Progress value={pct} size="sm" aria-label={`Progress of ${u.description}`} />
      </Stack>
    );
  }
  if (u.state === 'failed')
    return (
      <Badge variant="dot" color="red" c="dark.7" radius="sm" fw={600} tt="none">
        Failed
      </Badge>
    );
  return (
    <Badge variant="dot" color={u.report?.errors.length ? 'orange' : 'green'} c="dark.7" radius="sm" fw={600} tt="none">
      {u.report?.errors.length ? 'Completed with errors' : 'Completed'}
    </Badge>
  );
}

/** The result of an update in words: "2 of 3 products updated · 1 unchanged · 1 error". */
function resultText(u: BulkUpdate): string {
  if (u.state === 'failed') return u.error ?? 'Failed';
  const r = u.report;
  if (!r) return `${formatCount(u.progress.done)} of ${u.progress.total === null ? '…' : formatCount(u.progress.total)} products`;
  const parts = [`${formatCount(r.updated)} of ${formatCount(r.matched)} products updated`];
  if (r.unchanged) parts.push(`${formatCount(r.unchanged)} unchanged`);
  if (r.errors.length) parts.push(`${formatCount(r.errors.length)} error${r.errors.length === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

/**
 * `website.bulkupdates` (`/admin/bulk-updates`, scope `products`; issue 13 item 5): start a bulk update — price or
 * compare-at price by percentage or amount (or set), tags added or removed, or a status — over all products, a
 * collection, a status, a vendor, a type or a search; it runs as a background job (`POST /api/bulk-updates` → Job)
 * whose progress shows at once (components/JobProgress). Below, every past and running update with its
 * description, who started it, when, its state (a bar while running) and its result; "Report" lists the products
 * it could not change and why. The grid editor's large saves appear here too.
 */
export default function BulkUpdatesScreen() {
  const dates = useShopDates();
  const updates = useBulkUpdates();
  const collections = useCollectionChoices();
  const start = useStartBulkUpdate();
  const finished = useBulkUpdateFinished();
  const [jobId, setJobId] = useState<string | null>(null);
  const [report, setReport] = useState<BulkUpdate | null>(null);
  const { submitted, handleSubmit, busy } = useSubmit();
  const currency = useShopCurrency();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      action: 'price',
      mode: 'increase_percent',
      value: '',
      tags: [],
      status: 'draft',
      scope: 'collection',
      collection: null,
      filterStatus: 'active',
      text: '',
    },
    validate,
    validateInputOnChange: submitted,
  });
  const v = form.values;
  const submit = handleSubmit(
    form,
    async (values) => {
      const job = await start.mutateAsync(toBody(values));
      setJobId(job.id);
    },
    // The server's 400 (e.g. `body.filter: no product matches`) shows under the field it names.
    (e) => {
      for (const m of e.messages) {
        const at = /^body\.(\w+)[\w.]*: (.*)$/.exec(m);
        if (at?.[1] && at[2]) form.setFieldError(fieldOf(at[1], form.values.scope), at[2]);
      }
    },
  );
  const price = v.action === 'price' || v.action === 'compare_at_price';
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Bulk Updates
        </Title>
        <Text c="dimmed" size="sm">
          Change prices, tags or status of many products at once. Updates run in the background; you can leave this page.
        </Text>
      </Stack>
      <Card padding="lg">
        <form noValidate aria-label="New bulk update" onSubmit={submit}>
          <Stack gap="md">
            <Title order={2} size="h4">
              New bulk update
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select label="Change" data={ACTIONS} allowDeselect={false} {...form.getInputProps('action')} />
              {price && <Select label="How" data={MODES} allowDeselect={false} {...form.getInputProps('mode')} />}
              {price &&
                (v.mode.endsWith('percent') ? (
                  <NumberInput label="Percentage" withAsterisk min={0} decimalScale={2} suffix="%" {...form.getInputProps('value')} />
                ) : (
                  <MoneyInput label="Amount" withAsterisk currency={currency} {...form.getInputProps('value')} />
                ))}
              {(v.action === 'add_tags' || v.action === 'remove_tags') && (
                <TagsInput label="Tags" placeholder="Type a tag, press Enter" withAsterisk {...form.getInputProps('tags')} />
              )}
              {v.action === 'status' && (
                <Select label="New status" data={STATUSES} allowDeselect={false} {...form.getInputProps('status')} />
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select label="Products" data={SCOPES} allowDeselect={false} {...form.getInputProps('scope')} />
              {v.scope === 'collection' && (
                <Select
                  label="Collection"
                  placeholder="Choose a collection"
                  searchable
                  withAsterisk
                  data={(collections.data?.collections ?? []).map((c) => ({ value: c.handle, label: c.title }))}
                  {...form.getInputProps('collection')}
                />
              )}
              {v.scope === 'status' && (
                <Select label="Status" data={STATUSES} allowDeselect={false} {...form.getInputProps('filterStatus')} />
              )}
              {(v.scope === 'vendor' || v.scope === 'productType' || v.scope === 'search') && (
                <TextInput
                  label={v.scope === 'vendor' ? 'Vendor' : v.scope === 'productType' ? 'Product type' : 'Search'}
                  withAsterisk
                  {...form.getInputProps('text')}
                />
              )}
            </SimpleGrid>
            {form.errors.scope && (
              <Text size="sm" c="red.8">
                {form.errors.scope}
              </Text>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={busy} leftSection={<IconPlayerPlay size={16} aria-hidden />}>
                Start update
              </Button>
            </Group>
            {jobId && (
              <JobProgress
                key={jobId}
                jobId={jobId}
                label="Applying the bulk update"
                unit="products"
                onFinished={() => {
                  // The list below shows the finished update and its result; the bar's work is done.
                  setJobId(null);
                  void finished();
                }}
              />
            )}
          </Stack>
        </form>
      </Card>
      <Card padding={0}>
        <Group p="md" pb={0}>
          <Title order={2} size="h4">
            Updates
          </Title>
        </Group>
        {updates.isError && (
          <Alert m="md" color="red" icon={<IconAlertCircle aria-hidden />} title="The bulk updates could not be loaded">
            {updates.error.message}
          </Alert>
        )}
        {updates.isPending ? (
          <Skeleton h={160} m="md" />
        ) : (updates.data?.items.length ?? 0) === 0 ? (
          <Text c="dimmed" p="md">
            No bulk update yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760} type="native">
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Bulk updates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Update</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {updates.data?.items.map((u) => (
                  <Table.Tr key={u.id} data-testid="bulk-update-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {u.description}
                      </Text>
                      {u.createdBy && (
                        <Text size="xs" c="dimmed">
                          by {u.createdBy}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{dates.dateTime(u.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <StateCell u={u} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{resultText(u)}</Text>
                        {!!u.report?.errors.length && (
                          <Button size="compact-xs" variant="subtle" onClick={() => setReport(u)} aria-label={`Report of ${u.description}`}>
                            Report
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {report && (
        <Modal opened onClose={() => setReport(null)} title="Products not changed" closeButtonProps={{ 'aria-label': 'Close' }}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {report.description}
            </Text>
            <List size="sm" spacing={6}>
              {report.report?.errors.map((e) => (
                <List.Item key={e.productId}>
                  <Text span fw={600} size="sm">
                    {e.title || e.productId}
                  </Text>
                  : {e.message}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
