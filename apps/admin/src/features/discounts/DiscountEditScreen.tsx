import {
  DEFAULT_TIMEZONE,
  type Discount,
  DiscountInput,
  type DiscountMethod,
  type DiscountType,
  instantOfLocal,
  isLocalDate,
  localParts,
} from '@backroom/contracts';
import {
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  List,
  MultiSelect,
  Radio,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { EditScreen } from '../../components/EditScreen';
import { MoneyInput, useShopCurrency } from '../../components/MoneyInput';
import { NumberInput } from '../../components/NumberInput';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { usePreference, useRouteName } from '../../shell/hooks';
import { lookupOptions, useDiscount, useDiscountMutations } from './api';
import { StatusBadge } from './DiscountsScreen';
import { currencyFor, discountSummary } from './summary';

/**
 * The form's values: the request body (contracts DiscountInput) with the active dates split into a date and a time on
 * the shop's clock, and the optional limits behind their checkboxes, as Shopify's form has them.
 */
interface FormValues {
  code: string;
  title: string;
  type: DiscountType;
  value: number | string;
  appliesTo: 'all' | 'products' | 'collections';
  productIds: string[];
  collectionIds: string[];
  buyQuantity: number | string;
  getQuantity: number | string;
  minimumType: 'none' | 'subtotal' | 'quantity';
  minimumSubtotal: number | string;
  minimumQuantity: number | string;
  eligibility: 'all' | 'emails';
  customerEmails: string[];
  limitTotal: boolean;
  usageLimit: number | string;
  oncePerCustomer: boolean;
  productDiscounts: boolean;
  orderDiscounts: boolean;
  shippingDiscounts: boolean;
  startDate: string;
  startTime: string;
  hasEnd: boolean;
  endDate: string;
  endTime: string;
}

const TYPES: { value: DiscountType; label: string }[] = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'fixed_amount', label: 'Fixed amount' },
  { value: 'free_shipping', label: 'Free shipping' },
  { value: 'buy_x_get_y', label: 'Buy X get Y' },
];
/**
 * A number field's value for the request body: an empty field counts as 0, so the contract's own rule answers it
 * ('must be between 0.01 and 100', 'must be 1 or more') and the other fields' rules still run. A text the field
 * refused (NaN) stays NaN, so the contract refuses the save instead of reading 0 (issue 30 item 3).
 */
const num = (v: number | string) => (v === '' ? 0 : Number(v));
/** A quantity that may be absent: an empty field is null (the contract says 'Required.' where it is needed). */
const qty = (v: number | string) => (v === '' ? null : Number(v));

/** Form values → the request body; dates and times on the shop's clock (`tz`) become ISO instants (time.ts). */
export function toInput(method: DiscountMethod, v: FormValues, tz: string): DiscountInput {
  const instant = (date: string, time: string) => {
    try {
      return new Date(instantOfLocal(date, time || '00:00', tz)).toISOString();
    } catch {
      return date; // refused by the schema with its message
    }
  };
  return {
    method,
    code: v.code,
    title: v.title,
    type: v.type,
    value: v.type === 'free_shipping' ? 0 : num(v.value),
    appliesTo: v.type === 'free_shipping' ? 'all' : v.appliesTo,
    productIds: v.productIds,
    collectionIds: v.collectionIds,
    buyQuantity: v.type === 'buy_x_get_y' ? qty(v.buyQuantity) : null,
    getQuantity: v.type === 'buy_x_get_y' ? qty(v.getQuantity) : null,
    minimumType: v.minimumType,
    minimumSubtotal: v.minimumType === 'subtotal' ? num(v.minimumSubtotal) : 0,
    minimumQuantity: v.minimumType === 'quantity' ? num(v.minimumQuantity) : 0,
    customerEmails: v.eligibility === 'emails' ? v.customerEmails : [],
    usageLimit: v.limitTotal ? num(v.usageLimit) : null,
    oncePerCustomer: v.oncePerCustomer,
    combinesWith: { productDiscounts: v.productDiscounts, orderDiscounts: v.orderDiscounts, shippingDiscounts: v.shippingDiscounts },
    startsAt: instant(v.startDate, v.startTime),
    endsAt: v.hasEnd ? instant(v.endDate, v.endTime) : null,
  };
}

