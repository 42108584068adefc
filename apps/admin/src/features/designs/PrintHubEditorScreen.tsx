import { type BaseProduct, type DesignPublishResponse, majorToCents } from '@backroom/contracts';
import type { DesignDocument, ProductSettings } from '@backroom/design';
import {
  Accordion,
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconShirt } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useStore } from 'zustand';
import { MoneyInput, useShopCurrency } from '../../components/MoneyInput';
import { ApiError } from '../../lib/api';
import { formatMoneyMajor } from '../../lib/format';
import { DESIGN_EDITOR_SEARCH } from '../../route-search';
import { routePath } from '../../routes';
import { useRouteSearch } from '../../shell/hooks';
import { baseProductOptions, usePublishDesign } from './api';
import { DesignList } from './DesignList';
import { EditorError, EditorLoading } from './EditorStates';
import { AddPanel } from './engine/AddPanel';
import { DesignCanvas } from './engine/Canvas';
import { EditorFrame, type Flush } from './engine/EditorFrame';
import { useDesignFonts } from './engine/fonts';
import { Inspector } from './engine/Inspector';
import { LayerList } from './engine/LayerList';
import { SurfaceView } from './engine/SurfaceView';
import { type DesignStore, docOf, surfaceOf, useDesign, useDesignStore } from './engine/store';
import { RenderProgress } from './RenderProgress';
import { useOpenBlank, useOpenDesign, whenSaved } from './use-open-design';

/** Side of the live mockup in the right panel, px. */
const MOCKUP_PX = 260;

const productOf = (doc: DesignDocument): ProductSettings =>
  doc.product ?? { baseProductId: null, colors: [], sizes: [], marginCents: 1000 };

/**
 * The live mockup (issue 19 item 3 "mockups per colour with the print area placed on them (live while designing)"):
 * the base product's drawing in the chosen colour, and the current area's design drawn where that area lies on it.
 */
