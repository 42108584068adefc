import { canAddNextTo } from '@backroom/theme';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconChevronRight, IconGripVertical, IconLayoutBottombar, IconLayoutNavbar, IconPlus } from '@tabler/icons-react';
import { memo, useCallback } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { current } from './history';
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

/** One row of the list: drag handle, name (opens the panel), hover links to add a section above/below. */
const SectionRow = memo(function SectionRow({
  id,
  type,
  index,
  addAbove,
  addBelow,
  flagged,
  onOpen,
  onAdd,
}: {
  id: string;
  type: string;
  index: number;
  addAbove: boolean;
  addBelow: boolean;
  flagged: boolean;
  onOpen: (key: string) => void;
  onAdd: (at: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const label = sectionLabel(type);
  return (
    <Box
      ref={setNodeRef}
      className="br-section-row"
      data-dragging={isDragging || undefined}
      data-section-key={id}
      style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
    >
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
    </Box>
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

/**
 * The Sections tab's list (spec §2): the header entry, the draggable list of the home page's sections (@dnd-kit,
 * mouse/touch and keyboard: focus a handle, Space to lift, arrows to move, Space to drop, Escape to cancel), the
 * footer entry and Add section. Subscribes only to the sections' keys and types, so typing in a panel never
 * re-renders it.
 */
export function SectionList() {
  const store = useEditorStore();
  const items = useEditor(useShallow((s) => current(s.history).pages.homepage.sections.map((x) => `${x.key}\u0000${x.type}`)));
  const issueTargets = useEditor((s) => s.issueTargets);
  const keys = items.map((i) => i.split('\u0000')[0]!);
  const types = items.map((i) => i.split('\u0000')[1]!);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onOpen = useCallback((key: string) => store.getState().setView({ mode: 'section', key }), [store]);
  const onAdd = useCallback((at: number) => store.getState().setView({ mode: 'add', at }), [store]);
  const labelOf = (id: string) => sectionLabel(types[keys.indexOf(id)] ?? id);
  const onDragEnd = (e: DragEndEvent) => {
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
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: announcements(labelOf),
          screenReaderInstructions: {
            draggable:
              'To pick up a section, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
          },
        }}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <Box component="ul" className="br-plain-list" aria-label="Sections of the home page" py={4}>
            {keys.map((key, i) => (
              <li key={key}>
                <SectionRow
                  id={key}
                  type={types[i]!}
                  index={i}
                  addAbove={canInsertAt(types, i)}
                  addBelow={canInsertAt(types, i + 1)}
                  flagged={issueTargets.has(`section:${key}`)}
                  onOpen={onOpen}
                  onAdd={onAdd}
                />
              </li>
            ))}
          </Box>
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
