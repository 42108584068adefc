import { CollectionCreateBody, type CollectionRule } from '@backroom/contracts';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconGripVertical, IconPlus, IconSearch, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../lib/api';
import { formatMoneyMajor } from '../../lib/format';
import { useSubmit } from '../../lib/use-submit';
import { useCollection, useCollectionMutations, useProductSearch } from './api';
import { COLUMN_CHOICES, isNumericColumn, RELATION_LABELS, relationsFor } from './rules';

/** A product of a manual collection as the editor shows it. */
interface PickedProduct {
  id: string;
  title: string;
  image: string | null;
  price: number;
}

/** The editor's values: the request body's fields, products with what the list shows. */
interface CollectionValues {
  title: string;
  handle: string;
  description: string;
  type: 'manual' | 'automated';
  disjunctive: boolean;
  rules: CollectionRule[];
  products: PickedProduct[];
}

const EMPTY: CollectionValues = { title: '', handle: '', description: '', type: 'manual', disjunctive: false, rules: [], products: [] };
/** Shopify's first condition of a new automated collection. */
const FIRST_RULE: CollectionRule = { column: 'tag', relation: 'equals', condition: '' };
const rulesOf = schemaResolver(CollectionCreateBody, { sync: true });
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

/** The request body of the values: manual → productIds in order; automated → rules and any/all. */
function toBody(v: CollectionValues): CollectionCreateBody {
  return {
    title: v.title,
    handle: v.handle.trim() || undefined,
    description: v.description,
    type: v.type,
    ...(v.type === 'manual'
      ? { productIds: v.products.map((p) => p.id) }
      : { rules: v.rules.map((r) => ({ ...r, condition: r.condition.trim() })), disjunctive: v.disjunctive }),
  };
}

