import type { ProductSummary } from '@backroom/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconFileImport, IconPhoto, IconSearch, IconTag } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatCount } from '../../lib/format';
import { PRODUCTS_SEARCH, readProductsSearch } from '../../route-search';
import { routePath } from '../../routes';
import { useRouteSearch } from '../../shell/hooks';
import { PRODUCTS_PAGE_SIZE, useImportProducts, useProducts } from './api';
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
    <Badge variant="dot" color={status === 'Active' ? 'green' : 'gray'} c="dark.7" radius="sm" tt="none" fw={600}>
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

function ProductsTable({ products, loading }: { products: ProductSummary[]; loading: boolean }) {
  return (
    <Card padding={0}>
      <Table.ScrollContainer minWidth={720} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Products" aria-busy={loading}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={THUMB_PX + 32}>
                <VisuallyHidden>Image</VisuallyHidden>
              </Table.Th>
              <Table.Th>Title</Table.Th>
              <Table.Th>Vendor</Table.Th>
              <Table.Th ta="right">Variants</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Thumb src={p.image?.src} />
                </Table.Td>
                <Table.Td>
                  <TitleLink product={p} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{p.vendor || '—'}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(p.variantsCount)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {formatPriceRange(p)}
                </Table.Td>
                <Table.Td>
                  <StatusBadge product={p} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** Under 768 px: one card per product (picture, title, vendor, variants, price, status) instead of the table. */
function ProductsList({ products }: { products: ProductSummary[] }) {
  return (
    <Stack gap="sm" component="ul" aria-label="Products" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {products.map((p) => (
        <Card key={p.id} component="li" padding="sm">
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
      ))}
    </Stack>
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
  const { search, page } = readProductsSearch(useRouteSearch(PRODUCTS_SEARCH));
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [importOpen, setImportOpen] = useState(false);
  const importing = useImportProducts();
  const products = useProducts({ search, page });

  const go = (next: { search: string; page: number }) =>
    void navigate({ to: routePath('website.products'), search: writeProductsSearch(next) as never, replace: true });

  // The typed text reaches the address (and the query) 300 ms after the last keystroke, on page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text navigates
  useEffect(() => {
    if (debounced !== search) go({ search: debounced, page: 1 });
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
  const emptyStore = !!data && total === 0 && search === '' && !products.isPlaceholderData;
  // The range of the rows on screen (the previous page stays while the next one loads).
  const first = data && data.products.length > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const last = data ? first + data.products.length - 1 : 0;

  // A page past the end (e.g. a typed address) goes to the last page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the answer only
  useEffect(() => {
    if (data && !products.isPlaceholderData && total > 0 && page > pages) go({ search, page: pages });
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
        <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={openImport}>
          Import
        </Button>
      </Group>

      {products.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The products could not be loaded">
          {products.error.message}
        </Alert>
      )}

      {emptyStore ? (
        <EmptyCatalog onImport={openImport} />
      ) : (
        <>
          <TextInput
            label="Search products"
            placeholder="Title, handle, vendor or SKU"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maw={{ sm: 420 }}
            type="search"
          />
          {products.isPending ? (
            <Stack gap="sm" aria-busy="true" aria-label="Loading products">
              <Skeleton h={56} radius="md" />
              <Skeleton h={56} radius="md" />
              <Skeleton h={56} radius="md" />
            </Stack>
          ) : data && data.products.length === 0 ? (
            <Card padding="xl">
              <Center>
                <Stack gap={4} ta="center">
                  <Text fw={600}>No products match “{search}”</Text>
                  <Text size="sm" c="dimmed">
                    Try another title, handle, vendor or SKU.
                  </Text>
                </Stack>
              </Center>
            </Card>
          ) : data && narrow ? (
            <ProductsList products={data.products} />
          ) : data ? (
            <ProductsTable products={data.products} loading={products.isPlaceholderData} />
          ) : null}
          {data && total > PRODUCTS_PAGE_SIZE && (
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
              </Text>
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(p) => go({ search, page: p })}
                size="sm"
                siblings={narrow ? 0 : 1}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            </Group>
          )}
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
    </Stack>
  );
}
