import { PERSONALIZE_MAX_FIELDS, PersonalizeBody, type PersonalizeField } from '@backroom/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  ColorInput,
  Grid,
  Group,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPhoto, IconTrash, IconTypography } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { EditScreen } from '../../components/EditScreen';
import { NumberInput } from '../../components/NumberInput';
import { useFontFaces } from '../../lib/font-faces';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { useFonts, usePersonalize, usePersonalizeMutations, useProductChoices } from './api';
import { PersonalizePreview } from './PersonalizePreview';

/** The editor's values: the request body with every field's defaults filled in. */
interface Values {
  productId: string;
  name: string;
  fields: PersonalizeField[];
}
const newId = () => crypto.randomUUID().slice(0, 8);

/** A new text field: the contract's defaults (white, 60 px, centred) at the middle of the picture. */
function textField(n: number): PersonalizeField {
  return {
    id: newId(),
    type: 'text',
    label: n ? `Text ${n + 1}` : 'Name',
    required: true,
    maxLength: 12,
    placeholder: '',
    fontId: null,
    color: '#ffffff',
    fontSize: 60,
    align: 'center',
    x: 50,
    y: 40,
  };
}
/** A new image field: a 30 % box under the middle of the picture, optional. */
function imageField(n: number): PersonalizeField {
  return { id: newId(), type: 'image', label: n ? `Photo ${n + 1}` : 'Photo', required: false, x: 50, y: 65, width: 30, height: 30 };
}

/** The editor's form: rules from the contract's `PersonalizeBody`, errors live once a submit was tried. */
function usePersonalizeForm(submitted: boolean) {
  return useForm<Values>({
    mode: 'controlled',
    initialValues: { productId: '', name: '', fields: [textField(0)] },
    validate: schemaResolver(PersonalizeBody, { sync: true }),
    validateInputOnChange: submitted,
  });
}
type Form = ReturnType<typeof usePersonalizeForm>;

/** A percent input (0–100, steps of 0.5) of a field. */
function Pct({ label, ...props }: { label: string } & ReturnType<Form['getInputProps']>) {
  return <NumberInput label={label} min={0} max={100} step={0.5} decimalScale={1} suffix=" %" {...props} />;
}

/**
 * `website.product-personalized.create` (`/admin/product-personalized/new`) and `.update`
 * (`/admin/product-personalized/{id}`), scope `products` (spec admin-dashboard §7 Personalisation; issue 11 item 4):
 * the personalisation of one product. The product (searchable picker), a name for the list, and 1–20 fields: text
 * (label, required, max length 1–100, placeholder, font — the theme's or an uploaded one —, colour, size in px at a
 * 1000 px wide picture, alignment, centre X/Y in %) and photo (label, required, centre and size in %). The preview
 * draws the fields on the product's picture in their fonts as the storefront will, with a sample text to try; the
 * field chosen under "Place on the picture" moves where the picture is clicked. Rules come from the contract's
 * `PersonalizeBody` (the server's own); the server's 400s (product already personalised, duplicate label, foreign
 * font) land under their field. Save creates (`POST /api/personalizes`) or updates (`PUT …/{id}`); Delete asks first.
 */
