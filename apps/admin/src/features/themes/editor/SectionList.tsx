import { canAddNextTo } from '@backroom/theme';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconChevronRight, IconGripVertical, IconLayoutBottombar, IconLayoutNavbar, IconPlus } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { current } from '../../../lib/history';
import { sectionLabel } from './labels';
import { useEditor, useEditorStore } from './store';

/** Whether a section may be inserted at `position` in a list of types (spec §2: never next to slider-product). */
export function canInsertAt(types: readonly string[], position: number): boolean {
  const above = types[position - 1];
  const below = types[position];
  return (above === undefined || canAddNextTo(above)) && (below === undefined || canAddNextTo(below));
}

/** Screen-reader texts of the drag and drop (dnd-kit announcements), with the sections' names. */
function announcements(label: (id: string) => string) {
  return {
    onDragStart: ({ active }: { active: { id: string | number } }) => `Picked up ${label(String(active.id))}.`,
    onDragOver: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over ? `${label(String(active.id))} is over ${label(String(over.id))}.` : `${label(String(active.id))} is no longer over a section.`,
    onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
      over
        ? `${label(String(active.id))} was dropped at the place of ${label(String(over.id))}.`
        : `${label(String(active.id))} was dropped.`,
    onDragCancel: ({ active }: { active: { id: string | number } }) => `Moving ${label(String(active.id))} was cancelled.`,
  };
}

type Sortable = ReturnType<typeof useSortable>;

/** A row's section (key, type, place), whether sections may be added above/below it, its flag and its actions. */
interface RowProps {
  id: string;
  type: string;
  index: number;
  addAbove: boolean;
  addBelow: boolean;
  flagged: boolean;
  onOpen: (key: string) => void;
  onAdd: (at: number) => void;
}

/**
 * What a row shows: drag handle, name (opens the panel), hover links to add a section above/below. Memoised apart
 * from the sortable wrapper: dnd-kit re-renders EVERY `useSortable` row when a drag starts, when the pointer
 * crosses to another row and at the drop, so the wrapper is a bare element and this content re-renders only when its
 * own props change (the lifted row's `isDragging`/`attributes`, the moved rows' `index`). The handle's `listeners`
 * and `setActivatorNodeRef` keep their identity across renders (dnd-kit memoises them), so they do not break the memo.
 */
