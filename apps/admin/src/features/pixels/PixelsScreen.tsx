import { MAX_PIXELS, type Pixel, PixelBody, type PixelListResponse, type PixelNetwork } from '@backroom/contracts';
import { Badge, Button, Checkbox, Group, Modal, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconTargetArrow } from '@tabler/icons-react';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { useShopDates } from '../../lib/dates';
import { useSubmit } from '../../lib/use-submit';
import { NETWORK_NAMES, usePixelMutations, usePixels } from './api';

/** The form's values: text fields as strings ('' = not given), the token's removal as a box. */
interface PixelForm {
  network: PixelNetwork;
  pixelId: string;
  accessToken: string;
  removeToken: boolean;
  adsConversionId: string;
  adsConversionLabel: string;
  sharedWith: string[];
}

/** The request body of the form's values: an empty token keeps the stored one (PUT) unless "remove" is ticked. */
function toBody(v: PixelForm): PixelBody {
  const google = v.network === 'google';
  return {
    network: v.network,
    pixelId: v.pixelId.trim(),
    ...(v.network === 'meta' && v.removeToken ? { accessToken: null } : {}),
    ...(v.network === 'meta' && !v.removeToken && v.accessToken.trim() ? { accessToken: v.accessToken.trim() } : {}),
    adsConversionId: google && v.adsConversionId.trim() ? v.adsConversionId.trim() : null,
    adsConversionLabel: google && v.adsConversionLabel.trim() ? v.adsConversionLabel.trim() : null,
    sharedWith: v.sharedWith,
  };
}

const PIXEL_ID_LABEL: Record<PixelNetwork, { label: string; placeholder: string }> = {
  meta: { label: 'Pixel ID', placeholder: '123456789012345' },
  tiktok: { label: 'Pixel ID', placeholder: 'C4ABCDEF1234567890' },
  google: { label: 'GA4 measurement ID', placeholder: 'G-ABC123XYZ' },
};