export default function PersonalizeEditScreen() {
  const { id = null } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const existing = usePersonalize(id);
  const fonts = useFonts();
  const { save, remove } = usePersonalizeMutations();
  const [selected, setSelected] = useState<string | null>(null);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<{ id: string; title: string; imageSrc: string | null } | null>(null);
  const choices = useProductChoices(debounced === chosen?.title ? '' : debounced);
  const { submitted, busy, handleSubmit } = useSubmit();
  const form = usePersonalizeForm(submitted);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the personalisation once it arrives (and after a save)
  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    form.setValues({ productId: p.productId, name: p.name, fields: p.fields });
    form.resetDirty();
    setChosen({ id: p.productId, title: p.product.title, imageSrc: p.product.imageSrc });
    setSelected((s) => s ?? p.fields[0]?.id ?? null);
  }, [existing.data]);
  useEffect(() => {
    if (!selected && form.values.fields[0]) setSelected(form.values.fields[0].id);
  }, [selected, form.values.fields]);
  const fontList = fonts.data?.fonts ?? [];
  useFontFaces(fontList);
  const fontData = [{ value: '', label: 'Theme font' }, ...fontList.map((f) => ({ value: f.id, label: `${f.name} (${f.family})` }))];
  const options = useMemo(() => {
    const list = (choices.data?.products ?? []).map((p) => ({ value: p.id, label: p.title }));
    if (chosen && !list.some((o) => o.value === chosen.id)) list.unshift({ value: chosen.id, label: chosen.title });
    return list;
  }, [choices.data, chosen]);
  const fields = form.values.fields;
  const submit = handleSubmit(
    form,
    async (v) => {
      const saved = await save.mutateAsync({ id, body: v });
      form.resetDirty();
      if (!id) await navigate({ to: routePath('website.product-personalized.update', { id: saved.id }), replace: true });
    },
    (e) => {
      for (const m of e.messages) {
        const hit = /^body\.([\w.]+): (.*)$/.exec(m);
        if (hit) form.setFieldError(hit[1]!, hit[2]!);
      }
    },
  );
  const add = (make: (n: number) => PersonalizeField) => {
    const f = make(fields.filter((x) => x.type === make(0).type).length);
    form.insertListItem('fields', f);
    setSelected(f.id);
  };
  const title = id ? existing.data?.product.title || 'Edit personalization' : 'Personalize a product';
  return (
    <EditScreen
      back={{ to: routePath('website.product-personalized'), label: 'Personalized Product' }}
      title={title}
      formLabel={id ? 'Edit personalization' : 'Personalize a product'}
      width={1200}
      noun="personalization"
      loadError={id ? existing.error : null}
      loading={!!id && existing.isPending}
      skeletonHeight={480}
      onSubmit={submit}
      saving={busy}
      remove={
        id
          ? {
              label: 'Delete personalization',
              confirmTitle: 'Delete this personalization?',
              confirmText: 'Shoppers will no longer personalize this product. Orders already placed keep what was typed.',
              confirmLabel: 'Delete personalization',
              pending: remove.isPending,
              onConfirm: async () => {
                await remove.mutateAsync(id);
                await navigate({ to: routePath('website.product-personalized') });
              },
            }
          : undefined
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <Card padding="lg">
              <Stack gap="md">
                <Select
                  label="Product"
                  placeholder="Search products"
                  withAsterisk
                  searchable
                  data={options}
                  value={form.values.productId || null}
                  searchValue={search}
                  onSearchChange={setSearch}
                  onChange={(v, o) => {
                    form.setFieldValue('productId', v ?? '');
                    const p = choices.data?.products.find((x) => x.id === v);
                    setChosen(
                      v && o ? { id: v, title: o.label, imageSrc: p?.image?.src ?? (chosen?.id === v ? chosen.imageSrc : null) } : null,
                    );
                    if (v && o && !form.values.name.trim()) form.setFieldValue('name', `${o.label} personalization`);
                  }}
                  nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No product found'}
                  filter={({ options: o }) => o}
                  error={form.errors.productId}
                />
                <TextInput
                  label="Name"
                  description="Shown in your list of personalized products; shoppers do not see it."
                  withAsterisk
                  {...form.getInputProps('name')}
                />
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} size="h4">
                    Fields
                  </Title>
                  <Group gap="xs">
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconTypography size={14} aria-hidden />}
                      disabled={fields.length >= PERSONALIZE_MAX_FIELDS}
                      onClick={() => add(textField)}
                    >
                      Add text field
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      leftSection={<IconPhoto size={14} aria-hidden />}
                      disabled={fields.length >= PERSONALIZE_MAX_FIELDS}
                      onClick={() => add(imageField)}
                    >
                      Add photo field
                    </Button>
                  </Group>
                </Group>
                {typeof form.errors.fields === 'string' && (
                  <Text c="red" size="sm">
                    {form.errors.fields}
                  </Text>
                )}
                <Radio.Group
                  value={selected}
                  onChange={setSelected}
                  label="Place on the picture"
                  description="The chosen field moves where you click the preview."
                >
                  <Stack gap="md" mt="xs">
                    {fields.map((f, i) => (
                      <FieldCard
                        key={f.id}
                        form={form}
                        field={f}
                        index={i}
                        count={fields.length}
                        fontData={fontData}
                        onRemove={() => {
                          form.removeListItem('fields', i);
                          if (selected === f.id) setSelected(null);
                        }}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                {fontList.length === 0 && (
                  <Text size="sm" c="dimmed">
                    Want your own lettering?{' '}
                    <Anchor component={Link} to={routePath('website.product-personalized.fonts')} underline="always">
                      Upload a font
                    </Anchor>{' '}
                    (TTF, OTF, WOFF or WOFF2).
                  </Text>
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Card padding="lg" style={{ position: 'sticky', top: 16 }}>
            <Stack gap="sm">
              <Title order={2} size="h4">
                Preview
              </Title>
              <PersonalizePreview
                imageSrc={chosen?.imageSrc ?? null}
                fields={fields}
                samples={samples}
                selected={selected}
                onPlace={(x, y) => {
                  const i = fields.findIndex((f) => f.id === selected);
                  if (i === -1) return;
                  form.setFieldValue(`fields.${i}.x`, x);
                  form.setFieldValue(`fields.${i}.y`, y);
                }}
              />
              {fields
                .filter((f) => f.type === 'text')
                .map((f) => (
                  <TextInput
                    key={f.id}
                    label={`Try ${f.label || 'the text'}`}
                    placeholder={f.placeholder || 'Type a sample'}
                    maxLength={f.type === 'text' ? f.maxLength : undefined}
                    value={samples[f.id] ?? ''}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setSamples((s) => ({ ...s, [f.id]: value }));
                    }}
                  />
                ))}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </EditScreen>
  );
}

/** One field of the editor: its kind, label and rules, its look (text) or box (photo), reorder and remove. */
function FieldCard({
  form,
  field,
  index: i,
  count,
  fontData,
  onRemove,
}: {
  form: Form;
  field: PersonalizeField;
  index: number;
  count: number;
  fontData: { value: string; label: string }[];
  onRemove: () => void;
}) {
  const p = (k: string) => form.getInputProps(`fields.${i}.${k}`);
  const name = field.label || `field ${i + 1}`;
  return (
    <Card withBorder padding="md" radius="md" aria-label={field.label ? `Field ${field.label}` : `Field ${i + 1}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Radio value={field.id} aria-label={`Place ${name}`} />
            <Badge variant="light" color={field.type === 'text' ? 'blue' : 'grape'} tt="none">
              {field.type === 'text' ? 'Text' : 'Photo'}
            </Badge>
            <Text fw={600} size="sm" truncate>
              {name}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} up`}
              disabled={i === 0}
              onClick={() => form.reorderListItem('fields', { from: i, to: i - 1 })}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} down`}
              disabled={i === count - 1}
              onClick={() => form.reorderListItem('fields', { from: i, to: i + 1 })}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} disabled={count === 1} onClick={onRemove}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput label="Label" withAsterisk description="What the shopper sees above the input." {...p('label')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Switch label="Required" mt={{ base: 0, sm: 32 }} {...form.getInputProps(`fields.${i}.required`, { type: 'checkbox' })} />
          </Grid.Col>
          {field.type === 'text' ? (
            <>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <NumberInput label="Max characters" min={1} max={100} allowDecimal={false} {...p('maxLength')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 8 }}>
                <TextInput label="Placeholder" {...p('placeholder')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label="Font"
                  data={fontData}
                  allowDeselect={false}
                  value={field.fontId ?? ''}
                  onChange={(v) => form.setFieldValue(`fields.${i}.fontId`, v ? v : null)}
                  error={form.errors[`fields.${i}.fontId`]}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <ColorInput label="Colour" format="hex" withEyeDropper={false} {...p('color')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <NumberInput label="Size" min={8} max={300} allowDecimal={false} suffix=" px" {...p('fontSize')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <Text size="sm" fw={500} mb={4} id={`align-${field.id}`}>
                  Alignment
                </Text>
                <SegmentedControl
                  aria-labelledby={`align-${field.id}`}
                  fullWidth
                  data={[
                    { value: 'left', label: 'Left' },
                    { value: 'center', label: 'Centre' },
                    { value: 'right', label: 'Right' },
                  ]}
                  {...p('align')}
                />
              </Grid.Col>
              <Grid.Col span={6}>
                <Pct label="X (across)" {...p('x')} />
              </Grid.Col>
              <Grid.Col span={6}>
                <Pct label="Y (down)" {...p('y')} />
              </Grid.Col>
            </>
          ) : (
            <>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Pct label="X (across)" {...p('x')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Pct label="Y (down)" {...p('y')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Pct label="Width" {...p('width')} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <Pct label="Height" {...p('height')} />
              </Grid.Col>
            </>
          )}
        </Grid>
      </Stack>
    </Card>
  );
}
