import { MAX_SIZE_CHART_COLUMNS, MAX_SIZE_CHART_ROWS, type SizeChart, SizeChartBody } from '@backroom/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconRuler, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSubmit } from '../../lib/use-submit';
import { useCollectionPicker, useProductPicker, useSizeChartMutations, useSizeCharts } from './api';

interface ChartValues {
  title: string;
  unit: 'cm' | 'in';
  columns: string[];
  rows: string[][];
  note: string;
  products: { id: string; title: string }[];
  collectionIds: string[];
}

const NEW: ChartValues = {
  title: '',
  unit: 'cm',
  columns: ['Size', 'Bust', 'Waist', 'Hips'],
  rows: [
    ['S', '', '', ''],
    ['M', '', '', ''],
    ['L', '', '', ''],
  ],
  note: '',
  products: [],
  collectionIds: [],
};
const rules = schemaResolver(SizeChartBody, { sync: true });
const toBody = (v: ChartValues) => ({
  title: v.title,
  unit: v.unit,
  columns: v.columns,
  rows: v.rows,
  note: v.note,
  productIds: v.products.map((p) => p.id),
  collectionIds: v.collectionIds,
});

/** The chart editor (a modal): title, unit, the table (headings and cells, rows and columns added/removed), note, targets. */
function ChartEditor({ chart, onClose }: { chart: SizeChart | null; onClose: () => void }) {
  const { save } = useSizeChartMutations();
  const { submitted, handleSubmit, busy } = useSubmit();
  const mobile = useMediaQuery('(max-width: 48em)');
  const form = useForm<ChartValues>({
    mode: 'controlled',
    initialValues: chart ? { ...chart, products: chart.products, collectionIds: chart.collections.map((c) => c.id) } : NEW,
    validate: (v) => rules(toBody(v) as never),
    validateInputOnChange: submitted,
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useProductPicker(debounced);
  const cols = useCollectionPicker();
  const v = form.values;
  const productData = [
    ...v.products.map((p) => ({ value: p.id, label: p.title })),
    ...(found.data?.products ?? []).filter((p) => !v.products.some((x) => x.id === p.id)).map((p) => ({ value: p.id, label: p.title })),
  ];
  const setCell = (r: number, c: number, value: string) =>
    form.setFieldValue(
      'rows',
      v.rows.map((row, i) => (i === r ? row.map((x, j) => (j === c ? value : x)) : row)),
    );
  const addColumn = () => {
    form.setFieldValue('columns', [...v.columns, '']);
    form.setFieldValue(
      'rows',
      v.rows.map((r) => [...r, '']),
    );
  };
  const removeColumn = (c: number) => {
    form.setFieldValue(
      'columns',
      v.columns.filter((_, j) => j !== c),
    );
    form.setFieldValue(
      'rows',
      v.rows.map((r) => r.filter((_, j) => j !== c)),
    );
  };
  const submit = handleSubmit(form, async (values) => {
    await save.mutateAsync({ id: chart?.id ?? null, body: toBody(values) });
    onClose();
  });
  const err = (path: string) => form.errors[path];
  return (
    <Modal opened onClose={onClose} title={chart ? 'Edit size chart' : 'Add size chart'} size="xl" fullScreen={mobile}>
      <form onSubmit={submit} aria-label={chart ? 'Edit size chart' : 'Add size chart'} noValidate>
        <Stack gap="md">
          <Group align="flex-start" wrap="wrap">
            <TextInput label="Title" required style={{ flex: '1 1 240px' }} {...form.getInputProps('title')} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Unit
              </Text>
              <SegmentedControl
                aria-label="Unit"
                data={[
                  { value: 'cm', label: 'cm' },
                  { value: 'in', label: 'in' },
                ]}
                {...form.getInputProps('unit')}
              />
            </Stack>
          </Group>
          <Table.ScrollContainer minWidth={Math.max(360, v.columns.length * 110)} type="native">
            <Table aria-label="Size chart table" withTableBorder withColumnBorders>
              <Table.Thead>
                <Table.Tr>
                  {v.columns.map((c, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are edited in place, by position
                    <Table.Th key={j} p={4}>
                      <Group gap={2} wrap="nowrap">
                        <TextInput
                          size="xs"
                          aria-label={`Heading of column ${j + 1}`}
                          value={c}
                          error={err(`columns.${j}`)}
                          onChange={(e) => form.setFieldValue(`columns.${j}`, e.currentTarget.value)}
                        />
                        {v.columns.length > 1 && (
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            color="red"
                            aria-label={`Remove column ${j + 1}`}
                            onClick={() => removeColumn(j)}
                          >
                            <IconTrash size={14} aria-hidden />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Th>
                  ))}
                  <Table.Th w={40} p={4}>
                    <ActionIcon
                      variant="light"
                      aria-label="Add column"
                      disabled={v.columns.length >= MAX_SIZE_CHART_COLUMNS}
                      onClick={addColumn}
                    >
                      <IconPlus size={14} aria-hidden />
                    </ActionIcon>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {v.rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, by position
                  <Table.Tr key={i}>
                    {row.map((cell, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are edited in place, by position
                      <Table.Td key={j} p={4}>
                        <TextInput
                          size="xs"
                          aria-label={`Row ${i + 1}, ${v.columns[j] || `column ${j + 1}`}`}
                          value={cell}
                          error={err(`rows.${i}.${j}`)}
                          onChange={(e) => setCell(i, j, e.currentTarget.value)}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td p={4}>
                      {v.rows.length > 1 && (
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Remove row ${i + 1}`}
                          onClick={() => form.removeListItem('rows', i)}
                        >
                          <IconTrash size={14} aria-hidden />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={v.rows.length >= MAX_SIZE_CHART_ROWS}
              onClick={() =>
                form.insertListItem(
                  'rows',
                  v.columns.map(() => ''),
                )
              }
            >
              Add row
            </Button>
          </Group>
          {(err('rows') || err('columns')) && (
            <Text c="red" size="sm">
              {err('rows') ?? err('columns')}
            </Text>
          )}
          <Textarea label="How to measure" minRows={2} {...form.getInputProps('note')} />
          <MultiSelect
            label="Products"
            description="Shown on these product pages (a product's own chart wins over its collection's)."
            placeholder="Search products"
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={productData}
            value={v.products.map((p) => p.id)}
            onChange={(ids) =>
              form.setFieldValue(
                'products',
                ids.map((id) => v.products.find((p) => p.id === id) ?? { id, title: productData.find((d) => d.value === id)?.label ?? id }),
              )
            }
            nothingFoundMessage={debounced ? 'No product found' : 'Type to search'}
          />
          <MultiSelect
            label="Collections"
            description="Shown on the pages of every product in these collections."
            searchable
            data={(cols.data?.collections ?? []).map((c) => ({ value: c.id, label: c.title }))}
            {...form.getInputProps('collectionIds')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save size chart
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * `website.sizechart` (`/admin/size-chart`, scope `products`; issue 13 item 7): the shop's size charts — tables of
 * measurements in cm or inches attached to products and collections and shown on the storefront product page. Each
 * chart shows its table and where it appears; "Add size chart" and "Edit" open the table editor.
 */
export default function SizeChartsScreen() {
  const charts = useSizeCharts();
  const { remove } = useSizeChartMutations();
  const [editing, setEditing] = useState<SizeChart | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SizeChart | null>(null);
  const list = charts.data?.sizeCharts ?? [];
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Size chart
          </Title>
          <Text c="dimmed" size="sm">
            Measurement tables shown on your product pages, for single products or whole collections.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          Add size chart
        </Button>
      </Group>
      {charts.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The size charts could not be loaded">
          {charts.error.message}
        </Alert>
      )}
      {charts.isPending ? (
        <Skeleton h={180} radius="lg" />
      ) : list.length === 0 ? (
        <Card padding="xl">
          <Stack align="center" ta="center" gap="sm" py="lg">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
              <IconRuler size={28} />
            </ThemeIcon>
            <Title order={2} size="h3">
              Add your first size chart
            </Title>
            <Text c="dimmed" maw={460}>
              Shoppers who know their size return less: attach a chart to your dresses, tees or shoes.
            </Text>
          </Stack>
        </Card>
      ) : (
        list.map((c) => (
          <Card key={c.id} padding="lg" aria-label={`Size chart ${c.title}`} component="section">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Group gap="xs">
                <Title order={2} size="h4">
                  {c.title}
                </Title>
                <Badge variant="light" color="gray" c="dark.7">
                  {c.unit}
                </Badge>
              </Group>
              <Group gap="xs">
                <Button variant="default" size="xs" onClick={() => setEditing(c)}>
                  Edit
                </Button>
                <Button variant="subtle" color="red" size="xs" onClick={() => setDeleting(c)}>
                  Delete
                </Button>
              </Group>
            </Group>
            <Table.ScrollContainer minWidth={360} type="native">
              <Table withTableBorder striped aria-label={`${c.title} measurements`}>
                <Table.Thead>
                  <Table.Tr>
                    {c.columns.map((h, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: headings may repeat
                      <Table.Th key={j}>{h}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.rows.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
                    <Table.Tr key={i}>
                      {r.map((cell, j) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells have no id
                        <Table.Td key={j}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm" c="dimmed" mt="sm">
              Shown on:{' '}
              {[...c.products.map((p) => p.title), ...c.collections.map((x) => `${x.title} (collection)`)].join(', ') || 'no product yet'}
            </Text>
          </Card>
        ))
      )}
      {editing && <ChartEditor chart={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete this size chart?">
        <Text size="sm" mb="md">
          “{deleting?.title}” disappears from every product page it is shown on.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={async () => {
              if (deleting) await remove.mutateAsync(deleting.id).catch(() => undefined);
              setDeleting(null);
            }}
          >
            Delete size chart
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
