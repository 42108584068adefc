import type { Layer } from '@backroom/design';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconCopy,
  IconEye,
  IconEyeOff,
  IconGripVertical,
  IconLetterT,
  IconLock,
  IconLockOpen,
  IconPhoto,
  IconShape,
  IconTrash,
  IconUser,
  IconUserSquare,
} from '@tabler/icons-react';
import { memo } from 'react';
import { layerLabel } from './ops';
import { surfaceOf, useDesign, useDesignStore } from './store';

/**
 * The layer list (issue 19 item 2 "layer list with reorder, lock, hide, duplicate, delete"): front-most first, each
 * row draggable (@dnd-kit, keyboard too: Space to lift, arrows, Space to drop), with lock and hide toggles; a click
 * chooses the layer (Shift+click adds it). Duplicate and Delete act on the chosen layers.
 */

const ICONS: Record<Layer['type'], typeof IconLetterT> = {
  text: IconLetterT,
  field: IconUser,
  image: IconPhoto,
  shape: IconShape,
  photo: IconUserSquare,
};

const Row = memo(function Row({ layer, chosen }: { layer: Layer; chosen: boolean }) {
  const store = useDesignStore();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: layer.id });
  const Icon = ICONS[layer.type];
  const name = layerLabel(layer);
  return (
    <li
      ref={setNodeRef}
      className="br-design-layer-row"
      data-chosen={chosen || undefined}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Reorder ${name}`} {...attributes} {...listeners}>
          <IconGripVertical size={14} aria-hidden />
        </ActionIcon>
        <UnstyledButton
          className="br-design-layer-name"
          aria-pressed={chosen}
          onClick={(e) => (e.shiftKey ? store.getState().toggleSelect(layer.id) : store.getState().select([layer.id]))}
          disabled={layer.locked}
        >
          <Group gap={6} wrap="nowrap">
            <Icon size={14} aria-hidden />
            <Text size="sm" truncate c={layer.hidden ? 'dimmed' : undefined}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
        <Tooltip label={layer.locked ? 'Unlock' : 'Lock'}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`${layer.locked ? 'Unlock' : 'Lock'} ${name}`}
            aria-pressed={layer.locked}
            onClick={() => store.getState().toggle(layer.id, 'locked')}
          >
            {layer.locked ? <IconLock size={14} aria-hidden /> : <IconLockOpen size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={layer.hidden ? 'Show' : 'Hide'}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`${layer.hidden ? 'Show' : 'Hide'} ${name}`}
            aria-pressed={layer.hidden}
            onClick={() => store.getState().toggle(layer.id, 'hidden')}
          >
            {layer.hidden ? <IconEyeOff size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </li>
  );
});

/** The list of the current surface's layers. */
export function LayerList() {
  const store = useDesignStore();
  const layers = useDesign((s) => surfaceOf(s).layers);
  const selected = useDesign((s) => s.selected);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Front-most first, like every design tool; the document paints in array order (first = back).
  const rows = [...layers].reverse();
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const to = layers.findIndex((l) => l.id === e.over?.id);
    store.getState().reorder(String(e.active.id), to);
  };
  const some = selected.length > 0;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600} size="sm" component="h2">
          Layers
        </Text>
        <Group gap={2}>
          <Tooltip label="Duplicate (Ctrl+D)">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Duplicate"
              disabled={!some}
              onClick={() => store.getState().duplicateSelected()}
            >
              <IconCopy size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete (Del)">
            <ActionIcon variant="subtle" color="red" aria-label="Delete" disabled={!some} onClick={() => store.getState().removeSelected()}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing on this surface yet: add text, an image or a shape.
        </Text>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={rows.map((l) => l.id)} strategy={verticalListSortingStrategy}>
            <ol className="br-plain-list br-design-layers" aria-label="Layers, front first">
              {rows.map((l) => (
                <Row key={l.id} layer={l} chosen={selected.includes(l.id)} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </Stack>
  );
}
