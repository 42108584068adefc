import { type DesignDocument, extractShopperFields, type FieldDef, type Surface } from '@backroom/design';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Button, Group, Menu, Modal, NumberInput, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconCopy, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import type { FontChoice } from './engine/fonts';
import { addPage, addSpread, duplicateSurface, moveSurface, PAGE_TEMPLATES, removeSurface } from './engine/pages';
import { SurfaceView } from './engine/SurfaceView';
import { docOf, surfaceOf, useDesign, useDesignStore } from './engine/store';

/**
 * Pieces the book editors share (issue 19 items 4–5): the page (or spread) list with drag reorder and add from
 * templates, the shopper fields the placeholders make, and the page-by-page preview with sample values.
 */

/** Width of a page thumbnail, px. */
const THUMB_W = 56;

const PageThumb = memo(function PageThumb({
  surface,
  fields,
  fontsLoaded,
}: {
  surface: Surface;
  fields: DesignDocument['fields'];
  fontsLoaded: number;
}) {
  const w = surface.width > surface.height * 1.2 ? Math.round(THUMB_W * 1.3) : THUMB_W;
  const h = Math.round((w * surface.height) / surface.width);
  return (
    <Box style={{ border: '1px solid var(--mantine-color-gray-3)', flex: 'none', background: '#fff' }}>
      <SurfaceView
        surface={surface}
        doc={{ fields }}
        width={w}
        height={h}
        mode="preview"
        fontsLoaded={fontsLoaded}
        label={`${surface.name} thumbnail`}
      />
    </Box>
  );
});

