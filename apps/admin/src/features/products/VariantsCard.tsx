import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS } from '@backroom/contracts';
import { ActionIcon, Alert, Button, Card, Group, Select, SimpleGrid, Stack, Table, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MoneyInput } from '../../components/MoneyInput';
import { NumberInput } from '../../components/NumberInput';
import { combinationCount, type ProductValues, rowTitle, type VariantValues, variantMatrix } from './variants';

type Errors = Record<string, unknown>;
const err = (errors: Errors, path: string) => (errors[path] as string | undefined) ?? undefined;

/** A money field of the variant form in major units (the one MoneyInput); empty = null when `nullable`. */
function Money({
  label,
  value,
  onChange,
  currency,
  nullable,
  error,
  hideLabel,
  path,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  currency: string;
  nullable?: boolean;
  error?: string;
  hideLabel?: boolean;
  /** The form path of the field (`variants.0.price`), so a refused save can point at it. */
  path: string;
}) {
  return (
    <MoneyInput
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      value={value}
      onChange={onChange}
      currency={currency}
      nullable={nullable}
      error={error}
      size={hideLabel ? 'xs' : 'sm'}
      miw={hideLabel ? 90 : undefined}
      data-path={path}
    />
  );
}

/**
 * Options and variants of the product form (issue 13 item 2, Shopify's admin): up to 3 options, each a name and
 * its values (typed, Enter adds one); the variant table lists every combination (≤ 100) with price, compare-at
 * price, cost per item, SKU, barcode and stock, kept per combination when options change. Without options, the
 * product's one variant is edited as "Pricing" and "Inventory".
 */
