import { ProductFiltersBody, type ProductFilterType } from '@backroom/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSubmit } from '../../lib/use-submit';
import { useProductFilters, useSaveProductFilters } from './api';

/** One filter row of the form. */
interface FilterValues {
  type: ProductFilterType;
  label: string;
  optionName: string | null;
  values: string[];
  enabled: boolean;
}

/** What each non-option filter filters by, as the screen names it. */
const FIXED: { type: Exclude<ProductFilterType, 'option'>; label: string; about: string }[] = [
  { type: 'price', label: 'Price', about: 'Price range' },
  { type: 'vendor', label: 'Brand', about: 'Vendor' },
  { type: 'productType', label: 'Product type', about: 'Product type' },
  { type: 'availability', label: 'Availability', about: 'In stock only' },
];

const rules = schemaResolver(ProductFiltersBody, { sync: true });

/**
 * `website.menufilter` (`/admin/product-options`, Product Options, any member — no role in spec §2; issue 13 item 6):
 * which filters the storefront collection pages offer and in what order. The shop's options (Size, Color … with the
 * values its variants use, `GET /api/product-options`) can each become a filter with its own label and value order;
 * price range, vendor, product type and availability too. Rows move up and down, can be hidden, and the whole list is
 * saved at once (`PUT /api/product-options`, messages of the contract under the field).
 */
export default function ProductOptionsScreen() {
  const data = useProductFilters();
  const save = useSaveProductFilters();
  const { submitted, handleSubmit, busy } = useSubmit();
  const form = useForm<{ filters: FilterValues[] }>({
    mode: 'controlled',
    initialValues: { filters: [] },
    validate: rules,
    validateInputOnChange: submitted,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the saved list once it arrives
  useEffect(() => {
    if (!data.data) return;
    form.setValues({
      filters: data.data.filters.map(({ type, label, optionName, values, enabled }) => ({ type, label, optionName, values, enabled })),
    });
    form.resetDirty();
  }, [data.data]);
  const filters = form.values.filters;
  const options = data.data?.options ?? [];
  const usedOptions = new Set(filters.filter((f) => f.type === 'option').map((f) => f.optionName?.toLowerCase()));
  const usedTypes = new Set(filters.map((f) => f.type));
  const addable = [
    ...options
      .filter((o) => !usedOptions.has(o.name.toLowerCase()))
      .map((o) => ({
        key: `option:${o.name}`,
        text: o.name,
        add: { type: 'option' as const, label: o.name, optionName: o.name, values: [], enabled: true },
      })),
    ...FIXED.filter((f) => !usedTypes.has(f.type)).map((f) => ({
      key: f.type,
      text: f.about,
      add: { type: f.type, label: f.label, optionName: null, values: [], enabled: true },
    })),
  ];
  const move = (i: number, by: number) => form.reorderListItem('filters', { from: i, to: i + by });
  const submit = handleSubmit(form, async (values) => {
    await save.mutateAsync(values);
    form.resetDirty();
  });
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Product Options
        </Title>
        <Text c="dimmed" size="sm">
          The filters shoppers see on your collection pages, in this order: your product options (size, colour …), price, brand, type and
          availability.
        </Text>
      </Stack>
      {data.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The product options could not be loaded">
          {data.error.message}
        </Alert>
      )}
      {data.isPending ? (
        <Skeleton h={240} radius="lg" />
      ) : (
        <form onSubmit={submit} aria-label="Storefront filters" noValidate>
          <Stack gap="lg">
            <Card padding="lg">
              <Group justify="space-between" mb="md" wrap="wrap">
                <Title order={2} size="h4">
                  Storefront filters
                </Title>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={addable.length === 0}>
                      Add filter
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {addable.map((a) => (
                      <Menu.Item key={a.key} onClick={() => form.insertListItem('filters', a.add)}>
                        {a.text}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              </Group>
              {filters.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No filters yet: your collection pages show products without filters. Add the options shoppers narrow by.
                </Text>
              ) : (
                <Stack gap="sm">
                  {filters.map((f, i) => {
                    const found = options.find((o) => o.name === f.optionName);
                    const about = f.type === 'option' ? `Option: ${f.optionName}` : FIXED.find((x) => x.type === f.type)?.about;
                    return (
                      <Card
                        key={`${f.type}:${f.optionName ?? ''}`}
                        withBorder
                        padding="sm"
                        radius="md"
                        aria-label={`Filter ${f.label || about}`}
                      >
                        <Group align="flex-start" wrap="wrap" gap="sm">
                          <Stack gap={4} style={{ flex: '1 1 220px' }}>
                            <TextInput label="Label" required {...form.getInputProps(`filters.${i}.label`)} />
                            <Text size="xs" c="dimmed">
                              {about}
                            </Text>
                          </Stack>
                          {f.type === 'option' && (
                            <TagsInput
                              style={{ flex: '2 1 260px' }}
                              label="Value order"
                              description="Values listed here come first, in this order; the others follow A→Z."
                              data={found?.values ?? []}
                              {...form.getInputProps(`filters.${i}.values`)}
                            />
                          )}
                          <Group gap={4} mt={24}>
                            <Switch label="Shown" {...form.getInputProps(`filters.${i}.enabled`, { type: 'checkbox' })} />
                            <ActionIcon variant="subtle" aria-label={`Move ${f.label} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                              <IconArrowUp size={16} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Move ${f.label} down`}
                              disabled={i === filters.length - 1}
                              onClick={() => move(i, 1)}
                            >
                              <IconArrowDown size={16} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Remove ${f.label}`}
                              onClick={() => form.removeListItem('filters', i)}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </Group>
                        {form.errors[`filters.${i}.optionName`] && (
                          <Text c="red" size="sm" mt={4}>
                            {form.errors[`filters.${i}.optionName`]}
                          </Text>
                        )}
                      </Card>
                    );
                  })}
                </Stack>
              )}
              {typeof form.errors.filters === 'string' && (
                <Text c="red" size="sm" mt="sm">
                  {form.errors.filters}
                </Text>
              )}
            </Card>
            <Group justify="flex-end">
              <Button type="submit" loading={busy} disabled={!form.isDirty()}>
                Save
              </Button>
            </Group>
            <Card padding="lg">
              <Title order={2} size="h4" mb="xs">
                Options in your products
              </Title>
              <Text c="dimmed" size="sm" mb="md">
                The options your variants use (set on each product); each can become a filter.
              </Text>
              {options.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No product has options yet.
                </Text>
              ) : (
                <Stack gap="sm">
                  {options.map((o) => (
                    <Group key={o.name} gap="xs" wrap="wrap">
                      <Text fw={600} size="sm" w={120}>
                        {o.name}
                      </Text>
                      {o.values.slice(0, 24).map((v) => (
                        <Badge key={v} variant="light" color="gray" tt="none" c="dark.7">
                          {v}
                        </Badge>
                      ))}
                      <Text size="xs" c="dimmed">
                        {o.products} {o.products === 1 ? 'product' : 'products'}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