/** The add / edit dialog of one pixel; its rules are the contract's PixelBody (the server validates with it too). */
function PixelDialog({ pixel, shops, onClose }: { pixel: Pixel | null; shops: PixelListResponse['shareableShops']; onClose: () => void }) {
  const mobile = useMediaQuery('(max-width: 48em)');
  const { save } = usePixelMutations();
  const { submitted, busy, handleSubmit } = useSubmit();
  const validateBody = schemaResolver(PixelBody, { sync: true });
  const form = useForm<PixelForm, PixelBody>({
    initialValues: {
      network: pixel?.network ?? 'meta',
      pixelId: pixel?.pixelId ?? '',
      accessToken: '',
      removeToken: false,
      adsConversionId: pixel?.adsConversionId ?? '',
      adsConversionLabel: pixel?.adsConversionLabel ?? '',
      sharedWith: pixel?.sharedWith.map((s) => s.id) ?? [],
    },
    validateInputOnChange: submitted,
    validate: (values) => validateBody(toBody(values)),
    transformValues: toBody,
  });
  const v = form.getValues();
  const title = pixel ? `Edit ${NETWORK_NAMES[pixel.network]} pixel` : 'Add pixel';
  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={!!mobile}>
      <form
        aria-label={title}
        noValidate
        onSubmit={handleSubmit(form, async (body) => {
          await save.mutateAsync({ id: pixel?.id ?? null, body });
          onClose();
        })}
      >
        <Stack>
          <Select
            label="Network"
            data={(Object.keys(NETWORK_NAMES) as PixelNetwork[]).map((n) => ({ value: n, label: NETWORK_NAMES[n] }))}
            allowDeselect={false}
            {...form.getInputProps('network')}
          />
          <TextInput
            label={PIXEL_ID_LABEL[v.network].label}
            placeholder={PIXEL_ID_LABEL[v.network].placeholder}
            withAsterisk
            {...form.getInputProps('pixelId')}
          />
          {v.network === 'meta' && (
            <>
              <PasswordInput
                label="Conversions API access token"
                description={
                  pixel?.hasAccessToken
                    ? 'A token is stored (encrypted). Leave empty to keep it.'
                    : 'Optional: Purchase events are then also sent from the server (kept encrypted, never shown again).'
                }
                autoComplete="off"
                disabled={v.removeToken}
                {...form.getInputProps('accessToken')}
              />
              {pixel?.hasAccessToken && (
                <Checkbox label="Remove the stored token" {...form.getInputProps('removeToken', { type: 'checkbox' })} />
              )}
            </>
          )}
          {v.network === 'google' && (
            <Group grow align="flex-start">
              <TextInput label="Google Ads conversion ID" placeholder="AW-123456789" {...form.getInputProps('adsConversionId')} />
              <TextInput label="Conversion label" placeholder="AbC-D_efG" {...form.getInputProps('adsConversionLabel')} />
            </Group>
          )}
          <Checkbox.Group
            label="Share with"
            description={shops.length ? 'Your other shops where this pixel fires too.' : 'You own no other shop to share this pixel with.'}
            {...form.getInputProps('sharedWith')}
          >
            <Stack gap="xs" mt="xs">
              {shops.map((s) => (
                <Checkbox key={s.id} value={s.id} label={s.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Save pixel
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Share Pixel (route website.pixel.sharePixel, scope `report`, issue 17 item 6): the shop's Meta, TikTok and Google
 * pixels and those its other shops share with it. A pixel is added or edited in a dialog (Meta's Conversions API
 * token is sent once and never shown again), shared with other shops of the same owner, or deleted after a
 * confirmation. Pixels shared by another shop are listed read-only, named by their owner.
 */
export default function PixelsScreen() {
  const dates = useShopDates();
  const pixels = usePixels();
  const { remove } = usePixelMutations();
  const [editing, setEditing] = useState<Pixel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Pixel | null>(null);
  const list = pixels.data?.pixels;
  const own = list?.filter((p) => !p.sharedWithThisShop).length ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>Share Pixel</Title>
          <Text c="dimmed" size="sm">
            Ad pixels load on your storefront after the page shows and report PageView, ViewContent, AddToCart, InitiateCheckout and
            Purchase.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')} disabled={!pixels.data || own >= MAX_PIXELS}>
          Add pixel
        </Button>
      </Group>
      <ListTable<Pixel>
        label="Pixels"
        noun="pixels"
        query={pixels}
        rows={list}
        rowKey={(p) => p.id}
        minWidth={720}
        empty={{
          icon: <IconTargetArrow size={40} aria-hidden />,
          title: 'Add your first pixel',
          text: 'Paste the pixel ID from Meta Events Manager, TikTok Ads Manager or Google Analytics.',
        }}
        paging={{ total: list?.length ?? 0, pageSize: MAX_PIXELS, page: 1, onChange: () => {} }}
        columns={[
          { header: 'Network', cell: (p) => NETWORK_NAMES[p.network], td: { fw: 500 } },
          {
            header: 'Pixel ID',
            cell: (p) => (
              <Stack gap={0}>
                <Text size="sm" ff="monospace">
                  {p.pixelId}
                </Text>
                {p.adsConversionId && (
                  <Text size="xs" c="dimmed">
                    Ads: {p.adsConversionId}/{p.adsConversionLabel}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            header: 'Server events',
            cell: (p) => (p.hasAccessToken ? <Badge variant="light">Conversions API</Badge> : <Text size="sm">Browser only</Text>),
          },
          {
            header: 'Shared',
            cell: (p) =>
              p.sharedWithThisShop ? (
                <Text size="sm">Shared by {p.owner.name}</Text>
              ) : (
                <Text size="sm">{p.sharedWith.length ? `With ${p.sharedWith.map((s) => s.name).join(', ')}` : 'This shop only'}</Text>
              ),
          },
          { header: 'Updated', cell: (p) => dates.date(p.updatedAt) },
          {
            header: 'Actions',
            cell: (p) =>
              p.sharedWithThisShop ? (
                <Text size="xs" c="dimmed">
                  Edit it in {p.owner.name}
                </Text>
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setEditing(p)} aria-label={`Edit pixel ${p.pixelId}`}>
                    Edit
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(p)} aria-label={`Delete pixel ${p.pixelId}`}>
                    Delete
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      {editing && (
        <PixelDialog
          pixel={editing === 'new' ? null : editing}
          shops={pixels.data?.shareableShops ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} title="Delete pixel?">
          <Stack>
            <Text size="sm">
              The {NETWORK_NAMES[deleting.network]} pixel {deleting.pixelId} stops firing on this shop
              {deleting.sharedWith.length ? ' and on the shops it is shared with' : ''}.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={async () => {
                  await remove.mutateAsync(deleting).catch(() => {});
                  setDeleting(null);
                }}
              >
                Delete pixel
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
