import { type Menu, MenuBody, type MenuItem, type MenuItemInput, type MenuItemType } from '@backroom/contracts';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { EditScreen } from '../../components/EditScreen';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { useLinkTargets, useMenu, useMenuMutations } from './api';
import { type EditItem, flatten, indentItem, MAX_DEPTH_INDEX, moveItem, projection, removeItem, replaceItem } from './tree';

/** Width of one nesting level in the list, px (also the horizontal drag distance that nests one level). */
const INDENT = 28;
const CLOSE = { 'aria-label': 'Close' };
const TYPE_LABELS: Record<MenuItemType, string> = {
  home: 'Home page',
  collection: 'Collection',
  product: 'Product',
  page: 'Page',
  url: 'Web address',
};

const toEdit = (items: MenuItem[]): EditItem[] =>
  items.map((i) => ({
    id: i.id,
    title: i.title,
    type: i.type,
    target: i.target,
    label: i.type === 'url' ? i.target : i.targetTitle,
    broken: i.broken,
    children: toEdit(i.children),
  }));
const toInput = (items: EditItem[]): MenuItemInput[] =>
  items.map((i) => ({ id: i.id, title: i.title, type: i.type, target: i.target, children: toInput(i.children) }));

/** What a row says it links to: "Collection · Shirts", "Web address · https://…", or that the link is broken. */
function linkText(i: EditItem): string {
  if (i.type === 'home') return 'Home page';
  return `${TYPE_LABELS[i.type]} · ${i.label ?? i.target}`;
}

/** The add/edit dialog of one item: title, what it links to (type, then the collection/product/page, or a URL). */
function ItemModal({ item, onClose, onSave }: { item: EditItem | null; onClose: () => void; onSave: (i: EditItem) => void }) {
  const [title, setTitle] = useState(item?.title ?? '');
  const [type, setType] = useState<MenuItemType>(item?.type ?? 'collection');
  const [target, setTarget] = useState(item?.target ?? '');
  const [label, setLabel] = useState<string | null>(item?.label ?? null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [tried, setTried] = useState(false);
  const lookup = type === 'collection' || type === 'product' || type === 'page' ? type : null;
  const targets = useLinkTargets(lookup, debounced === label ? '' : debounced);
  const options = useMemo(() => {
    const list = (targets.data?.targets ?? []).map((t) => ({ value: t.id, label: t.title }));
    if (target && label && !list.some((o) => o.value === target)) list.unshift({ value: target, label });
    return list;
  }, [targets.data, target, label]);
  const titleError = tried && !title.trim() ? 'title is required' : null;
  const targetError =
    tried && type !== 'home' && !target.trim()
      ? type === 'url'
        ? 'Enter a web address'
        : `Choose a ${TYPE_LABELS[type].toLowerCase()}`
      : null;
  const save = () => {
    setTried(true);
    if (!title.trim() || (type !== 'home' && !target.trim())) return;
    onSave({
      id: item?.id ?? crypto.randomUUID(),
      title: title.trim(),
      type,
      target: type === 'home' ? '' : target.trim(),
      label: type === 'url' ? target.trim() : type === 'home' ? null : label,
      broken: false,
      children: item?.children ?? [],
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={650}>{item ? 'Edit menu item' : 'Add menu item'}</Text>}
      centered
      radius="lg"
      closeButtonProps={CLOSE}
    >
      <form
        noValidate
        aria-label={item ? 'Edit menu item' : 'Add menu item'}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            withAsterisk
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={titleError}
            data-autofocus
          />
          <NativeSelect
            label="Link to"
            data={Object.entries(TYPE_LABELS).map(([value, l]) => ({ value, label: l }))}
            value={type}
            onChange={(e) => {
              setType(e.currentTarget.value as MenuItemType);
              setTarget('');
              setLabel(null);
            }}
          />
          {type === 'url' ? (
            <TextInput
              label="Web address"
              placeholder="https://… or /collections/sale"
              withAsterisk
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value)}
              error={targetError}
            />
          ) : type !== 'home' ? (
            <Select
              label={TYPE_LABELS[type]}
              placeholder={`Search ${TYPE_LABELS[type].toLowerCase()}s`}
              withAsterisk
              searchable
              data={options}
              value={target || null}
              searchValue={search}
              onSearchChange={setSearch}
              onChange={(v, o) => {
                setTarget(v ?? '');
                setLabel(o?.label ?? null);
                if (v && !title.trim() && o) setTitle(o.label);
              }}
              nothingFoundMessage={targets.isFetching ? 'Searching…' : 'Nothing found'}
              error={targetError}
              filter={({ options: o }) => o}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{item ? 'Done' : 'Add'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One draggable row: handle, title, link, broken flag, Indent/Outdent (the keyboard way to nest), Edit, Remove. */
function ItemRow({
  row,
  depth,
  canIndent,
  canOutdent,
  onEdit,
  onRemove,
  onIndent,
}: {
  row: { id: string; item: EditItem };
  depth: number;
  canIndent: boolean;
  canOutdent: boolean;
  onEdit: () => void;
  onRemove: () => void;
  onIndent: (d: 1 | -1) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: row.id });
  const i = row.item;
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-menu-item={i.title}
      data-depth={depth}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
        paddingLeft: depth * INDENT,
        listStyle: 'none',
      }}
    >
      <Group
        gap="xs"
        wrap="nowrap"
        px="xs"
        py={6}
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          background: isDragging ? 'var(--mantine-color-gray-0)' : 'white',
          boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
        }}
      >
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={`Drag ${i.title}`}
          {...attributes}
          {...listeners}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {i.title}
          </Text>
          <Group gap={6} wrap="nowrap">
            {i.broken ? (
              <Badge color="red" variant="light" tt="none" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                Broken link: the {i.type} was deleted
              </Badge>
            ) : (
              <Text size="xs" c="dimmed" truncate>
                {linkText(i)}
              </Text>
            )}
          </Group>
        </Stack>
        <Tooltip label="Outdent">
          <ActionIcon variant="subtle" color="gray" aria-label={`Outdent ${i.title}`} disabled={!canOutdent} onClick={() => onIndent(-1)}>
            <IconArrowBarToLeft size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Indent">
          <ActionIcon variant="subtle" color="gray" aria-label={`Indent ${i.title}`} disabled={!canIndent} onClick={() => onIndent(1)}>
            <IconArrowBarToRight size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${i.title}`} onClick={onEdit}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Remove">
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${i.title}`} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Box>
  );
}