/** A discount from the API → form values, its dates read on the shop's clock. */
function fromDiscount(d: Discount, tz: string): FormValues {
  const local = (iso: string) => {
    const p = localParts(new Date(iso), tz);
    return { date: p.date, time: `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}` };
  };
  const start = local(d.startsAt);
  const end = d.endsAt ? local(d.endsAt) : { date: '', time: '23:59' };
  return {
    code: d.code,
    title: d.title,
    type: d.type,
    value: d.value || '',
    appliesTo: d.appliesTo,
    productIds: d.productIds,
    collectionIds: d.collectionIds,
    buyQuantity: d.buyQuantity ?? '',
    getQuantity: d.getQuantity ?? '',
    minimumType: d.minimumType,
    minimumSubtotal: d.minimumSubtotal || '',
    minimumQuantity: d.minimumQuantity || '',
    eligibility: d.customerEmails.length ? 'emails' : 'all',
    customerEmails: d.customerEmails,
    limitTotal: d.usageLimit !== null,
    usageLimit: d.usageLimit ?? '',
    oncePerCustomer: d.oncePerCustomer,
    ...d.combinesWith,
    startDate: start.date,
    startTime: start.time,
    hasEnd: d.endsAt !== null,
    endDate: end.date,
    endTime: end.time,
  };
}

function emptyValues(tz: string): FormValues {
  const now = localParts(Date.now(), tz);
  return {
    code: '',
    title: '',
    type: 'percentage',
    value: '',
    appliesTo: 'all',
    productIds: [],
    collectionIds: [],
    buyQuantity: '',
    getQuantity: '',
    minimumType: 'none',
    minimumSubtotal: '',
    minimumQuantity: '',
    eligibility: 'all',
    customerEmails: [],
    limitTotal: false,
    usageLimit: '',
    oncePerCustomer: false,
    productDiscounts: false,
    orderDiscounts: false,
    shippingDiscounts: false,
    startDate: now.date,
    startTime: `${String(now.hour).padStart(2, '0')}:${String(now.minute).padStart(2, '0')}`,
    hasEnd: false,
    endDate: '',
    endTime: '23:59',
  };
}

/** Where an error of the request body shows in the form (body field → form field). */
const FIELD_OF: Record<string, keyof FormValues> = { startsAt: 'startDate', endsAt: 'endDate' };

/**
 * The contract's DiscountInput schema as the form's validator (Mantine's schemaResolver): the form's values are
 * converted to the request body first, and each message lands on the field it names.
 */
function useValidator(method: DiscountMethod, tz: string) {
  return useMemo(() => {
    const resolve = schemaResolver(DiscountInput, { sync: true });
    return (v: FormValues) => {
      const errors = resolve(toInput(method, v, tz) as never) as Record<string, string>;
      const out: Record<string, string> = {};
      for (const [path, message] of Object.entries(errors)) {
        const [head] = path.split('.');
        out[FIELD_OF[head!] ?? head!] ??= message;
      }
      return out;
    };
  }, [method, tz]);
}