export function VariantsCard({
  values,
  currency,
  errors,
  onOptions,
  onVariant,
}: {
  values: Pick<ProductValues, 'options' | 'variants'>;
  /** ISO 4217 code of the shop's money. */
  currency: string;
  errors: Errors;
  onOptions: (options: ProductValues['options'], variants: VariantValues[]) => void;
  onVariant: (index: number, patch: Partial<VariantValues>) => void;
}) {
  const { options, variants } = values;
  const count = combinationCount(options.filter((o) => o.values.length));
  const tooMany = count > MAX_PRODUCT_VARIANTS;
  const setOptions = (next: ProductValues['options']) => onOptions(next, variantMatrix(next, variants) ?? variants);
  const single = options.length === 0;
  const v0 = variants[0];

  return (
    <>
      {single && v0 && (
        <Card padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Pricing
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <Money
                label="Price"
                value={v0.price}
                onChange={(price) => onVariant(0, { price: price as number })}
                currency={currency}
                error={err(errors, 'variants.0.price')}
                path="variants.0.price"
              />
              <Money
                label="Compare-at price"
                value={v0.compareAtPrice}
                onChange={(compareAtPrice) => onVariant(0, { compareAtPrice })}
                currency={currency}
                nullable
                error={err(errors, 'variants.0.compareAtPrice')}
                path="variants.0.compareAtPrice"
              />
              <Money
                label="Cost per item"
                value={v0.cost}
                onChange={(cost) => onVariant(0, { cost })}
                currency={currency}
                nullable
                error={err(errors, 'variants.0.cost')}
                path="variants.0.cost"
              />
            </SimpleGrid>
            <Title order={2} size="h4">
              Inventory
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
              <TextInput
                label="SKU"
                value={v0.sku}
                onChange={(e) => onVariant(0, { sku: e.currentTarget.value })}
                error={err(errors, 'variants.0.sku')}
              />
              <TextInput
                label="Barcode (ISBN, UPC, GTIN…)"
                value={v0.barcode}
                onChange={(e) => onVariant(0, { barcode: e.currentTarget.value })}
                error={err(errors, 'variants.0.barcode')}
              />
              <NumberInput
                label="Quantity"
                value={v0.inventoryQuantity}
                onChange={(q) => onVariant(0, { inventoryQuantity: q === '' ? Number.NaN : q })}
                nullable={false}
                allowDecimal={false}
                error={err(errors, 'variants.0.inventoryQuantity')}
                data-path="variants.0.inventoryQuantity"
              />
            </SimpleGrid>
            <Group grow align="flex-start">
              <Select
                label="When out of stock"
                data={[
                  { value: 'deny', label: 'Stop selling' },
                  { value: 'continue', label: 'Continue selling' },
                ]}
                value={v0.inventoryPolicy}
                onChange={(p) => p && onVariant(0, { inventoryPolicy: p as VariantValues['inventoryPolicy'] })}
                allowDeselect={false}
              />
              <NumberInput
                label="Weight"
                value={v0.weight}
                onChange={(w) => onVariant(0, { weight: w === '' ? 0 : w })}
                min={0}
                error={err(errors, 'variants.0.weight')}
                data-path="variants.0.weight"
                decimalScale={3}
                rightSectionWidth={64}
                rightSection={
                  <Select
                    aria-label="Weight unit"
                    size="xs"
                    variant="unstyled"
                    data={['g', 'kg', 'lb', 'oz']}
                    value={v0.weightUnit}
                    onChange={(u) => u && onVariant(0, { weightUnit: u as VariantValues['weightUnit'] })}
                    allowDeselect={false}
                    w={56}
                  />
                }
              />
            </Group>
          </Stack>
        </Card>
      )}

      <Card padding="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Variants
            </Title>
            {options.length < MAX_PRODUCT_OPTIONS && (
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setOptions([...options, { name: ['Size', 'Color', 'Material'][options.length] ?? '', values: [] }])}
              >
                {options.length ? 'Add another option' : 'Add options like size or color'}
              </Button>
            )}
          </Group>
          {options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are positional (option1…option3): the index IS their identity
            <Group key={i} align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                label={`Option ${i + 1} name`}
                value={o.name}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  onOptions(
                    options.map((x, j) => (j === i ? { ...x, name } : x)),
                    variants,
                  );
                }}
                error={err(errors, `options.${i}.name`)}
                w={180}
              />
              <TagsInput
                label={`${o.name || `Option ${i + 1}`} values`}
                description="Type a value and press Enter"
                value={o.values}
                onChange={(vals) => setOptions(options.map((x, j) => (j === i ? { ...x, values: vals } : x)))}
                error={err(errors, `options.${i}.values`)}
                style={{ flex: 1 }}
                acceptValueOnBlur
              />
              <ActionIcon
                mt={24}
                variant="subtle"
                color="red"
                aria-label={`Remove option ${o.name || i + 1}`}
                onClick={() => setOptions(options.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {tooMany && (
            <Alert color="red" title="Too many variants">
              These options give {count} combinations; a product has at most {MAX_PRODUCT_VARIANTS} variants. Remove some values.
            </Alert>
          )}
          {typeof errors.variants === 'string' && (
            <Text c="red" size="sm">
              {errors.variants}
            </Text>
          )}
          {!single && (
            <Table.ScrollContainer minWidth={860} type="native">
              <Table verticalSpacing={6} horizontalSpacing="xs" aria-label="Variants">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Variant</Table.Th>
                    <Table.Th>Price</Table.Th>
                    <Table.Th>Compare-at</Table.Th>
                    <Table.Th>Cost</Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th>Barcode</Table.Th>
                    <Table.Th>Available</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {variants.map((v, i) => {
                    const title = rowTitle(v);
                    return (
                      <Table.Tr key={`${v.id ?? ''}${title}`}>
                        <Table.Td>
                          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                            {title}
                          </Text>
                          {err(errors, `variants.${i}`) && (
                            <Text size="xs" c="red">
                              {err(errors, `variants.${i}`)}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Money
                            hideLabel
                            label={`Price of ${title}`}
                            value={v.price}
                            onChange={(price) => onVariant(i, { price: price as number })}
                            currency={currency}
                            error={err(errors, `variants.${i}.price`)}
                            path={`variants.${i}.price`}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Money
                            hideLabel
                            nullable
                            label={`Compare-at price of ${title}`}
                            value={v.compareAtPrice}
                            onChange={(compareAtPrice) => onVariant(i, { compareAtPrice })}
                            currency={currency}
                            error={err(errors, `variants.${i}.compareAtPrice`)}
                            path={`variants.${i}.compareAtPrice`}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Money
                            hideLabel
                            nullable
                            label={`Cost of ${title}`}
                            value={v.cost}
                            onChange={(cost) => onVariant(i, { cost })}
                            currency={currency}
                            error={err(errors, `variants.${i}.cost`)}
                            path={`variants.${i}.cost`}
                          />
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            aria-label={`SKU of ${title}`}
                            value={v.sku}
                            onChange={(e) => onVariant(i, { sku: e.currentTarget.value })}
                            miw={100}
                          />
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            aria-label={`Barcode of ${title}`}
                            value={v.barcode}
                            onChange={(e) => onVariant(i, { barcode: e.currentTarget.value })}
                            miw={110}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberInput
                            size="xs"
                            aria-label={`Available of ${title}`}
                            value={v.inventoryQuantity}
                            onChange={(q) => onVariant(i, { inventoryQuantity: q === '' ? Number.NaN : q })}
                            nullable={false}
                            allowDecimal={false}
                            error={err(errors, `variants.${i}.inventoryQuantity`)}
                            data-path={`variants.${i}.inventoryQuantity`}
                            hideControls
                            miw={70}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {!single && (
            <Text size="xs" c="dimmed">
              {variants.length} {variants.length === 1 ? 'variant' : 'variants'} · new combinations take the first variant's price.
            </Text>
          )}
        </Stack>
      </Card>
    </>
  );
}