const RowContent = memo(function RowContent({
  id,
  type,
  index,
  addAbove,
  addBelow,
  flagged,
  onOpen,
  onAdd,
  attributes,
  listeners,
  setActivatorNodeRef,
  isDragging,
}: RowProps & {
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
  setActivatorNodeRef: Sortable['setActivatorNodeRef'];
  isDragging: boolean;
}) {
  const label = sectionLabel(type);
  return (
    <>
      {addAbove && (
        <Anchor component="button" type="button" className="br-add-link br-add-above" size="xs" onClick={() => onAdd(index)}>
          <IconPlus size={12} aria-hidden /> Add section above
        </Anchor>
      )}
      <Group gap={4} wrap="nowrap" className="br-section-row-inner">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Drag to reorder ${label}`}
          {...attributes}
          {...listeners}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <UnstyledButton onClick={() => onOpen(id)} className="br-section-open" aria-label={`${label}${flagged ? ' (has problems)' : ''}`}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" truncate>
              {label}
            </Text>
            <Group gap={4} wrap="nowrap">
              {flagged && <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />}
              <IconChevronRight size={14} color="var(--mantine-color-gray-6)" aria-hidden />
            </Group>
          </Group>
        </UnstyledButton>
      </Group>
      {addBelow && (
        <Anchor component="button" type="button" className="br-add-link br-add-below" size="xs" onClick={() => onAdd(index + 1)}>
          <IconPlus size={12} aria-hidden /> Add section below
        </Anchor>
      )}
    </>
  );
});

/**
 * One sortable row (spec §2 "reordered by drag"): a bare element carrying dnd-kit's node ref and transform around
 * the memoised `RowContent`, so the re-render dnd-kit imposes on every row during a drag costs one hook and one div.
 */
const SectionRow = memo(function SectionRow(props: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props.id });
  return (
    <div
      ref={setNodeRef}
      className="br-section-row"
      data-dragging={isDragging || undefined}
      data-section-key={props.id}
      style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
    >
      <RowContent
        {...props}
        attributes={attributes}
        listeners={listeners}
        setActivatorNodeRef={setActivatorNodeRef}
        isDragging={isDragging}
      />
    </div>
  );
});

/** Header or footer entry (spec §2 "A header entry and a footer entry"). */
function AreaEntry({ area }: { area: 'header' | 'footer' }) {
  const store = useEditorStore();
  const flagged = useEditor((s) => s.issueTargets.has(`area:${area}`));
  const Icon = area === 'header' ? IconLayoutNavbar : IconLayoutBottombar;
  const label = area === 'header' ? 'Header' : 'Footer';
  return (
    <UnstyledButton className="br-area-entry" onClick={() => store.getState().setView({ mode: 'area', area })} aria-label={label}>
      <Group gap={8} wrap="nowrap" justify="space-between">
        <Group gap={8} wrap="nowrap">
          <Icon size={16} aria-hidden />
          <Text size="sm" fw={500}>
            {label}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {flagged && <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />}
          <IconChevronRight size={14} color="var(--mantine-color-gray-6)" aria-hidden />
        </Group>
      </Group>
    </UnstyledButton>
  );
}

// Sensor options keep their identity: new ones would give every row's drag handle new listeners on each render.
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/** Height of a row before one is measured, px (every row is one line: the add links float over its edges). */
const ROW_PX = 40;
/** Rows rendered beyond the visible ones on each side (Tab and the keyboard drag reach them before they scroll in). */
const OVERSCAN = 6;

/** The rows `[start, end)` to mount: those in the viewport plus {@link OVERSCAN} on each side. */
interface RowWindow {
  start: number;
  end: number;
}

/**
 * A fixed-height window over `count` rows of `rowPx` each, laid out from the top of `list` inside the scrolling
 * `viewport`: follows the viewport's scroll and size (passive scroll listener, ResizeObserver) and answers the rows
 * to mount. Rows all have the same height, so no per-row measuring (a virtualiser library measured each row: 8 KB
 * gzip of the editor's JavaScript for what one division does here).
 */
function useRowWindow(viewport: HTMLElement | null, list: HTMLElement | null, count: number, rowPx: number): RowWindow {
  const [win, setWin] = useState<RowWindow>({ start: 0, end: Math.min(count, 30) });
  useEffect(() => {
    if (!viewport || !list) {
      setWin({ start: 0, end: Math.min(count, 30) });
      return;
    }
    const update = () => {
      // The list's top inside the scrolled content (the header entry sits above it).
      const top = list.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop;
      const from = viewport.scrollTop - top;
      const start = Math.max(0, Math.floor(from / rowPx) - OVERSCAN);
      const end = Math.min(count, Math.ceil((from + viewport.clientHeight) / rowPx) + OVERSCAN);
      setWin((w) => (w.start === start && w.end === end ? w : { start, end }));
    };
    update();
    viewport.addEventListener('scroll', update, { passive: true });
    const ro = new ResizeObserver(update);
    ro.observe(viewport);
    return () => {
      viewport.removeEventListener('scroll', update);
      ro.disconnect();
    };
  }, [viewport, list, count, rowPx]);
  return win;
}

/**
 * The Sections tab's list (spec §2): the header entry, the draggable list of the home page's sections (@dnd-kit,
 * mouse/touch and keyboard: focus a handle, Space to lift, arrows to move, Space to drop, Escape to cancel), the
 * footer entry and Add section. Subscribes only to the sections' keys and types, so typing in a panel never
 * re-renders it.
 *
 * Speed (issue 9 item 7, bench:editor "dragging at 200 sections"): dnd-kit re-renders every sortable row and React
 * walks every fiber under the DnD context on each drag event, so only a window of the rows is mounted: those visible
 * in the sidebar's scroll viewport `scrollElement` plus `OVERSCAN` on each side ({@link useRowWindow}; rows have one
 * fixed height, measured from the first), and the lifted row stays mounted while it is dragged out of view. dnd-kit measures rows as they mount and scrolls the
 * viewport near its edges, so mouse and keyboard drags reach any place. Each `li` carries `aria-setsize` and
 * `aria-posinset`, so assistive technology knows the whole list's length.
 */
export function SectionList({ scrollElement }: { scrollElement: HTMLDivElement | null }) {
  const store = useEditorStore();
  const items = useEditor(useShallow((s) => current(s.history).pages.homepage.sections.map((x) => `${x.key}\u0000${x.type}`)));
  const issueTargets = useEditor((s) => s.issueTargets);
  const keys = useMemo(() => items.map((i) => i.split('\u0000')[0]!), [items]);
  const types = useMemo(() => items.map((i) => i.split('\u0000')[1]!), [items]);
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const [rowPx, setRowPx] = useState(ROW_PX);
  // Every row has the height of the first one (fonts and density come from the theme of the admin).
  const hasRows = keys.length > 0;
  useLayoutEffect(() => {
    if (!hasRows) return;
    const h = (list?.firstElementChild as HTMLElement | null)?.offsetHeight;
    if (h) setRowPx(h);
  }, [list, hasRows]);
  const win = useRowWindow(scrollElement, list, keys.length, rowPx);
  const shown = useMemo(() => {
    const out: number[] = [];
    for (let i = win.start; i < win.end; i++) out.push(i);
    // The lifted row keeps its node while it is dragged past the rendered window.
    if (activeIndex !== null && activeIndex < keys.length && (activeIndex < win.start || activeIndex >= win.end)) {
      out.push(activeIndex);
      out.sort((a, b) => a - b);
    }
    return out;
  }, [win, activeIndex, keys.length]);
  const onOpen = useCallback((key: string) => store.getState().setView({ mode: 'section', key }), [store]);
  const onAdd = useCallback((at: number) => store.getState().setView({ mode: 'add', at }), [store]);
  const accessibility = useMemo(() => {
    const labelOf = (id: string) => sectionLabel(types[keys.indexOf(id)] ?? id);
    return {
      announcements: announcements(labelOf),
      screenReaderInstructions: {
        draggable:
          'To pick up a section, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
      },
    };
  }, [keys, types]);
  const onDragStart = (e: DragStartEvent) => setActiveIndex(keys.indexOf(String(e.active.id)));
  const onDragEnd = (e: DragEndEvent) => {
    setActiveIndex(null);
    if (!e.over || e.active.id === e.over.id) return;
    store.getState().moveSection(String(e.active.id), keys.indexOf(String(e.over.id)));
  };
  const canAddAtEnd = canInsertAt(types, types.length);
  return (
    <Box>
      <AreaEntry area="header" />
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveIndex(null)}
        accessibility={accessibility}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <ul
            ref={setList}
            className="br-plain-list br-section-list"
            aria-label="Sections of the home page"
            style={{ height: keys.length * rowPx }}
          >
            {shown.map((index) => {
              const key = keys[index]!;
              return (
                <li
                  key={key}
                  data-index={index}
                  aria-setsize={keys.length}
                  aria-posinset={index + 1}
                  style={{ transform: `translateY(${index * rowPx}px)` }}
                >
                  <SectionRow
                    id={key}
                    type={types[index]!}
                    index={index}
                    addAbove={canInsertAt(types, index)}
                    addBelow={canInsertAt(types, index + 1)}
                    flagged={issueTargets.has(`section:${key}`)}
                    onOpen={onOpen}
                    onAdd={onAdd}
                  />
                </li>
              );
            })}
          </ul>
        </SortableContext>
      </DndContext>
      {canAddAtEnd && (
        <UnstyledButton className="br-area-entry br-add-section" onClick={() => onAdd(types.length)}>
          <Group gap={8}>
            <IconPlus size={16} aria-hidden />
            <Text size="sm" c="blue.8" fw={500}>
              Add section
            </Text>
          </Group>
        </UnstyledButton>
      )}
      <AreaEntry area="footer" />
    </Box>
  );
}