/** A searchable picker of the store's products or collections (GET /api/discounts/lookups, scope discounts). */
function ItemPicker({
  kind,
  value,
  onChange,
  error,
}: {
  kind: 'products' | 'collections';
  value: string[];
  onChange: (ids: string[]) => void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery(lookupOptions(kind, { search: debounced }));
  const chosen = useQuery({ ...lookupOptions(kind, { ids: value }), enabled: value.length > 0 });
  const data = useMemo(() => {
    const all = new Map<string, string>();
    for (const i of chosen.data?.items ?? []) all.set(i.id, i.title);
    for (const i of found.data?.items ?? []) all.set(i.id, i.title);
    for (const id of value) if (!all.has(id)) all.set(id, '…');
    return [...all].map(([v, label]) => ({ value: v, label }));
  }, [chosen.data, found.data, value]);
  return (
    <MultiSelect
      label={kind === 'products' ? 'Products' : 'Collections'}
      placeholder={kind === 'products' ? 'Search products' : 'Search collections'}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      nothingFoundMessage="Nothing found"
    />
  );
}

/**
 * `website.discount.code.create` (`/admin/discounts/codes/new`), `website.discount.automatic.create`
 * (`/admin/discounts/automatic/new`) and `website.discount.update` (`/admin/discounts/{id}`), scope `discounts`
 * (issue 12 item 6, Shopify's discount form): the code (or the title of an automatic discount), the type
 * (percentage, fixed amount, free shipping, buy X get Y) and value, what it applies to (all, products,
 * collections), the minimum purchase requirement, customer eligibility (all, or listed e-mails), usage limits (in
 * total, one per customer), combinations, and the active dates picked on the shop's clock (its time zone, from the
 * page preference) and sent as instants. The rules are the contract's DiscountInput through the resolver; a code
 * already used comes back as the server's message under the code. A summary card on the side says in words what
 * the discount does, as Shopify's does. Save creates or updates; Delete asks first.
 */
export default function DiscountEditScreen() {
  const { id = null } = useParams({ strict: false }) as { id?: string };
  const routeName = useRouteName();
  const navigate = useNavigate();
  const tz = usePreference().data?.standardTimezone || DEFAULT_TIMEZONE;
  const existing = useDiscount(id);
  const method: DiscountMethod = id
    ? (existing.data?.method ?? 'code')
    : routeName === 'website.discount.automatic.create'
      ? 'automatic'
      : 'code';
  const listRoute = method === 'code' ? 'website.discount.code' : 'website.discount.automatic';
  const { save, remove } = useDiscountMutations();
  const { submitted, handleSubmit } = useSubmit();
  const validate = useValidator(method, tz);
  const shopCurrency = useShopCurrency();
  const form = useForm<FormValues>({ mode: 'controlled', initialValues: emptyValues(tz), validate, validateInputOnChange: submitted });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the discount once it arrives (and after a save)
  useEffect(() => {
    if (!existing.data) return;
    form.setValues(fromDiscount(existing.data, tz));
    form.resetDirty();
  }, [existing.data, tz]);
  const v = form.values;
  const submit = handleSubmit(
    form,
    async (values) => {
      const saved = await save.mutateAsync({ id, body: toInput(method, values, tz) });
      form.resetDirty();
      if (!id) await navigate({ to: routePath('website.discount.update', { id: saved.id }), replace: true });
    },
    (e) => {
      for (const m of e.messages) {
        const [field, ...rest] = m.replace(/^body\./, '').split(': ');
        const key = FIELD_OF[field!] ?? (field as keyof FormValues);
        if (rest.length && key in v) form.setFieldError(key, rest.join(': '));
      }
    },
  );
  const input = toInput(method, v, tz);
  const summaryInput = {
    ...input,
    value: Number.isFinite(input.value) ? (input.value ?? 0) : 0,
    productIds: input.productIds ?? [],
    collectionIds: input.collectionIds ?? [],
    buyQuantity: Number.isFinite(input.buyQuantity) ? (input.buyQuantity ?? null) : null,
    getQuantity: Number.isFinite(input.getQuantity) ? (input.getQuantity ?? null) : null,
    minimumType: input.minimumType ?? 'none',
    minimumSubtotal: Number.isFinite(input.minimumSubtotal) ? (input.minimumSubtotal ?? 0) : 0,
    minimumQuantity: Number.isFinite(input.minimumQuantity) ? (input.minimumQuantity ?? 0) : 0,
    customerEmails: input.customerEmails ?? [],
    usageLimit: Number.isFinite(input.usageLimit) ? (input.usageLimit ?? null) : null,
    oncePerCustomer: !!input.oncePerCustomer,
    combinesWith: { productDiscounts: v.productDiscounts, orderDiscounts: v.orderDiscounts, shippingDiscounts: v.shippingDiscounts },
    appliesTo: input.appliesTo ?? 'all',
    startsAt: isLocalDate(v.startDate) ? input.startsAt : '',
    endsAt: v.hasEnd && isLocalDate(v.endDate) ? (input.endsAt ?? null) : null,
  };
  const currency = currencyFor(existing.data?.currency ?? shopCurrency);
  const lines = discountSummary(summaryInput, currency, tz);
  const title = method === 'code' ? 'discount code' : 'automatic discount';
  return (
    <EditScreen
      back={{ to: routePath(listRoute), label: 'Discounts' }}
      title={id ? (existing.data ? existing.data.code || existing.data.title : 'Edit discount') : `Create ${title}`}
      formLabel={id ? 'Edit discount' : `Create ${title}`}
      width={1100}
      noun="discount"
      loadError={id ? existing.error : null}
      loading={!!id && existing.isPending}
      skeletonHeight={520}
      onSubmit={submit}
      saveLabel="Save discount"
      saving={save.isPending}
      remove={
        id
          ? {
              label: 'Delete',
              confirmTitle: 'Delete this discount?',
              confirmText: 'Shoppers can no longer use it. Orders keep the amounts it took off. This cannot be undone.',
              confirmLabel: 'Delete discount',
              pending: remove.isPending,
              onConfirm: async () => {
                await remove.mutateAsync({ id, code: existing.data?.code ?? '', title: existing.data?.title ?? '' });
                await navigate({ to: routePath(listRoute) });
              },
            }
          : undefined
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {method === 'code' ? 'Discount code' : 'Automatic discount'}
                </Title>
                {method === 'code' ? (
                  <Group align="flex-end" gap="sm" wrap="nowrap">
                    <TextInput
                      label="Discount code"
                      description="Customers enter this code in the cart or at checkout."
                      withAsterisk
                      style={{ flex: 1 }}
                      {...form.getInputProps('code')}
                    />
                    <Button
                      variant="default"
                      onClick={() => form.setFieldValue('code', Math.random().toString(36).slice(2, 10).toUpperCase())}
                    >
                      Generate
                    </Button>
                  </Group>
                ) : (
                  <TextInput
                    label="Title"
                    description="Customers see this in their cart and at checkout."
                    withAsterisk
                    {...form.getInputProps('title')}
                  />
                )}
                <Stack gap={6}>
                  <Text size="sm" fw={500} id="discount-type-label">
                    Type
                  </Text>
                  <SegmentedControl aria-labelledby="discount-type-label" data={TYPES} fullWidth {...form.getInputProps('type')} />
                </Stack>
              </Stack>
            </Card>
            {v.type !== 'free_shipping' && (
              <Card padding="lg">
                <Stack gap="md">
                  <Title order={2} size="h4">
                    {v.type === 'buy_x_get_y' ? 'Customer buys and gets' : 'Value'}
                  </Title>
                  {v.type === 'buy_x_get_y' && (
                    <Group grow align="flex-start">
                      <NumberInput label="Customer buys (items)" min={1} allowDecimal={false} {...form.getInputProps('buyQuantity')} />
                      <NumberInput label="Customer gets (items)" min={1} allowDecimal={false} {...form.getInputProps('getQuantity')} />
                    </Group>
                  )}
                  {v.type === 'fixed_amount' ? (
                    <MoneyInput label="Amount off" currency={currency.code} maw={280} withAsterisk {...form.getInputProps('value')} />
                  ) : (
                    <NumberInput
                      label={v.type === 'buy_x_get_y' ? 'Percentage off the items they get (100 = free)' : 'Percentage off'}
                      suffix="%"
                      min={0}
                      decimalScale={2}
                      maw={280}
                      withAsterisk
                      {...form.getInputProps('value')}
                    />
                  )}
                  <Radio.Group label="Applies to" {...form.getInputProps('appliesTo')}>
                    <Stack gap={6} mt={6}>
                      <Radio value="all" label={v.type === 'buy_x_get_y' ? 'Any products' : 'Entire order'} />
                      <Radio value="collections" label="Specific collections" />
                      <Radio value="products" label="Specific products" />
                    </Stack>
                  </Radio.Group>
                  {v.appliesTo === 'collections' && (
                    <ItemPicker
                      kind="collections"
                      value={v.collectionIds}
                      onChange={(ids) => form.setFieldValue('collectionIds', ids)}
                      error={form.errors.collectionIds}
                    />
                  )}
                  {v.appliesTo === 'products' && (
                    <ItemPicker
                      kind="products"
                      value={v.productIds}
                      onChange={(ids) => form.setFieldValue('productIds', ids)}
                      error={form.errors.productIds}
                    />
                  )}
                </Stack>
              </Card>
            )}
            <Card padding="lg">
              <Stack gap="md">
                <Radio.Group label="Minimum purchase requirements" {...form.getInputProps('minimumType')}>
                  <Stack gap={6} mt={6}>
                    <Radio value="none" label="No minimum requirements" />
                    <Radio value="subtotal" label={`Minimum purchase amount (${currency.sign || currency.code})`} />
                    <Radio value="quantity" label="Minimum quantity of items" />
                  </Stack>
                </Radio.Group>
                {v.minimumType === 'subtotal' && (
                  <MoneyInput
                    label="Minimum purchase amount"
                    currency={currency.code}
                    maw={280}
                    {...form.getInputProps('minimumSubtotal')}
                  />
                )}
                {v.minimumType === 'quantity' && (
                  <NumberInput
                    label="Minimum quantity of items"
                    min={1}
                    allowDecimal={false}
                    maw={280}
                    {...form.getInputProps('minimumQuantity')}
                  />
                )}
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="md">
                <Radio.Group label="Customer eligibility" {...form.getInputProps('eligibility')}>
                  <Stack gap={6} mt={6}>
                    <Radio value="all" label="All customers" />
                    <Radio value="emails" label="Specific customers (by e-mail)" />
                  </Stack>
                </Radio.Group>
                {v.eligibility === 'emails' && (
                  <TagsInput
                    label="Customer e-mails"
                    description="Press Enter after each e-mail."
                    {...form.getInputProps('customerEmails')}
                  />
                )}
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Maximum discount uses
                </Title>
                <Checkbox
                  label="Limit number of times this discount can be used in total"
                  {...form.getInputProps('limitTotal', { type: 'checkbox' })}
                />
                {v.limitTotal && (
                  <NumberInput label="Total uses" min={1} allowDecimal={false} maw={280} {...form.getInputProps('usageLimit')} />
                )}
                <Checkbox label="Limit to one use per customer" {...form.getInputProps('oncePerCustomer', { type: 'checkbox' })} />
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  Combinations
                </Title>
                <Text size="sm" c="dimmed">
                  This discount can be combined with:
                </Text>
                <Checkbox label="Product discounts" {...form.getInputProps('productDiscounts', { type: 'checkbox' })} />
                <Checkbox label="Order discounts" {...form.getInputProps('orderDiscounts', { type: 'checkbox' })} />
                <Checkbox label="Shipping discounts" {...form.getInputProps('shippingDiscounts', { type: 'checkbox' })} />
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Active dates
                </Title>
                <Text size="sm" c="dimmed">
                  Times are in the shop's time zone ({tz}).
                </Text>
                <Group grow align="flex-start">
                  <TextInput type="date" label="Start date" {...form.getInputProps('startDate')} />
                  <TextInput type="time" label="Start time" {...form.getInputProps('startTime')} />
                </Group>
                <Checkbox label="Set end date" {...form.getInputProps('hasEnd', { type: 'checkbox' })} />
                {v.hasEnd && (
                  <Group grow align="flex-start">
                    <TextInput type="date" label="End date" {...form.getInputProps('endDate')} />
                    <TextInput type="time" label="End time" {...form.getInputProps('endTime')} />
                  </Group>
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg" style={{ position: 'sticky', top: 16 }}>
            <Card padding="lg" aria-label="Summary" component="section">
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} size="h4">
                    Summary
                  </Title>
                  {existing.data && <StatusBadge status={existing.data.status} />}
                </Group>
                <Text fw={700}>{method === 'code' ? v.code || 'No discount code yet' : v.title || 'No title yet'}</Text>
                <Text size="sm" c="dimmed">
                  {method === 'code' ? 'Code' : 'Automatic'} · {TYPES.find((t) => t.value === v.type)?.label}
                </Text>
                <List size="sm" spacing={4}>
                  {lines.map((l) => (
                    <List.Item key={l}>{l}</List.Item>
                  ))}
                </List>
                {existing.data && (
                  <Text size="sm" c="dimmed">
                    {existing.data.usageCount} {existing.data.usageCount === 1 ? 'use' : 'uses'} so far
                  </Text>
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </EditScreen>
  );
}