/**
 * The items of a menu as a nested sortable list (@dnd-kit): drag a row by its handle (mouse, touch, or keyboard:
 * Space to pick up, arrows to move, Space to drop) to reorder it with its children; dragging it right or left while
 * moving nests it under the row above or lifts it out (at most three levels). Indent and Outdent do the same
 * from the keyboard.
 */
function ItemTree({ items, onChange, onEdit }: { items: EditItem[]; onChange: (i: EditItem[]) => void; onEdit: (i: EditItem) => void }) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const rows = useMemo(() => flatten(items), [items]);
  const [active, setActive] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const hidden = useMemo(() => {
    if (!active) return new Set<string>();
    const i = rows.findIndex((r) => r.id === active);
    const out = new Set<string>();
    for (let j = i + 1; j < rows.length && rows[j]!.depth > rows[i]!.depth; j++) out.add(rows[j]!.id);
    return out;
  }, [rows, active]);
  const visible = rows.filter((r) => !hidden.has(r.id));
  const projected = active && over ? projection(rows, active, over, offset, INDENT) : null;
  const titleOf = (id: string) => rows.find((r) => r.id === id)?.item.title ?? 'item';
  const reset = () => {
    setActive(null);
    setOver(null);
    setOffset(0);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active: a }: DragStartEvent) => {
        setActive(String(a.id));
        setOver(String(a.id));
      }}
      onDragMove={({ delta, over: o }: DragMoveEvent) => {
        setOffset(delta.x);
        if (o) setOver(String(o.id));
      }}
      onDragEnd={({ active: a, over: o, delta }: DragEndEvent) => {
        if (o) onChange(moveItem(items, String(a.id), String(o.id), delta.x, INDENT));
        reset();
      }}
      onDragCancel={reset}
      accessibility={{
        announcements: {
          onDragStart: ({ active: a }) => `Picked up ${titleOf(String(a.id))}.`,
          onDragOver: ({ active: a, over: o }) =>
            o ? `${titleOf(String(a.id))} is over ${titleOf(String(o.id))}.` : `${titleOf(String(a.id))} is no longer over an item.`,
          onDragEnd: ({ active: a, over: o }) =>
            o ? `${titleOf(String(a.id))} was dropped at the place of ${titleOf(String(o.id))}.` : `${titleOf(String(a.id))} was dropped.`,
          onDragCancel: ({ active: a }) => `Moving ${titleOf(String(a.id))} was cancelled.`,
        },
      }}
    >
      <SortableContext items={visible.map((r) => r.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ul" gap={6} p={0} m={0} aria-label="Menu items">
          {visible.map((r, k) => {
            const prev = visible[k - 1];
            const height = Math.max(0, ...rows.filter((x) => x.id !== r.id && isBelow(rows, r.id, x.id)).map((x) => x.depth - r.depth));
            const prevSameLevel = rows
              .slice(0, rows.indexOf(r))
              .reverse()
              .find((x) => x.depth <= r.depth);
            return (
              <ItemRow
                key={r.id}
                row={r}
                depth={r.id === active && projected ? projected.depth : r.depth}
                canIndent={!!prev && prevSameLevel?.depth === r.depth && r.depth + 1 + height <= MAX_DEPTH_INDEX}
                canOutdent={r.depth > 0}
                onEdit={() => onEdit(r.item)}
                onRemove={() => onChange(removeItem(items, r.id))}
                onIndent={(d) => onChange(indentItem(items, r.id, d))}
              />
            );
          })}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** Whether row `other` is a descendant of row `id` in display order. */
function isBelow(rows: { id: string; depth: number }[], id: string, other: string): boolean {
  const i = rows.findIndex((r) => r.id === id);
  for (let j = i + 1; j < rows.length && rows[j]!.depth > rows[i]!.depth; j++) if (rows[j]!.id === other) return true;
  return false;
}

const HeadSchema = MenuBody.pick({ title: true, handle: true });

/**
 * `website.menus.create` (`/admin/menus/new`) and `website.menus.update` (`/admin/menus/{id}`), scope `navigations`
 * (spec admin-dashboard §7 Navigation menus; issue 11 item 3): a menu's title and handle (rules from the contract's
 * MenuBody) and its items as a nested drag-and-drop list (ItemTree), each linking to the home page, a collection, a
 * product, a page or a web address; an item whose collection or page was deleted is marked "Broken link". Save sends
 * the whole tree (`POST …/menus/` or `PUT …/menus/{id}`); the storefront header/footer show it at once.
 */
export default function MenuEditScreen() {
  const { id = null } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const menu = useMenu(id);
  const { save, remove } = useMenuMutations();
  const [items, setItems] = useState<EditItem[]>([]);
  const [editing, setEditing] = useState<EditItem | 'new' | null>(null);
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm<{ title: string; handle: string }>({
    mode: 'controlled',
    initialValues: { title: '', handle: '' },
    validate: schemaResolver(HeadSchema, { sync: true }),
    validateInputOnChange: submitted,
  });
  const load = (m: Menu) => {
    form.setValues({ title: m.title, handle: m.handle });
    setItems(toEdit(m.items));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the menu once it arrives
  useEffect(() => {
    if (menu.data) load(menu.data);
  }, [menu.data]);
  const submit = handleSubmit(
    form,
    async (v) => {
      const saved = await save.mutateAsync({ id, body: { title: v.title, handle: v.handle.trim() || undefined, items: toInput(items) } });
      load(saved);
      if (!id) await navigate({ to: routePath('website.menus.update', { id: saved.id }), replace: true });
    },
    (e) => {
      const handle = e.messages.find((m) => m.startsWith('body.handle: '));
      if (handle) form.setFieldError('handle', handle.slice('body.handle: '.length));
    },
  );
  return (
    <EditScreen
      back={{ to: routePath('website.menus'), label: 'Navigation' }}
      title={id ? menu.data?.title || 'Edit menu' : 'Add menu'}
      formLabel={id ? 'Edit menu' : 'Add menu'}
      width={900}
      noun="menu"
      loadError={id ? menu.error : null}
      loading={!!id && menu.isPending}
      skeletonHeight={360}
      onSubmit={submit}
      saveLabel="Save menu"
      saving={save.isPending}
      remove={
        id
          ? {
              label: 'Delete menu',
              confirmTitle: 'Delete this menu?',
              confirmText: `“${menu.data?.title}” and its items are deleted. A theme that shows it shows no menu there.`,
              confirmLabel: 'Delete menu',
              pending: remove.isPending,
              onConfirm: async () => {
                await remove.mutateAsync(id);
                await navigate({ to: routePath('website.menus') });
              },
            }
          : undefined
      }
      outside={
        editing && (
          <ItemModal
            item={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSave={(i) => {
              setItems((list) => (editing === 'new' ? [...list, i] : replaceItem(list, i)));
              setEditing(null);
            }}
          />
        )
      }
    >
      <Stack gap="lg">
        <Card padding="lg">
          <Group grow align="flex-start">
            <TextInput label="Title" withAsterisk placeholder="e.g. Main menu, Footer" {...form.getInputProps('title')} />
            <TextInput
              label="Handle"
              description="The theme picks menus by handle (main-menu is the header's). Made from the title when empty."
              {...form.getInputProps('handle')}
            />
          </Group>
        </Card>
        <Card padding="lg">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4">
                Menu items
              </Title>
              <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                Add menu item
              </Button>
            </Group>
            {items.length === 0 ? (
              <Text c="dimmed" size="sm">
                This menu has no items yet.
              </Text>
            ) : (
              <ItemTree items={items} onChange={setItems} onEdit={setEditing} />
            )}
            <Text size="xs" c="dimmed">
              Drag an item by its handle to move it; drag it to the right to nest it under the item above (up to three levels), or use
              Indent and Outdent.
            </Text>
          </Stack>
        </Card>
      </Stack>
    </EditScreen>
  );
}