function MockupPanel({ base, fontsLoaded }: { base: BaseProduct; fontsLoaded: number }) {
  const surface = useDesign(surfaceOf);
  const fields = useDesign((s) => docOf(s).fields);
  const chosen = useDesign((s) => productOf(docOf(s)).colors);
  const [colour, setColour] = useState(chosen[0] ?? base.colors[0]?.name ?? '');
  const area = base.printAreas.find((a) => a.key === surface.areaKey) ?? base.printAreas[0];
  const box = area?.mockup;
  return (
    <Stack gap="xs">
      <Box pos="relative" w={MOCKUP_PX} h={MOCKUP_PX} style={{ borderRadius: 8, overflow: 'hidden' }}>
        <Image
          src={`${base.imageSrc}?color=${encodeURIComponent(colour)}&plain=1`}
          alt={`${base.title} in ${colour}`}
          w={MOCKUP_PX}
          h={MOCKUP_PX}
        />
        {box && (
          <Box pos="absolute" left={(box.left / 100) * MOCKUP_PX} top={(box.top / 100) * MOCKUP_PX} style={{ pointerEvents: 'none' }}>
            <SurfaceView
              surface={surface}
              doc={{ fields }}
              width={(box.width / 100) * MOCKUP_PX}
              height={(box.height / 100) * MOCKUP_PX}
              fontsLoaded={fontsLoaded}
              label={`${surface.name} design on the ${colour} mockup`}
            />
          </Box>
        )}
      </Box>
      <Group gap={6} role="group" aria-label="Mockup colour">
        {base.colors.map((c) => (
          <Tooltip key={c.name} label={c.name}>
            <ColorSwatch
              component="button"
              type="button"
              color={c.hex}
              size={22}
              withShadow
              aria-label={c.name}
              aria-pressed={c.name === colour}
              onClick={() => setColour(c.name)}
              style={{
                cursor: 'pointer',
                outline: c.name === colour ? '2px solid var(--mantine-color-blue-6)' : undefined,
                outlineOffset: 2,
              }}
            />
          </Tooltip>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Variants and prices (issue 19 item 3 "variants chosen by colour and size with retail price and margin over the
 * base cost shown"): the colours and sizes to sell and one margin added to each variant's base cost (the base item's
 * cost plus its size's extra); the table shows each size's cost, retail price and margin.
 */
function VariantsPanel({ base }: { base: BaseProduct }) {
  const store = useDesignStore();
  const product = useDesign((s) => productOf(docOf(s)));
  const set = (p: Partial<ProductSettings>, label: string, coalesce?: string) =>
    store.getState().edit((doc) => ({ ...doc, product: { ...productOf(doc), baseProductId: base.id, ...p } }), label, coalesce);
  const margin = product.marginCents / 100;
  const currency = useShopCurrency();
  const sizes = product.sizes.length ? base.sizes.filter((s) => product.sizes.includes(s.name)) : base.sizes;
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label="Colours"
        value={product.colors}
        onChange={(v) => set({ colors: base.colors.map((c) => c.name).filter((n) => v.includes(n)) }, 'Colours')}
      >
        <SimpleGrid cols={2} spacing={4} mt={4}>
          {base.colors.map((c) => (
            <Checkbox key={c.name} value={c.name} label={c.name} size="xs" />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Checkbox.Group
        label="Sizes"
        value={product.sizes}
        onChange={(v) => set({ sizes: base.sizes.map((s) => s.name).filter((n) => v.includes(n)) }, 'Sizes')}
      >
        <Group gap={8} mt={4}>
          {base.sizes.map((s) => (
            <Checkbox key={s.name} value={s.name} label={s.name} size="xs" />
          ))}
        </Group>
      </Checkbox.Group>
      <MoneyInput
        label="Your margin per item"
        currency={currency}
        value={margin}
        onChange={(v) => {
          // a refused or empty text shows its message under the field and is not saved (issue 30 item 3)
          if (v !== null && Number.isFinite(v)) set({ marginCents: majorToCents(v) }, 'Margin', 'margin');
        }}
      />

      {sizes.length > 0 && (
        <Table withTableBorder fz="xs" verticalSpacing={4} aria-label="Prices per size">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Size</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
              <Table.Th ta="right">Retail</Table.Th>
              <Table.Th ta="right">Margin</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sizes.map((s) => {
              const cost = base.baseCost + s.extraCost;
              const retail = cost + margin;
              return (
                <Table.Tr key={s.name}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td ta="right">{formatMoneyMajor(cost)}</Table.Td>
                  <Table.Td ta="right">{formatMoneyMajor(retail)}</Table.Td>
                  <Table.Td ta="right">{retail > 0 ? `${Math.round((margin / retail) * 100)} %` : '—'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {product.colors.length && product.sizes.length
          ? `${product.colors.length * product.sizes.length} variants (${product.colors.length} colours × ${product.sizes.length} sizes)`
          : 'None chosen: the product gets the first colour in every size.'}
      </Text>
    </Stack>
  );
}

/** "Save as product": saves the draft, publishes it, then follows the print files' render. */
function SaveAsProduct({ flush, store }: { flush: Flush; store: DesignStore }) {
  const publish = usePublishDesign();
  const [result, setResult] = useState<DesignPublishResponse | null>(null);
  const designId = useStore(store, (s) => s.designId);
  const [open, setOpen] = useState(false);
  const run = useMutation({
    mutationFn: async () => {
      await flush();
      return publish.mutateAsync(store.getState().designId);
    },
    onSuccess: setResult,
  });
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setOpen(true);
          setResult(null);
          run.mutate();
        }}
      >
        Save as product
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Save as product" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="sm">
          {run.isPending ? (
            <Text size="sm">Saving the design and making the product and its mockups…</Text>
          ) : run.isError ? (
            <Alert color="red" title="The product was not saved">
              {run.error instanceof ApiError ? run.error.messages.join(', ') || run.error.message : run.error.message}
            </Alert>
          ) : result ? (
            <>
              <Alert
                color="green"
                title={
                  <Text span fw={700} c="dark.8">
                    {result.created ? 'Draft product created' : 'Draft product updated'}
                  </Text>
                }
              >
                <Anchor component={Link} to={routePath('website.products.update', { productId: result.productId })} c="blue.9" fw={600}>
                  Open the product
                </Anchor>
              </Alert>
              {result.mockups.length > 0 && (
                <SimpleGrid cols={4} spacing="xs" aria-label="Mockups">
                  {result.mockups.map((m) => (
                    <Image key={m.url} src={m.url} alt={`Mockup ${m.name}`} radius="sm" />
                  ))}
                </SimpleGrid>
              )}
              {result.printRenderId ? (
                <RenderProgress designId={designId} renderId={result.printRenderId} label="Print files" />
              ) : (
                <Text size="sm" c="dimmed">
                  No print files to make.
                </Text>
              )}
            </>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}

/** The open print-hub design: area tabs over the canvas, add/layers left, properties, live mockup and variants right. */
function PrintHubEditor({
  base,
  store,
  onClose,
}: {
  base: BaseProduct;
  store: NonNullable<ReturnType<typeof useOpenDesign>['store']>;
  onClose: () => void;
}) {
  const fonts = useDesignFonts(store);
  return (
    <EditorFrame
      store={store}
      kindLabel={`Print hub · ${base.title}`}
      onClose={onClose}
      actions={(flush) => <SaveAsProduct flush={flush} store={store} />}
      left={
        <Stack gap="lg">
          <AddPanel fonts={fonts.choices} />
          <LayerList />
        </Stack>
      }
      right={
        <Accordion multiple defaultValue={['properties', 'mockup', 'variants']} variant="contained">
          <Accordion.Item value="properties">
            <Accordion.Control>Properties</Accordion.Control>
            <Accordion.Panel>
              <Inspector fonts={fonts.choices} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="mockup">
            <Accordion.Control>Mockup</Accordion.Control>
            <Accordion.Panel>
              <MockupPanel base={base} fontsLoaded={fonts.loaded} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="variants">
            <Accordion.Control>Variants and prices</Accordion.Control>
            <Accordion.Panel>
              <VariantsPanel base={base} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      }
      centreTop={<AreaTabs />}
    >
      <DesignCanvas fontsLoaded={fonts.loaded} label={`${base.title} print area`} />
    </EditorFrame>
  );
}

/** Tabs of the print areas (front, back, sleeves …) with their size in inches. */
function AreaTabs() {
  const store = useDesignStore();
  const surfaces = useDesign((s) => docOf(s).surfaces);
  const current = useDesign((s) => surfaceOf(s).id);
  return (
    <Tabs
      value={current}
      onChange={(v) => v && store.getState().setSurface(v)}
      px="sm"
      pt={6}
      style={{ background: 'var(--mantine-color-body)' }}
    >
      <Tabs.List>
        {surfaces.map((s) => (
          <Tabs.Tab key={s.id} value={s.id} leftSection={<IconShirt size={14} aria-hidden />}>
            {s.name}
            <Text span size="xs" c="dimmed" ml={6}>
              {Math.round((s.width / 25.4) * 10) / 10} × {Math.round((s.height / 25.4) * 10) / 10} in
              {s.layers.length ? ` · ${s.layers.length}` : ''}
            </Text>
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/**
 * `print-hub-editor` (`/admin/print-hub-editor?design=…` or `?base=…`; scope `products`; issue 19 item 3): the
 * print-on-demand product designer, full screen. `?base={id}` (the catalogue's Design button) opens that blank's
 * default document unsaved: the first edit creates the design and `?design=` joins the address (issue 31 item 5: no
 * draft per click); `?design={id}` opens one; neither lists the shop's product designs.
 */
export default function PrintHubEditorScreen() {
  const { design: designId, base: baseId } = useRouteSearch(DESIGN_EDITOR_SEARCH);
  const navigate = useNavigate();
  const blank = useOpenBlank(designId ? undefined : baseId, (d, store) =>
    whenSaved(store, () => void navigate({ to: routePath('print-hub-editor'), search: { design: d.id, base: baseId }, replace: true })),
  );
  const open = useOpenDesign(designId);
  const baseProductId = baseId ?? open.design?.baseProductId;
  const base = useQuery({ ...baseProductOptions(baseProductId ?? ''), enabled: !!baseProductId });
  const back = () => void navigate({ to: routePath('website.catalog') });
  const store = designId ? open.store : blank.store;

  if (!designId && !baseId) return <DesignList kind="print_hub" title="Product designs" />;
  if (blank.query.isError) return <EditorError title="The design could not be started" message={blank.query.error.message} onBack={back} />;
  if (blank.blank && blank.blank.kind !== 'print_hub')
    return <EditorError title="The design could not be started" message="This blank is a book: open it from the catalog." onBack={back} />;
  if (open.query.isError) return <EditorError title="This design could not be opened" message={open.query.error.message} onBack={back} />;
  if (designId && open.design && !open.design.baseProductId)
    return <EditorError title="This design could not be opened" message="It is not made on a base product of the catalog." onBack={back} />;
  if (base.isError) return <EditorError title="The base product could not be loaded" message={base.error.message} onBack={back} />;
  if (!store || !base.data) return <EditorLoading label="Loading the design" />;
  return <PrintHubEditor key={baseId ?? designId} base={base.data} store={store} onClose={back} />;
}
