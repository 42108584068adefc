import { addBlock, type BlocksSetting, blockLimitMessage, canAddBlock, canDeleteBlock, type Fields } from '@backroom/theme';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Button, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { memo, useCallback, useRef, useState } from 'react';
import { fieldId, pathKey, type SettingPath, usePanel } from '../context';
import type { FieldListComponent, FieldProps } from './types';

type Obj = Record<string, unknown>;

// Sensor options keep their identity, so the rows' drag handles keep their listeners (and their memo) across renders.
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/** Text of the add button of a block list: "Add Slide", "Add Step"… */
export const addText = (s: BlocksSetting<Fields>) =>
  `Add ${s.itemLabel.toLowerCase().startsWith('a ') ? s.itemLabel.slice(2) : s.itemLabel}`;

/** The title a block shows in its list row: its heading, title or name when it has one, else "Slide 2". */
export function blockTitle(s: BlocksSetting<Fields>, block: unknown, index: number): string {
  const b = (block ?? {}) as Obj;
  for (const k of ['heading', 'title', 'name', 'value']) {
    const v = b[k];
    if (typeof v === 'string' && v.trim() && !v.startsWith('/')) return v.trim();
    if (k === 'heading' && typeof v === 'object' && v && typeof (v as Obj).content === 'string' && (v as Obj).content) {
      return String((v as Obj).content);
    }
  }
  return `${s.itemLabel} ${index + 1}`;
}

/**
 * A block list (spec §3 blocks; §4 "New slides or blocks are added with default content"; §5 limits): rows that
 * open to their fields, reordered by drag with the mouse or the keyboard (@dnd-kit, Space to lift, arrows to move,
 * Space to drop), deleted with the bin (not the first when `fixedFirst`: "The description tab cannot be deleted"),
 * and an add button that inserts the declared new block at the declared place (thank-you custom steps at
 * position 3). At the limit the add button is hidden, or disabled for `atLimit: 'disable'`; `limitMessage` lists
 * show "n/5 blocks used. Delete to add more.". Every change reports the whole new array.
 */
export function BlocksField({ setting, path, value, FieldList }: FieldProps<BlocksSetting<Fields>> & { FieldList: FieldListComponent }) {
  const { emit } = usePanel();
  const list = Array.isArray(value) ? (value as Obj[]) : [];
  const [open, setOpen] = useState<number | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const base = pathKey(path);
  const ids = list.map((_, i) => `${base}#${i}`);
  const indexOf = (id: string | number) => ids.indexOf(String(id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from < 0 || to < 0) return;
    emit([...path], arrayMove(list, from, to));
    if (open !== null) setOpen(open === from ? to : open > from && open <= to ? open - 1 : open < from && open >= to ? open + 1 : open);
  };
  const canAdd = canAddBlock(setting, list.length);
  const atLimit = !canAdd;
  const add = () => {
    const next = addBlock(setting, list as never[]) as Obj[];
    const at = setting.insertAt === undefined ? list.length : Math.min(setting.insertAt, list.length);
    emit([...path], next);
    setOpen(at);
  };
  // Rows are memoised, so their callbacks read the latest list and path through refs.
  const latest = useRef({ list, path });
  latest.current = { list, path };
  const remove = useCallback(
    (i: number) => {
      emit(
        [...latest.current.path],
        latest.current.list.filter((_, j) => j !== i),
      );
      setOpen((o) => (o === null || o === i ? null : o > i ? o - 1 : o));
    },
    [emit],
  );
  const titleId = `${fieldId(path)}-title`;
  const label = setting.label;
  return (
    <Stack gap={6} role="group" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" id={titleId}>
          {label}
        </Text>
        {setting.max !== undefined && (
          <Text size="xs" c="dimmed">
            {list.length}/{setting.max}
          </Text>
        )}
      </Group>
      {setting.info && (
        <Text size="xs" c="dimmed">
          {setting.info}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable: `To reorder, press Space or Enter to lift the ${setting.itemLabel.toLowerCase()}, use the arrow keys to move it and press Space or Enter again to drop it.`,
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap={6}>
            {list.map((block, i) => (
              <BlockRow
                key={ids[i]}
                id={ids[i] as string}
                setting={setting}
                FieldList={FieldList}
                block={block}
                index={i}
                path={path}
                opened={open === i}
                onToggle={setOpen}
                onRemove={canDeleteBlock(setting, i) ? remove : undefined}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          No {setting.itemLabel.toLowerCase()} yet.
        </Text>
      )}
      {setting.limitMessage && atLimit && setting.max !== undefined && (
        <Text size="sm" c="orange.9" role="status">
          {blockLimitMessage(list.length, setting.max)}
        </Text>
      )}
      {(canAdd || setting.atLimit === 'disable') && (
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          disabled={!canAdd}
          style={{ alignSelf: 'flex-start' }}
        >
          {addText(setting)}
        </Button>
      )}
    </Stack>
  );
}

interface RowProps {
  id: string;
  setting: BlocksSetting<Fields>;
  FieldList: FieldListComponent;
  block: Obj;
  index: number;
  path: SettingPath;
  opened: boolean;
  onToggle: (i: number | null) => void;
  onRemove?: (i: number) => void;
}

/** One block row, memoised by its block value, index and state (typing in one block re-renders that block only). */
const BlockRow = memo(
  BlockRowView,
  (a, b) =>
    a.block === b.block &&
    a.index === b.index &&
    a.opened === b.opened &&
    a.id === b.id &&
    a.setting === b.setting &&
    a.FieldList === b.FieldList &&
    a.onToggle === b.onToggle &&
    a.onRemove === b.onRemove &&
    pathKey(a.path) === pathKey(b.path),
);

function BlockRowView({ id, setting, FieldList, block, index, path, opened, onToggle, onRemove }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const title = blockTitle(setting, block, index);
  const name = `${setting.itemLabel} ${index + 1}`;
  const bodyId = `${fieldId([...path, index])}-body`;
  return (
    <Paper
      ref={setNodeRef}
      data-block-index={index}
      withBorder
      radius="sm"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap" px={4} py={4}>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={`Reorder ${name}: ${title}`}
          {...attributes}
          {...listeners}
          style={{ cursor: 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
        <UnstyledButton
          onClick={() => onToggle(opened ? null : index)}
          aria-expanded={opened}
          aria-controls={opened ? bodyId : undefined}
          style={{ flex: 1, minWidth: 0 }}
          py={4}
        >
          <Group gap={6} wrap="nowrap">
            {opened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
            <Text size="sm" truncate>
              {title}
            </Text>
          </Group>
        </UnstyledButton>
        {onRemove ? (
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}: ${title}`} onClick={() => onRemove(index)}>
            <IconTrash size={16} />
          </ActionIcon>
        ) : (
          <Tooltip label={`This ${setting.itemLabel.toLowerCase()} cannot be deleted`}>
            <Box w={28} aria-hidden />
          </Tooltip>
        )}
      </Group>
      {opened && (
        <Box px="sm" pb="sm" pt={4} id={bodyId}>
          <FieldList fields={setting.block} value={block} path={[...path, index]} />
        </Box>
      )}
    </Paper>
  );
}
