import { DEFAULT_TIMEZONE, instantOfLocal, localParts, type UpsellOffer, UpsellOfferBody, type UpsellOfferType } from '@backroom/contracts';
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  MultiSelect,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { EditScreen } from '../../components/EditScreen';
import { MoneyInput, useShopCurrency } from '../../components/MoneyInput';
import { NumberInput } from '../../components/NumberInput';
import { formatCount, formatMoneyMajor } from '../../lib/format';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { usePreference } from '../../shell/hooks';
import { lookupOptions, useOffer, useOfferMutations } from './api';
import { OFFER_TYPES, OfferStatusBadge } from './UpsellScreen';

/**
 * The form's values: the request body (contracts UpsellOfferBody) with the trigger as a choice, the discount's type
 * and value apart, and the schedule as dates and times on the shop's clock ('' = from now / no end).
 */
interface FormValues {
  title: string;
  type: UpsellOfferType;
  trigger: 'any' | 'products' | 'collections';
  productIds: string[];
  collectionIds: string[];
  offerProductIds: string[];
  discountType: 'percentage' | 'fixed_amount';
  discountValue: number | string;
  tiers: { quantity: number | string; percentage: number | string }[];
  active: boolean;
  priority: number | string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

const TYPE_CHOICES: { value: UpsellOfferType; label: string }[] = [
  { value: 'bundle', label: 'Bundle' },
  { value: 'quantity_break', label: 'Quantity break' },
  { value: 'in_cart', label: 'In cart' },
  { value: 'post_purchase', label: 'Post-purchase' },
];
/** What each type does, in the merchant's words. */
const TYPE_HELP: Record<UpsellOfferType, string> = {
  bundle: 'A “Frequently bought together” box on the product page; the discount applies to each product when all are in the cart.',
  quantity_break: 'Tiers on the product page: the more units of a product, the larger the discount.',
  in_cart: 'Products the cart suggests; the discount applies while a trigger product is in the cart.',
  post_purchase: 'A one-click offer on the thank-you page, added to the order already paid.',
};
/** A field's number for the body: empty → 0 (the contract says what is missing); a refused text (NaN) stays NaN, so the save is refused (issue 30 item 3). */
const num = (v: number | string) => (v === '' ? 0 : Number(v));

/** Form values → the request body; dates and times on the shop's clock (`tz`) become ISO instants (time.ts). */
export function toBody(v: FormValues, tz: string): UpsellOfferBody {
  const instant = (date: string, time: string) => {
    if (!date) return null;
    try {
      return new Date(instantOfLocal(date, time || '00:00', tz)).toISOString();
    } catch {
      return date; // refused by the schema with its message
    }
  };
  return {
    title: v.title,
    type: v.type,
    productIds: v.trigger === 'products' ? v.productIds : [],
    collectionIds: v.trigger === 'collections' ? v.collectionIds : [],
    offerProductIds: v.type === 'quantity_break' ? [] : v.offerProductIds,
    discount: { type: v.discountType, value: v.type === 'quantity_break' ? 0 : num(v.discountValue) },
    tiers: v.type === 'quantity_break' ? v.tiers.map((t) => ({ quantity: num(t.quantity), percentage: num(t.percentage) })) : [],
    active: v.active,
    priority: num(v.priority),
    startsAt: instant(v.startDate, v.startTime),
    endsAt: instant(v.endDate, v.endTime),
  };
}

function fromOffer(o: UpsellOffer, tz: string): FormValues {
  const local = (iso: string | null, fallback: string) => {
    if (!iso) return { date: '', time: fallback };
    const p = localParts(new Date(iso), tz);
    return { date: p.date, time: `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}` };
  };
  const start = local(o.startsAt, '00:00');
  const end = local(o.endsAt, '23:59');
  return {
    title: o.title,
    type: o.type,
    trigger: o.productIds.length ? 'products' : o.collectionIds.length ? 'collections' : 'any',
    productIds: o.productIds,
    collectionIds: o.collectionIds,
    offerProductIds: o.offerProductIds,
    discountType: o.discount.type,
    discountValue: o.discount.value || '',
    tiers: o.tiers.length ? o.tiers : [{ quantity: 2, percentage: 5 }],
    active: o.active,
    priority: o.priority,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
  };
}

const EMPTY: FormValues = {
  title: '',
  type: 'bundle',
  trigger: 'products',
  productIds: [],
  collectionIds: [],
  offerProductIds: [],
  discountType: 'percentage',
  discountValue: '',
  tiers: [
    { quantity: 2, percentage: 5 },
    { quantity: 3, percentage: 10 },
  ],
  active: true,
  priority: 0,
  startDate: '',
  startTime: '00:00',
  endDate: '',
  endTime: '23:59',
};

/** Where an error of the request body shows in the form (body field → form field). */
function fieldOf(path: string): string {
  if (path.startsWith('discount.')) return path === 'discount.type' ? 'discountType' : 'discountValue';
  if (path === 'startsAt') return 'startDate';
  if (path === 'endsAt') return 'endDate';
  if (/^(productIds|collectionIds|offerProductIds)\./.test(path)) return path.split('.')[0]!;
  return path;
}

/** The contract's UpsellOfferBody schema as the form's validator: values → body first, each message on its field. */
function useValidator(tz: string) {
  return useMemo(() => {
    const resolve = schemaResolver(UpsellOfferBody, { sync: true });
    return (v: FormValues) => {
      const errors = resolve(toBody(v, tz) as never) as Record<string, string>;
      const out: Record<string, string> = {};
      for (const [path, message] of Object.entries(errors)) out[fieldOf(path)] ??= message;
      return out;
    };
  }, [tz]);
}

/** A searchable picker of the store's products or collections (GET /api/discounts/lookups, scope discounts). */
function ItemPicker(p: {
  kind: 'products' | 'collections';
  label: string;
  description?: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: React.ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery(lookupOptions(p.kind, { search: debounced }));
  const chosen = useQuery({ ...lookupOptions(p.kind, { ids: p.value }), enabled: p.value.length > 0 });
  const data = useMemo(() => {
    const all = new Map<string, string>();
    for (const i of chosen.data?.items ?? []) all.set(i.id, i.title);
    for (const i of found.data?.items ?? []) all.set(i.id, i.title);
    for (const id of p.value) if (!all.has(id)) all.set(id, '…');
    return [...all].map(([v, label]) => ({ value: v, label }));
  }, [chosen.data, found.data, p.value]);
  return (
    <MultiSelect
      label={p.label}
      description={p.description}
      placeholder={p.kind === 'products' ? 'Search products' : 'Search collections'}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={data}
      value={p.value}
      onChange={p.onChange}
      error={p.error}
      nothingFoundMessage="Nothing found"
    />
  );
}

/** One figure of the side card. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Stack>
  );
}

/**
 * `website.upsell.create` (`/admin/upsell/new`) and `website.upsell.update` (`/admin/upsell/{id}`), scope `discounts`
 * (issue 18 item 1): the offer's title and type (bundle, quantity break, in cart, post-purchase), what triggers it
 * (any product, chosen products or collections), the products it offers, its discount (percentage or fixed amount)
 * or quantity-break tiers, priority, on/off and schedule on the shop's clock. The rules are the contract's
 * UpsellOfferBody through the resolver; the server's messages land by their fields. The side card shows the offer's
 * views, adds, orders, conversion and revenue. Save creates or updates; Delete asks first.
 */
export default function OfferEditScreen() {
  const { id = null } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const tz = usePreference().data?.standardTimezone || DEFAULT_TIMEZONE;
  const existing = useOffer(id);
  const { save, remove } = useOfferMutations();
  const { submitted, handleSubmit } = useSubmit();
  const validate = useValidator(tz);
  const currency = useShopCurrency();
  const form = useForm<FormValues>({ mode: 'controlled', initialValues: EMPTY, validate, validateInputOnChange: submitted });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the offer once it arrives (and after a save)
  useEffect(() => {
    if (!existing.data) return;
    form.setValues(fromOffer(existing.data, tz));
    form.resetDirty();
  }, [existing.data, tz]);
  const v = form.values;
  const submit = handleSubmit(
    form,
    async (values) => {
      const saved = await save.mutateAsync({ id, body: toBody(values, tz) });
      form.resetDirty();
      if (!id) await navigate({ to: routePath('website.upsell.update', { id: saved.id }), replace: true });
    },
    (e) => {
      for (const m of e.messages) {
        const [field, ...rest] = m.replace(/^body\./, '').split(': ');
        if (rest.length && field) form.setFieldError(fieldOf(field), rest.join(': '));
      }
    },
  );
  const stats = existing.data?.stats;
  return (
    <EditScreen
      back={{ to: routePath('website.upsell'), label: 'Boost UpSell' }}
      title={id ? (existing.data?.title ?? 'Edit offer') : 'Create offer'}
      formLabel={id ? 'Edit offer' : 'Create offer'}
      width={1100}
      noun="offer"
      loadError={id ? existing.error : null}
      loading={!!id && existing.isPending}
      skeletonHeight={520}
      onSubmit={submit}
      saveLabel="Save offer"
      saving={save.isPending}
      remove={
        id
          ? {
              label: 'Delete',
              confirmTitle: 'Delete this offer?',
              confirmText: 'Shoppers no longer see it. Orders keep the amounts it took off. This cannot be undone.',
              confirmLabel: 'Delete offer',
              pending: remove.isPending,
              onConfirm: async () => {
                await remove.mutateAsync({ id, title: existing.data?.title ?? '' });
                await navigate({ to: routePath('website.upsell') });
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
                <TextInput label="Title" description="Shoppers see it above the offer." withAsterisk {...form.getInputProps('title')} />
                <Stack gap={6}>
                  <Text size="sm" fw={500} id="offer-type-label">
                    Type
                  </Text>
                  <SegmentedControl aria-labelledby="offer-type-label" data={TYPE_CHOICES} fullWidth {...form.getInputProps('type')} />
                  <Text size="sm" c="dimmed">
                    {TYPE_HELP[v.type]}
                  </Text>
                </Stack>
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {v.type === 'bundle' ? 'Products in the bundle' : 'Trigger'}
                </Title>
                <Radio.Group
                  label={v.type === 'bundle' ? 'Shown on the page of' : 'Shown when the shopper has'}
                  {...form.getInputProps('trigger')}
                >
                  <Stack gap={6} mt={6}>
                    <Radio value="any" label="Any product" />
                    <Radio value="products" label="Specific products" />
                    <Radio value="collections" label="Products of specific collections" />
                  </Stack>
                </Radio.Group>
                {v.trigger === 'products' && (
                  <ItemPicker
                    kind="products"
                    label={v.type === 'bundle' ? 'Main products' : 'Trigger products'}
                    value={v.productIds}
                    onChange={(ids) => form.setFieldValue('productIds', ids)}
                    error={form.errors.productIds}
                  />
                )}
                {v.trigger === 'collections' && (
                  <ItemPicker
                    kind="collections"
                    label="Trigger collections"
                    value={v.collectionIds}
                    onChange={(ids) => form.setFieldValue('collectionIds', ids)}
                    error={form.errors.collectionIds}
                  />
                )}
                {v.type !== 'quantity_break' && (
                  <ItemPicker
                    kind="products"
                    label={v.type === 'bundle' ? 'Bundled with' : 'Offered products'}
                    description={v.type === 'post_purchase' ? 'The shopper picks one of these on the thank-you page.' : undefined}
                    value={v.offerProductIds}
                    onChange={(ids) => form.setFieldValue('offerProductIds', ids)}
                    error={form.errors.offerProductIds}
                  />
                )}
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {v.type === 'quantity_break' ? 'Tiers' : 'Discount'}
                </Title>
                {v.type === 'quantity_break' ? (
                  <Stack gap="sm">
                    {form.errors.tiers && (
                      <Text size="sm" c="red.8" role="alert">
                        {form.errors.tiers}
                      </Text>
                    )}
                    {v.tiers.map((_, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: tiers have no identity but their place
                      <Group key={i} align="flex-end" wrap="nowrap">
                        <NumberInput
                          label={`Tier ${i + 1}: from units`}
                          min={2}
                          allowDecimal={false}
                          {...form.getInputProps(`tiers.${i}.quantity`)}
                        />
                        <NumberInput
                          label={`Tier ${i + 1}: percentage off`}
                          suffix="%"
                          min={0}
                          decimalScale={2}
                          {...form.getInputProps(`tiers.${i}.percentage`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          mb={2}
                          aria-label={`Remove tier ${i + 1}`}
                          onClick={() => form.removeListItem('tiers', i)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Group>
                    ))}
                    <Button
                      variant="default"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      w="fit-content"
                      disabled={v.tiers.length >= 5}
                      onClick={() => form.insertListItem('tiers', { quantity: '', percentage: '' })}
                    >
                      Add tier
                    </Button>
                  </Stack>
                ) : (
                  <Group align="flex-end">
                    <Stack gap={6}>
                      <Text size="sm" fw={500} id="offer-discount-type-label">
                        Discount type
                      </Text>
                      <SegmentedControl
                        aria-labelledby="offer-discount-type-label"
                        data={[
                          { value: 'percentage', label: 'Percentage' },
                          { value: 'fixed_amount', label: 'Fixed amount' },
                        ]}
                        {...form.getInputProps('discountType')}
                      />
                    </Stack>
                    {v.discountType === 'fixed_amount' ? (
                      <MoneyInput
                        label={v.type === 'bundle' ? 'Amount off each bundle' : 'Amount off each item'}
                        currency={currency}
                        maw={240}
                        withAsterisk
                        {...form.getInputProps('discountValue')}
                      />
                    ) : (
                      <NumberInput
                        label="Percentage off"
                        suffix="%"
                        min={0}
                        decimalScale={2}
                        maw={240}
                        withAsterisk
                        {...form.getInputProps('discountValue')}
                      />
                    )}
                  </Group>
                )}
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Priority and schedule
                </Title>
                <Checkbox label="Offer is on" {...form.getInputProps('active', { type: 'checkbox' })} />
                <NumberInput
                  label="Priority"
                  description="When offers compete for a product, the higher priority wins (0–100)."
                  min={0}
                  max={100}
                  allowDecimal={false}
                  maw={240}
                  {...form.getInputProps('priority')}
                />
                <Text size="sm" c="dimmed">
                  Times are in the shop's time zone ({tz}). Leave the dates empty to start now and never end.
                </Text>
                <Group grow align="flex-start">
                  <TextInput type="date" label="Start date" {...form.getInputProps('startDate')} />
                  <TextInput type="time" label="Start time" {...form.getInputProps('startTime')} />
                </Group>
                <Group grow align="flex-start">
                  <TextInput type="date" label="End date" {...form.getInputProps('endDate')} />
                  <TextInput type="time" label="End time" {...form.getInputProps('endTime')} />
                </Group>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card padding="lg" component="section" aria-label="Performance">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  Performance
                </Title>
                {existing.data && <OfferStatusBadge status={existing.data.status} />}
              </Group>
              <Text size="sm" c="dimmed">
                {OFFER_TYPES[v.type]}
              </Text>
              {stats ? (
                <SimpleGrid cols={2}>
                  <Figure label="Views" value={formatCount(stats.views)} />
                  <Figure label="Adds" value={formatCount(stats.adds)} />
                  <Figure label="Orders" value={formatCount(stats.orders)} />
                  <Figure label="Conversion" value={`${stats.conversionRate.toFixed(2)} %`} />
                  <Figure label="Revenue" value={formatMoneyMajor(stats.revenue)} />
                </SimpleGrid>
              ) : (
                <Text size="sm">Views, adds, orders and revenue show here once the offer is live.</Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </EditScreen>
  );
}