/** One product row of a manual collection: drag handle (mouse, touch or keyboard), picture, title, price, remove. */
function ProductRow({ p, index, onRemove }: { p: PickedProduct; index: number; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: p.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p={6}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
      data-testid="collection-product"
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={`Drag ${p.title} to reorder (position ${index + 1})`}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        <Text size="sm" c="dimmed" w={22} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {index + 1}.
        </Text>
        <Avatar src={p.image} radius="sm" size={32} alt="" />
        <Text size="sm" fw={500} style={{ flex: 1 }} truncate>
          {p.title}
        </Text>
        <Text size="sm" c="dimmed">
          {formatMoneyMajor(p.price)}
        </Text>
        <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${p.title}`} onClick={onRemove}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** The product picker of a manual collection: search by title, SKU or vendor, add with one click. */
function ProductPicker({ chosen, onAdd }: { chosen: Set<string>; onAdd: (p: PickedProduct) => void }) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 250);
  const found = useProductSearch(search);
  const hits = (found.data?.products ?? []).filter((p) => !chosen.has(p.id));
  return (
    <Stack gap={6}>
      <TextInput
        label="Add products"
        placeholder="Search products"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      {search && found.data && (
        <Stack gap={4} role="list" aria-label="Matching products">
          {hits.length === 0 && (
            <Text size="sm" c="dimmed">
              No other product matches “{search}”.
            </Text>
          )}
          {hits.slice(0, 8).map((p) => (
            <Group key={p.id} gap="xs" wrap="nowrap" role="listitem">
              <Avatar src={p.image?.src ?? null} radius="sm" size={28} alt="" />
              <Text size="sm" style={{ flex: 1 }} truncate>
                {p.title}
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                aria-label={`Add ${p.title}`}
                onClick={() => onAdd({ id: p.id, title: p.title, image: p.image?.src ?? null, price: p.priceMin })}
              >
                Add
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * The collection editor (route website.collections, issue 13 item 3), a dialog over the list: title, description,
 * URL handle (made from the title when empty), and the type — chosen when creating, kept afterwards:
 * - Manual: products picked by search, ordered by dragging (mouse, touch, or the keyboard on a row's handle:
 *   Space, arrows, Space), saved as `productIds` in that order.
 * - Automated: conditions {column, relation, value} (the relations offered follow the column: numbers take
 *   equal/not equal/greater/less), and "all conditions" or "any condition" (`disjunctive`).
 * The form's rules are the contract's (`CollectionCreateBody` on the request body); the server's 400 messages land
 * under their field. Delete asks first; the products stay.
 */
export function CollectionEditor({ id, onClose }: { id: string | null; onClose: () => void }) {
  const collection = useCollection(id);
  const { save, remove } = useCollectionMutations();
  const [confirm, setConfirm] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const mobile = useMediaQuery('(max-width: 48em)');
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const { submitted, handleSubmit, busy } = useSubmit();
  const form = useForm<CollectionValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => rulesOf(toBody(values) as never),
    validateInputOnChange: submitted,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the collection once it arrives
  useEffect(() => {
    const c = collection.data;
    if (!c) return;
    form.setValues({
      title: c.title,
      handle: c.handle,
      description: c.description,
      type: c.type,
      disjunctive: c.disjunctive,
      rules: c.rules,
      products: c.products.map((p) => ({ id: p.id, title: p.title, image: p.image?.src ?? null, price: p.price })),
    });
    form.resetDirty();
  }, [collection.data]);
  const v = form.values;
  const submit = handleSubmit(
    form,
    async (values) => {
      setServerError(null);
      const { type, ...body } = toBody(values);
      await save.mutateAsync({ id, body: id ? body : { ...body, type } });
      onClose();
    },
    (e: ApiError) => {
      const unplaced: string[] = [];
      for (const m of e.messages) {
        const at = /^body\.([\w.]+): (.*)$/.exec(m);
        if (at?.[1] && at[1] !== 'productIds') form.setFieldError(at[1], at[2]);
        else unplaced.push(m.replace(/^body\.\w+: /, ''));
      }
      if (unplaced.length) setServerError(unplaced.join(' '));
    },
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = v.products.findIndex((p) => p.id === e.active.id);
    const to = v.products.findIndex((p) => p.id === e.over?.id);
    form.setFieldValue('products', arrayMove(v.products, from, to));
  };
  const title = id ? 'Edit collection' : 'Create collection';
  return (
    <Modal opened onClose={onClose} title={title} size="xl" fullScreen={!!mobile} closeButtonProps={{ 'aria-label': 'Close' }}>
      {id && collection.isPending ? (
        <Skeleton h={320} />
      ) : confirm ? (
        <Stack gap="md">
          <Title order={2} size="h4">
            Delete this collection?
          </Title>
          <Text size="sm">“{v.title}” is removed from your store and its menus. Its products stay.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={async () => {
                if (id) await remove.mutateAsync(id).catch(() => undefined);
                onClose();
              }}
            >
              Delete collection
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate aria-label={title} onSubmit={submit}>
          <Stack gap="md">
            {serverError && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
                {serverError}
              </Alert>
            )}
            <TextInput
              label="Title"
              withAsterisk
              placeholder="e.g. Summer collection, Under $30, Staff picks"
              {...form.getInputProps('title')}
            />
            <Textarea label="Description" rows={3} {...form.getInputProps('description')} />
            <TextInput
              label="URL handle"
              description="Shoppers open the collection at /collections/{handle}; made from the title when empty."
              {...form.getInputProps('handle')}
            />
            <Radio.Group
              label="Collection type"
              value={v.type}
              onChange={(t) => {
                form.setFieldValue('type', t as CollectionValues['type']);
                if (t === 'automated' && v.rules.length === 0) form.setFieldValue('rules', [FIRST_RULE]);
              }}
            >
              <Stack gap={6} mt={6}>
                <Radio value="manual" disabled={!!id} label="Manual" description="Add products one by one and order them by dragging." />
                <Radio
                  value="automated"
                  disabled={!!id}
                  label="Automated"
                  description="Products that match the conditions are added, now and as products change."
                />
              </Stack>
            </Radio.Group>
            {v.type === 'automated' ? (
              <Stack gap="sm">
                <Radio.Group
                  label="Products must match"
                  value={v.disjunctive ? 'any' : 'all'}
                  onChange={(x) => form.setFieldValue('disjunctive', x === 'any')}
                >
                  <Group gap="lg" mt={6}>
                    <Radio value="all" label="all conditions" />
                    <Radio value="any" label="any condition" />
                  </Group>
                </Radio.Group>
                {v.rules.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; a row is its position
                  <Group key={i} gap="xs" align="flex-start" wrap="wrap" data-testid="collection-rule">
                    <Select
                      aria-label={`Condition ${i + 1} field`}
                      data={COLUMN_CHOICES}
                      allowDeselect={false}
                      w={{ base: '100%', sm: 190 }}
                      {...form.getInputProps(`rules.${i}.column`)}
                      onChange={(c) => {
                        const column = c as CollectionRule['column'];
                        form.setFieldValue(`rules.${i}.column`, column);
                        if (!relationsFor(column).includes(r.relation)) form.setFieldValue(`rules.${i}.relation`, 'equals');
                      }}
                    />
                    <Select
                      aria-label={`Condition ${i + 1} relation`}
                      data={relationsFor(r.column).map((x) => ({ value: x, label: RELATION_LABELS[x] }))}
                      allowDeselect={false}
                      w={{ base: '100%', sm: 170 }}
                      {...form.getInputProps(`rules.${i}.relation`)}
                    />
                    <TextInput
                      aria-label={`Condition ${i + 1} value`}
                      placeholder={isNumericColumn(r.column) ? '30' : 'e.g. knitwear'}
                      inputMode={isNumericColumn(r.column) ? 'decimal' : undefined}
                      style={{ flex: 1, minWidth: 120 }}
                      {...form.getInputProps(`rules.${i}.condition`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={`Remove condition ${i + 1}`}
                      disabled={v.rules.length === 1}
                      onClick={() => form.removeListItem('rules', i)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
                {form.errors.rules && (
                  <Text size="sm" c="red.8">
                    {form.errors.rules}
                  </Text>
                )}
                <Group>
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => form.insertListItem('rules', { ...FIRST_RULE })}
                    disabled={v.rules.length >= 60}
                  >
                    Add another condition
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Stack gap="sm">
                <ProductPicker
                  chosen={new Set(v.products.map((p) => p.id))}
                  onAdd={(p) => form.setFieldValue('products', [...v.products, p])}
                />
                <Text size="sm" fw={600}>
                  Products in this collection ({v.products.length})
                </Text>
                {v.products.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No products yet: search above and add them.
                  </Text>
                ) : (
                  <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
                    <SortableContext items={v.products.map((p) => p.id)} strategy={verticalListSortingStrategy}>
                      <Stack gap={4}>
                        {v.products.map((p, i) => (
                          <ProductRow
                            key={p.id}
                            p={p}
                            index={i}
                            onRemove={() =>
                              form.setFieldValue(
                                'products',
                                v.products.filter((x) => x.id !== p.id),
                              )
                            }
                          />
                        ))}
                      </Stack>
                    </SortableContext>
                  </DndContext>
                )}
              </Stack>
            )}
            <Group justify="space-between" mt="sm">
              {id ? (
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirm(true)}>
                  Delete collection
                </Button>
              ) : (
                <span />
              )}
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Save
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