function PageRow({
  surface,
  current,
  movable,
  fields,
  fontsLoaded,
}: {
  surface: Surface;
  current: boolean;
  movable: boolean;
  fields: DesignDocument['fields'];
  fontsLoaded: number;
}) {
  const store = useDesignStore();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: surface.id, disabled: !movable });
  const can = movable;
  return (
    <li
      ref={setNodeRef}
      className="br-design-layer-row"
      data-chosen={current || undefined}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <Group gap={4} wrap="nowrap">
        {can ? (
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Reorder ${surface.name}`} {...attributes} {...listeners}>
            <IconGripVertical size={14} aria-hidden />
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <UnstyledButton
          className="br-design-layer-name"
          aria-current={current ? 'page' : undefined}
          onClick={() => store.getState().setSurface(surface.id)}
        >
          <Group gap={8} wrap="nowrap">
            <PageThumb surface={surface} fields={fields} fontsLoaded={fontsLoaded} />
            <Text size="sm" truncate>
              {surface.name}
            </Text>
          </Group>
        </UnstyledButton>
        {can && (
          <Group gap={0} wrap="nowrap">
            <Tooltip label="Duplicate">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Duplicate ${surface.name}`}
                onClick={() => {
                  const s = store.getState();
                  const r = duplicateSurface(docOf(s), surface.id);
                  s.edit(() => r.doc, `Duplicated ${surface.name}`);
                  store.getState().setSurface(r.id);
                }}
              >
                <IconCopy size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Delete ${surface.name}`}
                onClick={() => store.getState().edit((d) => removeSurface(d, surface.id), `Deleted ${surface.name}`)}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
    </li>
  );
}

/** The page list (book) or spread list (book2): cover first (fixed), then the pages in order, draggable. */
export function PageList({ kind, fonts, fontsLoaded }: { kind: 'book' | 'book2'; fonts: FontChoice[]; fontsLoaded: number }) {
  const store = useDesignStore();
  const surfaces = useDesign((s) => docOf(s).surfaces);
  const fields = useDesign((s) => docOf(s).fields);
  const current = useDesign((s) => surfaceOf(s).id);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const font = fonts.find((f) => f.value === 'theme:Poppins') ?? fonts[0];
  const f = { family: font?.fontFamily ?? 'Poppins', id: font?.fontId ?? null };
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const to = surfaces.findIndex((s) => s.id === e.over?.id);
    store.getState().edit((d) => moveSurface(d, String(e.active.id), to), 'Reordered pages');
  };
  const noun = kind === 'book' ? 'Pages' : 'Spreads';
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600} size="sm" component="h2">
          {noun} ({surfaces.filter((s) => s.role === 'page' || s.role === 'spread').length})
        </Text>
        {kind === 'book' ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} aria-hidden />}>
                Add page
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Page templates</Menu.Label>
              {PAGE_TEMPLATES.map((t) => (
                <Menu.Item
                  key={t.id}
                  onClick={() => {
                    const s = store.getState();
                    const r = addPage(docOf(s), surfaceOf(s).id, t, f);
                    s.edit(() => r.doc, `Added ${t.name.toLowerCase()}`);
                    store.getState().setSurface(r.id);
                  }}
                >
                  {t.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={12} aria-hidden />}
            onClick={() => {
              const s = store.getState();
              const r = addSpread(docOf(s), surfaceOf(s).id);
              s.edit(() => r.doc, 'Added a spread');
              store.getState().setSurface(r.id);
            }}
          >
            Add spread
          </Button>
        )}
      </Group>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={surfaces.map((s) => s.id)} strategy={verticalListSortingStrategy}>
          <ol className="br-design-pages" aria-label={noun} style={{ maxHeight: '38vh', overflowY: 'auto' }}>
            {surfaces.map((s) => (
              <PageRow
                key={s.id}
                surface={s}
                current={s.id === current}
                movable={s.role === 'page' || s.role === 'spread'}
                fields={fields}
                fontsLoaded={fontsLoaded}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </Stack>
  );
}

/**
 * The shopper fields of the book (issue 19 item 4 "the placeholders become the product's shopper fields"): every
 * `{key}` placeholder, field layer and photo slot once; a placeholder's label, length and sample are edited here
 * (the document's `fields`), a field layer's and photo slot's in the inspector.
 */
export function ShopperFields() {
  const store = useDesignStore();
  const doc = useDesign(docOf);
  const found = useMemo(() => extractShopperFields(doc), [doc]);
  const setDef = (key: string, p: Partial<FieldDef>, label: string) =>
    store.getState().edit(
      (d) => {
        const had = d.fields.find((f) => f.key === key);
        const def: FieldDef = {
          key,
          label: had?.label ?? found.find((f) => f.key === key)?.label ?? key,
          maxLength: had?.maxLength ?? 20,
          required: had?.required ?? true,
          sample: had?.sample ?? '',
          ...p,
        };
        return { ...d, fields: had ? d.fields.map((f) => (f.key === key ? def : f)) : [...d.fields, def] };
      },
      label,
      `fields.${key}.${Object.keys(p).join()}`,
    );
  const isPlaceholder = (key: string) => doc.surfaces.some((s) => s.layers.some((l) => l.type === 'text' && l.text.includes(`{${key}}`)));
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" component="h2">
        Shopper fields
      </Text>
      {found.length === 0 ? (
        <Text size="sm" c="dimmed">
          Write a placeholder such as {'{child_name}'} in a text, or add a photo slot: each becomes a field the shopper fills in on the
          product page.
        </Text>
      ) : (
        found.map((f) => (
          <Stack key={f.key} gap={4} p={6} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }}>
            <Text size="xs" c="dimmed">
              {f.type === 'image' ? 'Photo' : 'Text'} · {`{${f.key}}`}
            </Text>
            {f.type === 'text' && isPlaceholder(f.key) ? (
              <>
                <TextInput
                  size="xs"
                  label="Label"
                  value={f.label}
                  onChange={(e) => setDef(f.key, { label: e.currentTarget.value || f.key }, 'Field label')}
                />
                <Group grow gap={6}>
                  <TextInput
                    size="xs"
                    label="Sample"
                    value={f.sample}
                    onChange={(e) => setDef(f.key, { sample: e.currentTarget.value }, 'Field sample')}
                  />
                  <NumberInput
                    size="xs"
                    label="Max characters"
                    min={1}
                    max={100}
                    value={f.maxLength ?? 20}
                    onChange={(v) =>
                      typeof v === 'number' && v >= 1 && setDef(f.key, { maxLength: Math.min(100, Math.round(v)) }, 'Max characters')
                    }
                  />
                </Group>
              </>
            ) : (
              <Text size="sm">{f.label}</Text>
            )}
          </Stack>
        ))
      )}
    </Stack>
  );
}

/**
 * The page-by-page preview with sample values (issue 19 items 4–5): pages as the printed book shows them (trim, no
 * bleed, placeholders filled), one page at a time for a book, two facing pages (a spread across its gutter) for
 * book2; the cover first. The shopper's values can be tried in the fields above the page.
 */
export function BookPreview({ onClose, fontsLoaded }: { onClose: () => void; fontsLoaded: number }) {
  const doc = useDesign(docOf);
  const fields = useMemo(() => extractShopperFields(doc).filter((f) => f.type === 'text'), [doc]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [at, setAt] = useState(0);
  const s = doc.surfaces[Math.min(at, doc.surfaces.length - 1)]!;
  const W = 760;
  const wide = s.width > s.height * 1.2;
  const H = Math.round(wide ? (W * s.height) / s.width : Math.min(520, W));
  const filled = useMemo(() => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')), [values]);
  return (
    <Modal opened onClose={onClose} title="Preview" size={W + 60} closeButtonProps={{ 'aria-label': 'Close preview' }}>
      <Stack gap="sm">
        {fields.length > 0 && (
          <Group gap="xs" align="flex-end">
            {fields.map((f) => (
              <TextInput
                key={f.key}
                size="xs"
                label={f.label}
                placeholder={f.sample}
                maxLength={f.maxLength ?? undefined}
                value={values[f.key] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [f.key]: value }));
                }}
              />
            ))}
          </Group>
        )}
        <Box
          style={{
            position: 'relative',
            background: 'var(--mantine-color-gray-1)',
            display: 'flex',
            justifyContent: 'center',
            padding: 12,
          }}
        >
          <SurfaceView
            surface={s}
            doc={doc}
            width={W - 24}
            height={H}
            values={filled}
            fontsLoaded={fontsLoaded}
            label={`${s.name} preview`}
          />
          {s.role === 'spread' && (
            <Box
              aria-hidden
              style={{
                position: 'absolute',
                top: 12,
                bottom: 12,
                left: '50%',
                width: 24,
                marginLeft: -12,
                background: 'linear-gradient(90deg, transparent, rgba(0,0,0,.18), transparent)',
              }}
            />
          )}
        </Box>
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={at === 0}
            onClick={() => setAt((i) => i - 1)}
          >
            Previous
          </Button>
          <Text size="sm" aria-live="polite">
            {s.name} · {Math.min(at, doc.surfaces.length - 1) + 1} of {doc.surfaces.length}
          </Text>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={at >= doc.surfaces.length - 1}
            onClick={() => setAt((i) => i + 1)}
          >
            Next
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
