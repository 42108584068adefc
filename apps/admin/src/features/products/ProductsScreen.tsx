import { PRODUCTS_PAGE_SIZE, type ProductSummary } from '@backroom/contracts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileImport, IconPhoto, IconPlus, IconSearch, IconTag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type ListColumn, type ListSelection, ListTable } from '../../components/ListTable';
import { formatCount } from '../../lib/format';
import { PRODUCTS_SEARCH, type ProductFilters, readProductsSearch } from '../../route-search';
import { routePath } from '../../routes';
import { useRouteSearch } from '../../shell/hooks';
import { collectionChoicesOptions, downloadProductsCsv, useImportProducts, useProductMutations, useProducts } from './api';
import { formatPriceRange, productStatus, variantsLabel, writeProductsSearch } from './format';
import { ImportPanel } from './ImportModal';

/** Side of a product thumbnail, px. */
const THUMB_PX = 44;
/** The dialogs' close button needs a name for screen readers. */
const CLOSE = { 'aria-label': 'Close' };

/** A product's first picture, or a neutral placeholder when it has none or it does not load. Decorative (alt ''). */
function Thumb({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <ThemeIcon variant="light" color="gray" size={THUMB_PX} radius="md" aria-hidden>
        <IconPhoto size={20} stroke={1.5} />
      </ThemeIcon>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      w={THUMB_PX}
      h={THUMB_PX}
      style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-md)', flex: 'none', background: 'var(--mantine-color-gray-1)' }}
    />
  );
}

function StatusBadge({ product }: { product: ProductSummary }) {
  const status = productStatus(product);
  return (
    <Badge
      variant="dot"
      color={status === 'Active' ? 'green' : status === 'Draft' ? 'blue' : 'gray'}
      c="dark.7"
      radius="sm"
      tt="none"
      fw={600}
    >
      {status}
    </Badge>
  );
}

/** The product's title, linking to its edit route (website.products.update). */
function TitleLink({ product }: { product: ProductSummary }) {
  return (
    <Anchor
      component={Link}
      to={routePath('website.products.update', { productId: product.id })}
      fw={600}
      size="sm"
      c="inherit"
      style={{ overflowWrap: 'anywhere' }}
    >
      {product.title}
    </Anchor>
  );
}

/** The products table's columns (the bulk-action boxes come first, from ListTable's selection). */
const PRODUCT_COLUMNS: ListColumn<ProductSummary>[] = [
  { header: <VisuallyHidden>Image</VisuallyHidden>, width: THUMB_PX + 32, cell: (p) => <Thumb src={p.image?.src} /> },
  { header: 'Title', cell: (p) => <TitleLink product={p} /> },
  { header: 'Vendor', cell: (p) => <Text size="sm">{p.vendor || '—'}</Text> },
  {
    header: 'Inventory',
    numeric: true,
    cell: (p) => (
      <Text span inherit c={p.inventory <= 0 ? 'red.8' : undefined}>
        {formatCount(p.inventory)} in stock
      </Text>
    ),
  },
  { header: 'Variants', numeric: true, cell: (p) => formatCount(p.variantsCount) },
  { header: 'Price', numeric: true, cell: (p) => formatPriceRange(p) },
  { header: 'Status', cell: (p) => <StatusBadge product={p} /> },
];

