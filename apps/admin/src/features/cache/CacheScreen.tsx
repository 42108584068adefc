import { CACHE_PURGE_MAX_URLS, type CachePurge } from '@backroom/contracts';
import { Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconEraser } from '@tabler/icons-react';
import { useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { useShopDates } from '../../lib/dates';
import { useSubmit } from '../../lib/use-submit';
import { usePurge, usePurges } from './api';

const SOURCE_LABEL: Record<CachePurge['source'], string> = {
  manual: 'Cleared by hand',
  theme: 'Theme saved',
  page: 'Page saved',
  menu: 'Menu saved',
  product: 'Product saved',
};
const CDN_LABEL: Record<CachePurge['cdn'], { text: string; color: string }> = {
  off: { text: 'No CDN', color: 'gray' },
  ok: { text: 'CDN cleared', color: 'green' },
  failed: { text: 'CDN failed', color: 'red' },
};

/** The URLs typed, one a line, blanks dropped. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Client-side rules of the URL box (the server re-checks every URL against the shop's hosts). */
function validateUrls(text: string): string | null {
  const n = linesOf(text).length;
  if (n === 0) return 'Enter at least one URL';
  if (n > CACHE_PURGE_MAX_URLS) return `At most ${CACHE_PURGE_MAX_URLS} URLs at a time (${n} entered)`;
  return null;
}

/**
 * Clear Cache Urls (route website.clearCacheUrls, issue 18 item 5): clear the storefront's cached copies of chosen
 * URLs of this shop (or all of them) so a fix shows at once; the last purges, including the automatic ones after a
 * theme, page, menu or product save.
 */
export default function CacheScreen() {
  const dates = useShopDates();
  const purges = usePurges();
  const purge = usePurge();
  const [confirmAll, setConfirmAll] = useState(false);
  const { submitted, handleSubmit, busy } = useSubmit();
  const origin = purges.data?.origin ?? '';
  const form = useForm({
    mode: 'controlled',
    initialValues: { urls: '' },
    validate: { urls: validateUrls },
    validateInputOnChange: submitted,
  });
  const done = (p: CachePurge) =>
    notifications.show({
      color: 'green',
      closeButtonProps: { 'aria-label': 'Close notification' },
      message: p.all
        ? `Whole storefront cache cleared (${p.purged} cached pages)`
        : `Cleared ${p.urls.length} URL${p.urls.length === 1 ? '' : 's'} from the storefront cache (${p.purged} cached pages)`,
    });
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Clear Cache Urls
        </Title>
        <Text c="dimmed" size="sm">
          Your storefront keeps ready-made copies of its pages so they load fast. Clear a page's copy after a change so shoppers see it at
          once. Saving a theme, page, menu or product clears the pages it changes by itself.
        </Text>
      </Stack>
      <Card
        padding="lg"
        component="form"
        aria-label="Clear URLs"
        onSubmit={handleSubmit(form, async (v) => {
          done(await purge.mutateAsync({ urls: linesOf(v.urls) }));
          form.reset();
        })}
      >
        <Stack gap="md">
          <Textarea
            label="URLs to clear"
            description={`One a line, at most ${CACHE_PURGE_MAX_URLS}: full addresses of this shop${origin ? ` (${origin}/pages/about)` : ''} or paths (/pages/about).`}
            rows={5}
            {...form.getInputProps('urls')}
          />
          <Group justify="space-between" wrap="wrap">
            <Button variant="subtle" color="red" onClick={() => setConfirmAll(true)}>
              Clear the whole cache
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconEraser size={16} aria-hidden />}>
              Clear these URLs
            </Button>
          </Group>
        </Stack>
      </Card>
      <Modal
        opened={confirmAll}
        onClose={() => setConfirmAll(false)}
        title="Clear the whole storefront cache?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">Every page is rebuilt on its next visit; the first visitors wait a little longer.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmAll(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={purge.isPending}
              onClick={() =>
                purge.mutate(
                  { all: true },
                  {
                    onSuccess: (p) => {
                      done(p);
                      setConfirmAll(false);
                    },
                  },
                )
              }
            >
              Clear everything
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Title order={2} size="h4">
        Last purges
      </Title>
      <ListTable<CachePurge>
        label="Last purges"
        noun="purges"
        query={purges}
        rows={purges.data?.purges}
        rowKey={(p) => p.id}
        minWidth={640}
        empty={{
          icon: <IconEraser size={28} />,
          title: 'Nothing cleared yet',
          text: 'Purges you make, and the automatic ones after a save, appear here.',
        }}
        paging={{
          total: purges.data?.purges.length ?? 0,
          pageSize: Math.max(1, purges.data?.purges.length ?? 1),
          page: 1,
          onChange: () => {},
        }}
        columns={[
          { header: 'When', cell: (p) => dates.dateTime(p.createdAt) },
          {
            header: 'What',
            cell: (p) =>
              p.all ? (
                <Text size="sm" fw={600}>
                  Whole cache
                </Text>
              ) : (
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {p.urls.map((u, i) => (
                    <span key={u}>
                      {i > 0 && ', '}
                      {u.endsWith('*') || !origin ? (
                        u
                      ) : (
                        <Anchor href={`${origin}${u}`} target="_blank" rel="noreferrer" inherit>
                          {u}
                        </Anchor>
                      )}
                    </span>
                  ))}
                </Text>
              ),
          },
          { header: 'Why', cell: (p) => (p.source === 'manual' ? (p.createdBy ?? SOURCE_LABEL.manual) : SOURCE_LABEL[p.source]) },
          { header: 'Pages dropped', numeric: true, cell: (p) => p.purged },
          {
            header: 'CDN',
            cell: (p) => (
              <Badge color={CDN_LABEL[p.cdn].color} variant="light">
                {CDN_LABEL[p.cdn].text}
              </Badge>
            ),
          },
        ]}
      />
    </Stack>
  );
}
