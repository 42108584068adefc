import { ProductCreateBody, ProductUpdateBody, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@backroom/contracts';
import { Anchor, Card, Grid, Group, Select, Stack, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconExternalLink } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EditScreen } from '../../components/EditScreen';
import { HtmlEditor } from '../../components/HtmlEditor';
import { ListingPreview } from '../../components/ListingPreview';
import { useSubmit } from '../../lib/use-submit';
import { routePath } from '../../routes';
import { useCurrentStore } from '../../shell/hooks';
import { useProduct, useProductMutations } from './api';
import { MediaCard } from './MediaCard';
import { VariantsCard } from './VariantsCard';
import { EMPTY_PRODUCT, fromProduct, type ProductValues, toBody } from './variants';

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
];
const createRules = schemaResolver(ProductCreateBody, { sync: true });
const updateRules = schemaResolver(ProductUpdateBody, { sync: true });

/**
 * `website.products.create` (`/admin/products/create`) and `website.products.update` (`/admin/products/{id}`), scope
 * `products` (issue 13 item 2; Shopify's product page): title, description in rich text (tiptap; the server
 * sanitises it), media dragged in and reordered (MediaCard, `POST /api/uploads`), options and the variant matrix
 * with prices, compare-at prices, cost per item, SKUs, barcodes and stock (VariantsCard), status
 * (active/draft/archived), organisation (vendor, type, tags) and the search engine listing (SEO title, description,
 * URL handle). The form's rules are the contract's zod schema (ProductCreateBody / ProductUpdateBody) run on the body
 * the form would send, so messages match the server's; a handle taken by another product comes back under the
 * handle field. Save creates (`POST /api/products`) or updates (`PUT /api/products/{id}`); Delete asks first.
 */
export default function ProductEditScreen() {
  const { productId = null } = useParams({ strict: false }) as { productId?: string };
  const navigate = useNavigate();
  const store = useCurrentStore();
  const product = useProduct(productId);
  const { save, remove } = useProductMutations();
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm<ProductValues>({
    mode: 'controlled',
    initialValues: EMPTY_PRODUCT,
    validate: (values) => (productId ? updateRules : createRules)(toBody(values) as never),
    validateInputOnChange: submitted,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the product once it arrives (and after a save)
  useEffect(() => {
    if (!product.data) return;
    form.setValues(fromProduct(product.data));
    form.resetDirty();
  }, [product.data]);
  const submit = handleSubmit(
    form,
    async (v) => {
      const saved = await save.mutateAsync({ id: productId, body: toBody(v) });
      form.setValues(fromProduct(saved));
      form.resetDirty();
      if (!productId) await navigate({ to: routePath('website.products.update', { productId: saved.id }), replace: true });
    },
    (e) => {
      for (const m of e.messages) {
        const [path, ...rest] = m.split(': ');
        if (path?.startsWith('body.')) form.setFieldError(path.slice(5), rest.join(': '));
      }
    },
  );
  const currency = product.data?.currency ?? store?.currency ?? 'USD';
  const v = form.values;
  const url = `${store?.url ?? ''}/products/${v.handle || '…'}`;

  return (
    <EditScreen
      back={{ to: routePath('website.products'), label: 'Products' }}
      title={productId ? product.data?.title || 'Edit product' : 'Add product'}
      formLabel={productId ? 'Edit product' : 'Add product'}
      headerAside={
        productId &&
        product.data?.status === 'active' &&
        store?.url && (
          <Anchor href={`${store.url}/products/${product.data.handle}`} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4}>
              View on your store <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )
      }
      width={1200}
      noun="product"
      loadError={productId ? product.error : null}
      loading={!!productId && product.isPending}
      skeletonHeight={480}
      onSubmit={submit}
      saving={save.isPending}
      remove={
        productId
          ? {
              label: 'Delete product',
              confirmTitle: `Delete ${v.title || 'this product'}?`,
              confirmText: 'The product, its variants and images are deleted. Its stock history is kept. This cannot be undone.',
              confirmLabel: 'Delete product',
              pending: remove.isPending,
              onConfirm: async () => {
                await remove.mutateAsync(productId);
                await navigate({ to: routePath('website.products') });
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
                <TextInput label="Title" withAsterisk placeholder="e.g. Organic cotton hoodie" {...form.getInputProps('title')} />
                <HtmlEditor
                  label="Description"
                  value={v.bodyHtml}
                  onChange={(html) => form.setFieldValue('bodyHtml', html)}
                  error={form.errors.bodyHtml}
                  minHeight={180}
                />
              </Stack>
            </Card>
            <MediaCard images={v.images} onChange={(images) => form.setFieldValue('images', images)} />
            <VariantsCard
              values={v}
              currency={currency}
              errors={form.errors}
              onOptions={(options, variants) => form.setValues({ options, variants })}
              onVariant={(i, patch) => form.setFieldValue(`variants.${i}`, { ...v.variants[i]!, ...patch })}
            />
            <Card padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Search engine listing
                </Title>
                <ListingPreview
                  url={url}
                  title={v.title}
                  seoTitle={v.seoTitle}
                  seoDescription={v.seoDescription}
                  bodyHtml={v.bodyHtml}
                  placeholderTitle="Product title"
                />
                <TextInput label="Page title" description={`At most ${SEO_TITLE_MAX} characters`} {...form.getInputProps('seoTitle')} />
                <Textarea
                  label="Meta description"
                  description={`At most ${SEO_DESCRIPTION_MAX} characters`}
                  rows={3}
                  {...form.getInputProps('seoDescription')}
                />
                <TextInput
                  label="URL handle"
                  description="Lower-case letters, digits, '-' and '_'. Left empty, it is made from the title."
                  leftSection={
                    <Text size="xs" c="dimmed">
                      /products/
                    </Text>
                  }
                  leftSectionWidth={80}
                  {...form.getInputProps('handle')}
                />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card padding="lg">
              <Select label="Status" data={STATUSES} allowDeselect={false} {...form.getInputProps('status')} />
              <Text size="xs" c="dimmed" mt={6}>
                Only active products are sold on your store.
              </Text>
            </Card>
            <Card padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Product organization
                </Title>
                <TextInput label="Type" placeholder="e.g. Hoodies" {...form.getInputProps('productType')} />
                <TextInput label="Vendor" placeholder="e.g. North Knits" {...form.getInputProps('vendor')} />
                <TagsInput label="Tags" description="Press Enter after each tag" {...form.getInputProps('tags')} />
                {product.data && product.data.collections.length > 0 && (
                  <Text size="sm" c="dimmed">
                    In collections: {product.data.collections.map((c) => c.title).join(', ')}
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
