import type { BaseProduct } from '@backroom/contracts';
import { formatMoney } from '@backroom/contracts';
import { DESIGN_EDITOR_ROUTES, designKindOfBase } from '@backroom/design';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  ColorSwatch,
  Group,
  Image,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconBrush, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MoneyInput, useShopCurrency } from '../../components/MoneyInput';
import { routePath } from '../../routes';
import { useAddBaseProduct, useBaseCatalog } from './api';

/** A base cost in US dollars (the print partner's price list is in USD), by the one money formatter. */
const usd = (n: number) => formatMoney(n, 'USD');

/**
 * The "Add to store" dialog: title, retail price (the smallest size's; bigger sizes add their extra cost), and the
 * sizes and colours to offer. Creates a draft product and opens its editor.
 */
function AddModal({ base, onClose }: { base: BaseProduct; onClose: () => void }) {
  const add = useAddBaseProduct();
  const navigate = useNavigate();
  const [title, setTitle] = useState(base.title);
  const currency = useShopCurrency();
  const [price, setPrice] = useState<number>(base.suggestedPrice);
  const [sizes, setSizes] = useState(base.sizes.map((s) => s.name));
  const [colors, setColors] = useState(base.colors.map((c) => c.name));
  const variants = sizes.length * colors.length;
  const priceN = price;
  const margin = priceN > 0 ? Math.round(((priceN - base.baseCost) / priceN) * 100) : 0;
  const problem = !title.trim()
    ? 'Give the product a title'
    : !(priceN > 0)
      ? 'Set a price above 0'
      : !sizes.length
        ? 'Choose at least one size'
        : !colors.length
          ? 'Choose at least one colour'
          : null;
  return (
    <Modal opened onClose={onClose} title={`Add “${base.title}” to your store`} size="lg">
      <form
        aria-label="Add to store"
        onSubmit={async (e) => {
          e.preventDefault();
          if (problem) return;
          const p = await add.mutateAsync({ id: base.id, body: { title: title.trim(), price: priceN, sizes, colors } }).catch(() => null);
          if (p) {
            onClose();
            void navigate({ to: routePath('website.products.update', { productId: p.id }) });
          }
        }}
      >
        <Stack>
          <TextInput label="Product title" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <Group align="flex-end" wrap="wrap">
            <MoneyInput label="Retail price" currency={currency} value={price} onChange={(v) => setPrice(v ?? Number.NaN)} w={160} />
            <Text size="sm" c="dimmed" pb={8}>
              Cost {usd(base.baseCost)} · margin {margin} %
            </Text>
          </Group>
          <Checkbox.Group label="Sizes" value={sizes} onChange={setSizes}>
            <Group gap="sm" mt={6} wrap="wrap">
              {base.sizes.map((s) => (
                <Checkbox key={s.name} value={s.name} label={s.extraCost ? `${s.name} (+${usd(s.extraCost)})` : s.name} />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group label="Colours" value={colors} onChange={setColors}>
            <Group gap="sm" mt={6} wrap="wrap">
              {base.colors.map((c) => (
                <Checkbox key={c.name} value={c.name} label={c.name} />
              ))}
            </Group>
          </Checkbox.Group>
          <Text size="sm" c={problem ? 'red' : 'dimmed'}>
            {problem ?? `${variants} ${variants === 1 ? 'variant' : 'variants'}, saved as a draft with cost per item filled in.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!!problem} loading={add.isPending}>
              Create draft product
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One base product card: mockup picture, category, title, brand, cost and suggested price, colours, sizes, print areas. */
function BaseCard({ p, onAdd }: { p: BaseProduct; onAdd: () => void }) {
  return (
    <Card padding="lg" component="article" aria-label={p.title}>
      <Card.Section mb="sm">
        <Image src={p.imageSrc} alt={`${p.title} mockup`} h={200} fit="contain" bg="#f3f4f6" loading="lazy" />
      </Card.Section>
      <Stack gap={6} h="100%">
        <Group justify="space-between" gap="xs">
          <Badge variant="light" color="gray" c="dark.7" tt="none">
            {p.category}
          </Badge>
          {p.inShop > 0 && (
            <Badge variant="light" color="green" c="dark.7" tt="none">
              In your store ({p.inShop})
            </Badge>
          )}
        </Group>
        <Title order={2} size="h5">
          {p.title}
        </Title>
        <Text size="xs" c="dimmed">
          {p.brand} · {p.technique} · {p.provider} · {p.productionDays} days
        </Text>
        <Group gap="lg">
          <Text size="sm">
            Cost <b>{usd(p.baseCost)}</b>
          </Text>
          <Text size="sm" c="dimmed">
            Suggested {usd(p.suggestedPrice)}
          </Text>
        </Group>
        <Group gap={4} role="group" aria-label={`${p.colors.length} colours`}>
          {p.colors.map((c) => (
            <Tooltip key={c.name} label={c.name}>
              <ColorSwatch color={c.hex} size={16} role="img" aria-label={c.name} withShadow />
            </Tooltip>
          ))}
        </Group>
        <Text size="xs">Sizes: {p.sizes.map((s) => s.name).join(', ')}</Text>
        <Text size="xs" c="dimmed">
          Print areas: {p.printAreas.map((a) => `${a.name} ${a.widthMm}×${a.heightMm} mm`).join(' · ')}
        </Text>
        <Group mt="auto" gap="xs" grow>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} aria-label={`Add ${p.title} to store`}>
            Add to store
          </Button>
          <Button
            component={Link}
            to={routePath(DESIGN_EDITOR_ROUTES[designKindOfBase(p)])}
            search={{ base: p.id } as never}
            variant="filled"
            leftSection={<IconBrush size={16} aria-hidden />}
            aria-label={`Design ${p.title}`}
          >
            Design
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Links to the three design editors' lists (issue 31 item 5: book-editor and book2-editor opened only by typing
 * their address): product designs (print-hub-editor), books (book-editor), photo books (book2-editor).
 */
function DesignEditorLinks() {
  return (
    <Group gap="md" role="navigation" aria-label="Your designs">
      <Anchor component={Link} to={routePath('print-hub-editor')} size="sm" c="blue.9">
        Product designs
      </Anchor>
      <Anchor component={Link} to={routePath('book-editor')} size="sm" c="blue.9">
        Books
      </Anchor>
      <Anchor component={Link} to={routePath('book2-editor')} size="sm" c="blue.9">
        Photo books
      </Anchor>
    </Group>
  );
}

/**
 * `website.catalog` (`/admin/catalog`, scope `products`; issue 13 item 10): the print-on-demand catalogue of base
 * products (30 items with cost, sizes, colours and print areas), searchable and by category. "Add to store" creates a
 * draft product of the shop with cost per item filled in and opens it; "Design" opens the blank's editor
 * (print-hub-editor, book-editor or book2-editor from its kind: `designKindOfBase`, issue 31 item 5) on its default
 * document, stored only at the first edit (issue 19 item 3).
 */
export default function CatalogScreen() {
  const [category, setCategory] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const catalog = useBaseCatalog({ category: category ?? undefined, search });
  const [adding, setAdding] = useState<BaseProduct | null>(null);
  const list = catalog.data?.products ?? [];
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Catalog
        </Title>
        <Text c="dimmed" size="sm">
          Blank products our print partners make to order. Add one to your store, then put your design on it.
        </Text>
        <DesignEditorLinks />
      </Stack>
      <Group wrap="wrap" gap="sm">
        <TextInput
          aria-label="Search the catalog"
          placeholder="Search the catalog"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
        />
        <Select
          aria-label="Category"
          placeholder="All categories"
          clearable
          data={catalog.data?.categories ?? []}
          value={category}
          onChange={setCategory}
          w={220}
        />
      </Group>
      {catalog.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The catalog could not be loaded">
          {catalog.error.message}
        </Alert>
      )}
      {catalog.isPending ? (
        <Skeleton h={300} radius="lg" />
      ) : list.length === 0 ? (
        <Text c="dimmed">No base product matches.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((p) => (
            <BaseCard key={p.id} p={p} onAdd={() => setAdding(p)} />
          ))}
        </SimpleGrid>
      )}
      {adding && <AddModal base={adding} onClose={() => setAdding(null)} />}
    </Stack>
  );
}
