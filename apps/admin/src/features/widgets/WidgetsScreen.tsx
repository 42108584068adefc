import {
  WIDGET_DAYS_DEFAULT,
  WIDGET_KINDS,
  WIDGET_PLACEMENTS,
  WIDGET_PRODUCTS_MAX,
  WIDGETS_MAX,
  type Widget,
  WidgetBody,
  type WidgetKind,
  type WidgetLayout,
  type WidgetPlacement,
} from '@backroom/contracts';
import { Badge, Button, Group, Modal, MultiSelect, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { NumberInput } from '../../components/NumberInput';
import { useSubmit } from '../../lib/use-submit';
import { KIND_HELP, KIND_NAMES, PLACEMENT_NAMES, useProductPicker, useWidgetMutations, useWidgets } from './api';

/** The form's values: the body's fields, with the handpicked products kept with their titles for the picker. */
interface WidgetForm {
  kind: WidgetKind;
  placement: WidgetPlacement;
  title: string;
  limit: number | '';
  layout: WidgetLayout;
  days: number | '';
  active: boolean;
  products: { id: string; title: string }[];
}

/** The request body of the form's values (productIds only for handpicked widgets; days only where it is read). */
function toBody(v: WidgetForm): WidgetBody {
  return {
    kind: v.kind,
    placement: v.placement,
    title: v.title,
    limit: v.limit === '' ? Number.NaN : v.limit,
    layout: v.layout,
    days: v.days === '' ? Number.NaN : v.days,
    active: v.active,
    ...(v.kind === 'handpicked' ? { productIds: v.products.map((p) => p.id) } : {}),
  };
}

/** The add / edit dialog of one widget; its rules are the contract's WidgetBody (the server validates with it too). */
function WidgetDialog({ widget, onClose }: { widget: Widget | null; onClose: () => void }) {
  const mobile = useMediaQuery('(max-width: 48em)');
  const { save } = useWidgetMutations();
  const { submitted, busy, handleSubmit } = useSubmit();
  const validateBody = schemaResolver(WidgetBody, { sync: true });
  const form = useForm<WidgetForm, WidgetBody>({
    initialValues: {
      kind: widget?.kind ?? 'best_sellers',
      placement: widget?.placement ?? 'product_below_description',
      title: widget?.title ?? KIND_NAMES.best_sellers,
      limit: widget?.limit ?? 4,
      layout: widget?.layout ?? 'grid',
      days: widget?.days ?? WIDGET_DAYS_DEFAULT,
      active: widget?.active ?? true,
      products: widget?.products.map((p) => ({ id: p.id, title: p.title })) ?? [],
    },
    validateInputOnChange: submitted,
    validate: (values) => {
      const errors = validateBody(toBody(values));
      // The picker is the field the merchant sees for productIds.
      if (errors.productIds) errors.products = errors.productIds;
      return errors;
    },
    transformValues: toBody,
  });
  const v = form.getValues();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useProductPicker(debounced);
  const productData = [
    ...v.products.map((p) => ({ value: p.id, label: p.title })),
    ...(found.data?.items ?? []).filter((p) => !v.products.some((x) => x.id === p.id)).map((p) => ({ value: p.id, label: p.title })),
  ];
  const title = widget ? `Edit widget “${widget.title}”` : 'Add widget';
  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={!!mobile} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        aria-label={title}
        noValidate
        onSubmit={handleSubmit(form, async (body) => {
          await save.mutateAsync({ id: widget?.id ?? null, body });
          onClose();
        })}
      >
        <Stack>
          <Select
            label="Shows"
            description={KIND_HELP[v.kind]}
            data={WIDGET_KINDS.map((k) => ({ value: k, label: KIND_NAMES[k] }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
            onChange={(k) => {
              if (!k) return;
              const kind = k as WidgetKind;
              // A title still at a kind's default follows the kind.
              if (WIDGET_KINDS.some((x) => KIND_NAMES[x] === form.getValues().title)) form.setFieldValue('title', KIND_NAMES[kind]);
              form.setFieldValue('kind', kind);
            }}
          />
          <Select
            label="Placement"
            data={WIDGET_PLACEMENTS.map((p) => ({ value: p, label: PLACEMENT_NAMES[p] }))}
            allowDeselect={false}
            {...form.getInputProps('placement')}
          />
          <TextInput
            label="Title"
            description="The heading shoppers see above the products."
            withAsterisk
            {...form.getInputProps('title')}
          />
          <Group grow align="flex-start">
            <NumberInput label="Products shown" min={1} max={WIDGET_PRODUCTS_MAX} allowDecimal={false} {...form.getInputProps('limit')} />
            {(v.kind === 'best_sellers' || v.kind === 'also_bought') && (
              <NumberInput label="Orders of the last (days)" min={1} max={365} allowDecimal={false} {...form.getInputProps('days')} />
            )}
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="widget-layout">
              Layout
            </Text>
            <SegmentedControl
              aria-labelledby="widget-layout"
              data={[
                { value: 'grid', label: 'Grid' },
                { value: 'carousel', label: 'One scrolling row' },
              ]}
              {...form.getInputProps('layout')}
            />
          </Stack>
          {v.kind === 'handpicked' && (
            <MultiSelect
              label="Products"
              description={`In the order shoppers see them (at most ${WIDGET_PRODUCTS_MAX}).`}
              placeholder="Search products"
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              data={productData}
              value={v.products.map((p) => p.id)}
              error={form.errors.products}
              onChange={(ids) =>
                form.setFieldValue(
                  'products',
                  ids.map(
                    (id) => v.products.find((p) => p.id === id) ?? { id, title: productData.find((d) => d.value === id)?.label ?? id },
                  ),
                )
              }
              nothingFoundMessage={found.isError ? 'Products could not be searched' : debounced ? 'No product found' : 'Type to search'}
            />
          )}
          <Switch label="Shown on the storefront" {...form.getInputProps('active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save widget
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Product Widget (route website.apps.widgets.list, scope `apps`; issue 18 item 2; the theme editor's "Product Widget
 * link" of theme-editor §2 lands here): the shop's widgets — best sellers, recently viewed, frequently bought
 * together, handpicked, more from the collection — with where the storefront shows them (above or below the product
 * description, the cart, the home page), how many products and in which layout. Added and edited in a dialog,
 * deleted after a confirmation; the storefront renders them in both themes as a lazy island after the page shows.
 */
export default function WidgetsScreen() {
  const widgets = useWidgets();
  const { remove } = useWidgetMutations();
  const [editing, setEditing] = useState<Widget | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Widget | null>(null);
  const list = widgets.data?.widgets;
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>Product Widget</Title>
          <Text c="dimmed" size="sm">
            Rows of products on your product pages, cart and home page, in both themes. They load after the page shows.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!widgets.data || (list?.length ?? 0) >= WIDGETS_MAX}>
          Add widget
        </Button>
      </Group>
      <ListTable<Widget>
        label="Widgets"
        noun="widgets"
        query={widgets}
        rows={list}
        rowKey={(w) => w.id}
        minWidth={760}
        empty={{
          icon: <IconLayoutGrid size={40} aria-hidden />,
          title: 'Add your first widget',
          text: 'Show best sellers under the product description, or products you pick in the cart.',
        }}
        paging={{ total: list?.length ?? 0, pageSize: WIDGETS_MAX, page: 1, onChange: () => {} }}
        columns={[
          { header: 'Title', cell: (w) => w.title, td: { fw: 500 } },
          {
            header: 'Shows',
            cell: (w) => (
              <Stack gap={0}>
                <Text size="sm">{KIND_NAMES[w.kind]}</Text>
                {w.kind === 'handpicked' && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {w.products.map((p) => p.title).join(', ')}
                  </Text>
                )}
                {(w.kind === 'best_sellers' || w.kind === 'also_bought') && (
                  <Text size="xs" c="dimmed">
                    Orders of the last {w.days} days
                  </Text>
                )}
              </Stack>
            ),
          },
          { header: 'Placement', cell: (w) => PLACEMENT_NAMES[w.placement] },
          { header: 'Products', cell: (w) => `${w.limit} · ${w.layout === 'grid' ? 'grid' : 'scrolling row'}` },
          {
            header: 'Status',
            cell: (w) =>
              w.active ? (
                <Badge variant="light" color="blue">
                  Shown
                </Badge>
              ) : (
                <Badge variant="default">Hidden</Badge>
              ),
          },
          {
            header: 'Actions',
            cell: (w) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing(w)} aria-label={`Edit widget ${w.title}`}>
                  Edit
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(w)} aria-label={`Delete widget ${w.title}`}>
                  Delete
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {editing && <WidgetDialog widget={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} title="Delete widget?" closeButtonProps={{ 'aria-label': 'Close' }}>
          <Stack>
            <Text size="sm">
              “{deleting.title}” disappears from the storefront ({PLACEMENT_NAMES[deleting.placement].toLowerCase()}).
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={async () => {
                  await remove.mutateAsync(deleting).catch(() => {});
                  setDeleting(null);
                }}
              >
                Delete widget
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
