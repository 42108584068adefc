import { coverWrapPanels, type DesignKind, formatInches, pageCountOf } from '@backroom/design';
import { Accordion, ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconEye, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useStore } from 'zustand';
import { ApiError } from '../../lib/api';
import { DESIGN_EDITOR_SEARCH } from '../../route-search';
import { routePath } from '../../routes';
import { useRouteSearch } from '../../shell/hooks';
import { startRender } from './api';
import { BookPreview, PageList, ShopperFields } from './BookParts';
import { DesignList } from './DesignList';
import { EditorError, EditorLoading } from './EditorStates';
import { AddPanel } from './engine/AddPanel';
import { DesignCanvas } from './engine/Canvas';
import { EditorFrame, type Flush } from './engine/EditorFrame';
import { useDesignFonts } from './engine/fonts';
import { Inspector } from './engine/Inspector';
import { LayerList } from './engine/LayerList';
import { type DesignStore, docOf, surfaceOf, useDesign, useDesignStore } from './engine/store';
import { RenderProgress } from './RenderProgress';
import { useOpenBlank, useOpenDesign, whenSaved } from './use-open-design';

/**
 * "Export PDF" (issue 19 items 4–5): saves the draft, starts a print render (`POST /api/designs/{id}/renders
 * {kind: 'print'}`: the book's PDF at trim + 3 mm bleed with fonts embedded; book2's interior and cover PDFs) and
 * shows its progress, then the files.
 */
function ExportPdf({ flush, store, label }: { flush: Flush; store: DesignStore; label: string }) {
  const [renderId, setRenderId] = useState<string | null>(null);
  const designId = useStore(store, (s) => s.designId);
  const [open, setOpen] = useState(false);
  const run = useMutation({
    mutationFn: async () => {
      await flush();
      return startRender(store.getState().designId, 'print');
    },
    onSuccess: (r) => setRenderId(r.id),
  });
  return (
    <>
      <Button
        size="sm"
        leftSection={<IconFileTypePdf size={16} aria-hidden />}
        onClick={() => {
          setOpen(true);
          setRenderId(null);
          run.mutate();
        }}
      >
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} closeButtonProps={{ 'aria-label': 'Close' }}>
        {run.isError ? (
          <Text c="red.8" size="sm">
            {run.error instanceof ApiError ? run.error.messages.join(', ') || run.error.message : run.error.message}
          </Text>
        ) : renderId ? (
          <RenderProgress designId={designId} renderId={renderId} label="Print PDF" />
        ) : (
          <Text size="sm">Saving the design and starting the render…</Text>
        )}
      </Modal>
    </>
  );
}

/** Above the canvas: the page's name, previous/next, and for book2 the spine width from the page count. */
function PageBar({ kind }: { kind: 'book' | 'book2' }) {
  const store = useDesignStore();
  const surfaces = useDesign((s) => docOf(s).surfaces);
  const surface = useDesign(surfaceOf);
  const pages = useDesign((s) => pageCountOf(docOf(s)));
  const i = surfaces.findIndex((s) => s.id === surface.id);
  const go = (d: number) => {
    const next = surfaces[i + d];
    if (next) store.getState().setSurface(next.id);
  };
  let about = `${formatInches(surface.width)} × ${formatInches(surface.height)} in trim · ${surface.bleed} mm bleed`;
  if (surface.role === 'cover_wrap') {
    const p = coverWrapPanels(surface);
    about = `Back cover | spine ${p.spine.width.toFixed(2)} mm for ${pages} pages | front cover · ${surface.bleed} mm bleed`;
  } else if (surface.role === 'spread') about = `Two facing pages, gutter in the middle · ${about}`;
  return (
    <Group
      justify="space-between"
      px="sm"
      py={6}
      style={{ background: 'var(--mantine-color-body)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap={4}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={kind === 'book' ? 'Previous page' : 'Previous spread'}
          disabled={i <= 0}
          onClick={() => go(-1)}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        <Text fw={600} size="sm" component="h1">
          {surface.name}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={kind === 'book' ? 'Next page' : 'Next spread'}
          disabled={i >= surfaces.length - 1}
          onClick={() => go(1)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed">
        {about}
      </Text>
    </Group>
  );
}

function BookEditor({ kind, store, onClose }: { kind: 'book' | 'book2'; store: DesignStore; onClose: () => void }) {
  const fonts = useDesignFonts(store);
  const [preview, setPreview] = useState(false);
  return (
    <EditorFrame
      store={store}
      kindLabel={kind === 'book' ? 'Book editor' : 'Book editor 2 · spreads'}
      onClose={onClose}
      actions={(flush) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="sm" variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={() => setPreview(true)}>
            Preview
          </Button>
          <ExportPdf flush={flush} store={store} label={kind === 'book' ? 'Export PDF' : 'Export PDFs'} />
        </Group>
      )}
      left={
        <Stack gap="lg">
          <PageList kind={kind} fonts={fonts.choices} fontsLoaded={fonts.loaded} />
          <AddPanel fonts={fonts.choices} photoSlots />
          <LayerList />
        </Stack>
      }
      right={
        <Accordion multiple defaultValue={['properties', 'fields']} variant="contained">
          <Accordion.Item value="properties">
            <Accordion.Control>Properties</Accordion.Control>
            <Accordion.Panel>
              <Inspector fonts={fonts.choices} />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="fields">
            <Accordion.Control>Shopper fields</Accordion.Control>
            <Accordion.Panel>
              <ShopperFields />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      }
      centreTop={<PageBar kind={kind} />}
    >
      <DesignCanvas fontsLoaded={fonts.loaded} label={kind === 'book' ? 'Book page' : 'Book spread'} />
      {preview && <BookPreview onClose={() => setPreview(false)} fontsLoaded={fonts.loaded} />}
    </EditorFrame>
  );
}

/**
 * Opens a book design of `kind` from `?design=`, or a catalogue blank from `?base=` unsaved (the first edit creates
 * it and `?design=` joins the address; issue 31 item 5), or lists the shop's books of that kind.
 */
export function BookEditorScreenOf({ kind, title }: { kind: Extract<DesignKind, 'book' | 'book2'>; title: string }) {
  const { design: designId, base: baseId } = useRouteSearch(DESIGN_EDITOR_SEARCH);
  const navigate = useNavigate();
  const route = routePath(kind === 'book' ? 'book-editor' : 'book2-editor');
  const blank = useOpenBlank(designId ? undefined : baseId, (d, s) =>
    whenSaved(s, () => void navigate({ to: route, search: { design: d.id, base: baseId }, replace: true })),
  );
  const open = useOpenDesign(designId);
  const back = () => void navigate({ to: route });
  const store = designId ? open.store : blank.store;
  if (!designId && !baseId) return <DesignList kind={kind} title={title} />;
  if (blank.query.isError) return <EditorError title="The book could not be started" message={blank.query.error.message} onBack={back} />;
  const opened = designId ? open.design?.kind : blank.blank?.kind;
  if (open.query.isError) return <EditorError title="This design could not be opened" message={open.query.error.message} onBack={back} />;
  if (opened && opened !== kind)
    return (
      <EditorError
        title="This design could not be opened"
        message={`It is a ${opened.replace('_', ' ')} design, not a ${kind === 'book' ? 'book' : 'photo book'}.`}
        onBack={back}
      />
    );
  if (!store) return <EditorLoading label="Loading the book" />;
  return <BookEditor key={baseId ?? designId} kind={kind} store={store} onClose={back} />;
}
