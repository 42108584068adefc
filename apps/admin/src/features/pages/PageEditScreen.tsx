import { PageBody, SEO_DESCRIPTION_MAX } from '@backroom/contracts';
import { Anchor, Card, Grid, Group, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
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
import { usePage, usePageMutations } from './api';

/** The editor's values: the request body with every field present. */
interface PageValues {
  title: string;
  handle: string;
  bodyHtml: string;
  seoTitle: string;
  seoDescription: string;
  published: boolean;
}
const EMPTY: PageValues = { title: '', handle: '', bodyHtml: '', seoTitle: '', seoDescription: '', published: true };

/**
 * `website.pages.create` (`/admin/pages/new`) and `website.pages.update` (`/admin/pages/{id}`), scope `pages`
 * (spec admin-dashboard §7 Pages; issue 11 item 2): the page editor. Title, content in a rich-text editor (tiptap;
 * the server sanitises on save and on render), visibility (Visible/Hidden), and the search engine listing: the URL
 * handle (made from the title when left empty), SEO title and description, with a preview. The form takes its
 * rules from the contract's `PageBody` schema (the server's own), so messages match. Save creates
 * (`POST …/pages/`) or updates (`PUT …/pages/{id}`); a handle taken by another page comes back as the server's
 * message under the handle field. Delete asks first. "View page" opens `/pages/{handle}` on the storefront.
 */
export default function PageEditScreen() {
  const { id = null } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const store = useCurrentStore();
  const page = usePage(id);
  const { save, remove } = usePageMutations();
  const { submitted, handleSubmit } = useSubmit();
  const form = useForm<PageValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(PageBody, { sync: true }),
    validateInputOnChange: submitted,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads the page once it arrives (and after a save)
  useEffect(() => {
    if (!page.data) return;
    const { title, handle, bodyHtml, seoTitle, seoDescription, published } = page.data;
    form.setValues({ title, handle, bodyHtml, seoTitle, seoDescription, published });
    form.resetDirty();
  }, [page.data]);
  const submit = handleSubmit(
    form,
    async (v) => {
      const saved = await save.mutateAsync({ id, body: { ...v, handle: v.handle.trim() || undefined } });
      form.setFieldValue('handle', saved.handle);
      form.resetDirty();
      if (!id) await navigate({ to: routePath('website.pages.update', { id: saved.id }), replace: true });
    },
    (e) => {
      const handle = e.messages.find((m) => m.startsWith('body.handle: '));
      if (handle) form.setFieldError('handle', handle.slice('body.handle: '.length));
    },
  );
  const url = `${store?.url ?? ''}/pages/${form.values.handle || '…'}`;
  return (
    <EditScreen
      back={{ to: routePath('website.pages'), label: 'Pages' }}
      title={id ? page.data?.title || 'Edit page' : 'Add page'}
      formLabel={id ? 'Edit page' : 'Add page'}
      headerAside={
        id &&
        page.data?.published &&
        store?.url && (
          <Anchor href={`${store.url}/pages/${page.data.handle}`} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4}>
              View page <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )
      }
      width={1100}
      noun="page"
      loadError={id ? page.error : null}
      loading={!!id && page.isPending}
      skeletonHeight={420}
      onSubmit={submit}
      saving={save.isPending}
      remove={
        id
          ? {
              label: 'Delete page',
              confirmTitle: 'Delete this page?',
              confirmText: `“${page.data?.title}” is removed from your storefront. Menu items that link to it will show as broken.`,
              confirmLabel: 'Delete page',
              pending: remove.isPending,
              onConfirm: async () => {
                await remove.mutateAsync(id);
                await navigate({ to: routePath('website.pages') });
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
                <TextInput label="Title" withAsterisk placeholder="e.g. Contact us, Refund policy" {...form.getInputProps('title')} />
                <HtmlEditor
                  label="Content"
                  value={form.values.bodyHtml}
                  onChange={(html) => form.setFieldValue('bodyHtml', html)}
                  error={form.errors.bodyHtml}
                />
              </Stack>
            </Card>
            <Card padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  Search engine listing
                </Title>
                <ListingPreview
                  url={url}
                  title={form.values.title}
                  seoTitle={form.values.seoTitle}
                  seoDescription={form.values.seoDescription}
                  bodyHtml={form.values.bodyHtml}
                  placeholderTitle="Page title"
                  emptyText="Add a description to see how this page might appear in a search engine listing."
                />
                <TextInput
                  label="URL handle"
                  description="Letters a–z, digits and hyphens. Left empty, it is made from the title."
                  leftSection={
                    <Text size="xs" c="dimmed">
                      /pages/
                    </Text>
                  }
                  leftSectionWidth={56}
                  {...form.getInputProps('handle')}
                />
                <TextInput
                  label="Page title"
                  description="Shown in the browser tab and search results."
                  {...form.getInputProps('seoTitle')}
                />
                <Textarea
                  label="Meta description"
                  description={`${form.values.seoDescription.length} of ${SEO_DESCRIPTION_MAX} characters used`}
                  rows={3}
                  {...form.getInputProps('seoDescription')}
                />
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card padding="lg">
              <Radio.Group
                label="Visibility"
                value={form.values.published ? 'visible' : 'hidden'}
                onChange={(v) => form.setFieldValue('published', v === 'visible')}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="visible" label="Visible" description="Shown on the storefront and in menus" />
                  <Radio value="hidden" label="Hidden" description="Only you can see it here" />
                </Stack>
              </Radio.Group>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </EditScreen>
  );
}