/** Under 768 px: one card per product (picture, title, vendor, variants, price, status) instead of the table. */
function ProductCard({ product: p }: { product: ProductSummary }) {
  return (
    <Card padding="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Thumb src={p.image?.src} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <TitleLink product={p} />
          <Text size="sm" c="dimmed" truncate>
            {p.vendor || 'No vendor'} · {variantsLabel(p.variantsCount)}
          </Text>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPriceRange(p)}
            </Text>
            <StatusBadge product={p} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** A text filter applied on Enter or when the field loses focus; '' clears it. */
function FilterText({ label, value, onCommit }: { label: string; value: string | undefined; onCommit: (v: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const commit = () => {
    if (text.trim() !== (value ?? '')) onCommit(text.trim() || undefined);
  };
  return (
    <TextInput
      label={label}
      placeholder="Any"
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      w={150}
    />
  );
}

/** The call to action of a store without products: import a Shopify CSV. */
function EmptyCatalog({ onImport }: { onImport: () => void }) {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconTag size={28} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Add your first products
        </Title>
        <Text c="dimmed" maw={460}>
          Import a product CSV exported from Shopify: titles, descriptions, variants, prices and pictures come in at once.
        </Text>
        <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={onImport} mt="xs">
          Import products
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * `website.products` (`/admin/products`, scope `products`; spec admin-dashboard §2 route list, issue "Product import
 * from a Shopify product CSV"): the store's products, 20 a page, searchable by title, handle, vendor or SKU
 * (`GET /api/products?page&limit&search`), each with its first picture, title, vendor, variants count, price (one
 * price or the min–max range, store currency sign and 2 decimals) and status (Active = published, Draft). The
 * search text and page live in the address (`?search=…&page=…`). "Import" opens the CSV import (ImportPanel);
 * a finished import refreshes this list and the home dashboard's products count. A store with no products gets a
 * call to import. Under 768 px the table becomes a list of cards.
 */
export default function ProductsScreen() {
  const { search, page, ...filters } = readProductsSearch(useRouteSearch(PRODUCTS_SEARCH));
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [importOpen, setImportOpen] = useState(false);
  const importing = useImportProducts();
  const products = useProducts({ search, page, ...filters });
  const collections = useQuery(collectionChoicesOptions());
  const { bulk, remove } = useProductMutations();
  const [ids, setIds] = useState<Set<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const filterKey = JSON.stringify(filters);
  // A new filter or search starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filters
  useEffect(() => setIds(new Set()), [filterKey, search]);
  const selection: ListSelection<ProductSummary> = {
    ids,
    rowLabel: (p) => `Select ${p.title}`,
    pageLabel: 'Select all products on this page',
    onToggle: (id) =>
      setIds((old) => {
        const next = new Set(old);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    onTogglePage: (list, on) =>
      setIds((old) => {
        const next = new Set(old);
        for (const id of list) on ? next.add(id) : next.delete(id);
        return next;
      }),
  };
  const setStatus = async (status: 'active' | 'draft' | 'archived') => {
    await bulk.mutateAsync({ products: [...ids].map((id) => ({ id, status })) });
    setIds(new Set());
  };
  const deleteChosen = async () => {
    for (const id of ids) await remove.mutateAsync(id);
    setIds(new Set());
    setConfirmDelete(false);
  };

  const go = (next: { search: string; page: number } & ProductFilters) =>
    void navigate({ to: routePath('website.products'), search: writeProductsSearch(next) as never, replace: true });
  const filter = (patch: ProductFilters) => go({ search, page: 1, ...filters, ...patch });
  const filtered = Object.keys(filters).length > 0;

  // The typed text reaches the address (and the query) 300 ms after the last keystroke, on page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text navigates
  useEffect(() => {
    if (debounced !== search) go({ ...filters, search: debounced, page: 1 });
  }, [debounced]);
  // The address changed by other means (back / forward): the field follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only
  useEffect(() => {
    if (search !== debounced) setText(search);
  }, [search]);

  const openImport = () => {
    if (!importing.isPending) importing.reset();
    setImportOpen(true);
  };

  const data = products.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
  const emptyStore = !!data && total === 0 && search === '' && !filtered && !products.isPlaceholderData;

  // A page past the end (e.g. a typed address) goes to the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the answer only
  useEffect(() => {
    if (data && !products.isPlaceholderData && total > 0 && page > pages) go({ ...filters, search, page: pages });
  }, [data, total, page, pages]);

  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Products
          </Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {data ? `${formatCount(total)} ${total === 1 ? 'product' : 'products'}${search ? ` matching “${search}”` : ''}` : ' '}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => void downloadProductsCsv()}>
            Export
          </Button>
          <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={openImport}>
            Import
          </Button>
          <Button component={Link} to={routePath('website.products.create')} leftSection={<IconPlus size={16} aria-hidden />}>
            Add product
          </Button>
        </Group>
      </Group>

      {emptyStore ? (
        <EmptyCatalog onImport={openImport} />
      ) : (
        <>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Search products"
              placeholder="Title, handle, vendor or SKU"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              w={{ base: '100%', sm: 300 }}
              type="search"
            />
            <Select
              label="Status"
              placeholder="Any status"
              data={[
                { value: 'active', label: 'Active' },
                { value: 'draft', label: 'Draft' },
                { value: 'archived', label: 'Archived' },
              ]}
              value={filters.status ?? null}
              onChange={(v) => filter({ status: (v ?? undefined) as ProductFilters['status'] })}
              clearable
              w={150}
            />
            <Select
              label="Stock"
              placeholder="Any stock"
              data={[
                { value: 'in_stock', label: 'In stock' },
                { value: 'out_of_stock', label: 'Out of stock' },
              ]}
              value={filters.stock ?? null}
              onChange={(v) => filter({ stock: (v ?? undefined) as ProductFilters['stock'] })}
              clearable
              w={150}
            />
            <Select
              label="Collection"
              placeholder="Any collection"
              data={(collections.data?.collections ?? []).map((c) => ({ value: c.handle, label: c.title }))}
              value={filters.collection ?? null}
              onChange={(v) => filter({ collection: v ?? undefined })}
              clearable
              searchable
              w={190}
            />
            <FilterText label="Vendor" value={filters.vendor} onCommit={(vendor) => filter({ vendor })} />
            <FilterText label="Product type" value={filters.productType} onCommit={(productType) => filter({ productType })} />
          </Group>
          {ids.size > 0 && (
            <Card padding="xs" withBorder role="region" aria-label="Bulk actions">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600} px="xs">
                  {ids.size} selected
                </Text>
                <Button
                  size="xs"
                  component={Link}
                  to={routePath('website.products.bulkEdit')}
                  search={{ ids: [...ids].join(',') } as never}
                >
                  Bulk edit
                </Button>
                <Button size="xs" variant="default" loading={bulk.isPending} onClick={() => void setStatus('active')}>
                  Set as active
                </Button>
                <Button size="xs" variant="default" loading={bulk.isPending} onClick={() => void setStatus('draft')}>
                  Set as draft
                </Button>
                <Button size="xs" variant="default" loading={bulk.isPending} onClick={() => void setStatus('archived')}>
                  Archive
                </Button>
                <Button size="xs" variant="light" color="red" onClick={() => setConfirmDelete(true)}>
                  Delete
                </Button>
                <Button size="xs" variant="subtle" color="gray" onClick={() => setIds(new Set())}>
                  Clear selection
                </Button>
              </Group>
            </Card>
          )}
          <ListTable
            label="Products"
            noun="products"
            query={{ ...products, isFetching: products.isPlaceholderData }}
            rows={data?.products}
            rowKey={(p) => p.id}
            columns={PRODUCT_COLUMNS}
            minWidth={720}
            selection={selection}
            card={(p) => <ProductCard product={p} />}
            emptyTone="no-results"
            empty={{
              icon: <IconSearch size={28} />,
              title: search ? `No products match “${search}”` : 'No products match these filters',
              text: 'Try another title, handle, vendor or SKU, or clear a filter.',
            }}
            paging={{
              total,
              pageSize: PRODUCTS_PAGE_SIZE,
              page: data?.page ?? page,
              onChange: (p) => go({ ...filters, search, page: p }),
              range: true,
            }}
          />
        </>
      )}

      <Modal
        opened={importOpen}
        onClose={() => setImportOpen(false)}
        title={<Text fw={650}>Import products</Text>}
        size="lg"
        radius="lg"
        fullScreen={!!narrow}
        closeButtonProps={CLOSE}
      >
        <ImportPanel mutation={importing} onDone={() => setImportOpen(false)} />
      </Modal>
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={
          <Text fw={650}>
            Delete {ids.size} {ids.size === 1 ? 'product' : 'products'}?
          </Text>
        }
        closeButtonProps={CLOSE}
      >
        <Stack>
          <Text size="sm">Their variants and images are deleted too. This cannot be undone.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void deleteChosen()}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
