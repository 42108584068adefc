import { REVIEWS_PAGE_SIZE, type Review, type ReviewImportReport, type ReviewStatus, reviewSizeFit } from '@backroom/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  CloseButton,
  FileInput,
  Group,
  List,
  Modal,
  Pill,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconStar, IconUpload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type ListColumn, ListTable } from '../../components/ListTable';
import { useShopDates } from '../../lib/dates';
import { REVIEWS_SEARCH, type ReviewsSearch } from '../../route-search';
import { routePath } from '../../routes';
import { useRouteSearch } from '../../shell/hooks';
import { useReviewMutations, useReviews } from './api';

const STATUS_COLOR: Record<ReviewStatus, string> = { pending: 'yellow', published: 'green', hidden: 'gray' };
const STATUS_LABEL: Record<ReviewStatus, string> = { pending: 'Pending', published: 'Published', hidden: 'Hidden' };

/** Five stars as text, read out as "4 of 5 stars". */
function Stars({ rating }: { rating: number }) {
  return (
    <Text component="span" c="yellow.8" fw={700} aria-label={`${rating} of 5 stars`} style={{ whiteSpace: 'nowrap' }}>
      {'★'.repeat(rating)}
      <Text component="span" c="gray.5" aria-hidden>
        {'★'.repeat(5 - rating)}
      </Text>
    </Text>
  );
}

/** The reply dialog: the shop's public answer under the review ('' removes it). */
function ReplyModal({ review, onClose }: { review: Review; onClose: () => void }) {
  const { update } = useReviewMutations();
  const [text, setText] = useState(review.reply);
  return (
    <Modal opened onClose={onClose} title={`Reply to ${review.author}`}>
      <form
        aria-label="Reply"
        onSubmit={async (e) => {
          e.preventDefault();
          await update.mutateAsync({ id: review.id, body: { reply: text } }).catch(() => undefined);
          onClose();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            “{review.body}”
          </Text>
          <Textarea
            label="Your public reply"
            autosize
            minRows={3}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The CSV import dialog: a Judge.me-style review CSV, then the report (imported, skipped lines with reasons). */
function ImportModal({ onClose }: { onClose: () => void }) {
  const { importCsv } = useReviewMutations();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ReviewImportReport | null>(null);
  return (
    <Modal opened onClose={onClose} title="Import reviews">
      {report ? (
        <Stack>
          <Text fw={600}>
            {report.imported} {report.imported === 1 ? 'review' : 'reviews'} imported
          </Text>
          {report.skipped.length > 0 && (
            <>
              <Text size="sm">{report.skipped.length} skipped:</Text>
              <List size="sm" spacing={2}>
                {report.skipped.slice(0, 50).map((s) => (
                  <List.Item key={`${s.line}-${s.reason}`}>
                    Line {s.line}: {s.reason}
                  </List.Item>
                ))}
              </List>
            </>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          aria-label="Import reviews"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!file) return;
            const r = await importCsv.mutateAsync(file).catch(() => null);
            if (r) setReport(r);
          }}
        >
          <Stack>
            <Text size="sm" c="dimmed">
              A CSV with the columns product_handle, rating, body and reviewer_name (title, reviewer_email, review_date, reply and curated
              are read too) — the format Judge.me exports. Reviews are published unless curated says not-yet or spam.
            </Text>
            <FileInput label="Review CSV" accept=".csv,text/csv" value={file} onChange={setFile} placeholder="Choose a file" />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!file} loading={importCsv.isPending}>
                Import
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

type BulkAction = 'publish' | 'hide' | 'delete';

/** The address of a filter change: absent values and page 1 are left out, so the plain address is "everything". */
function writeSearch(s: ReviewsSearch): Record<string, string | number> {
  return Object.fromEntries(Object.entries(s).filter(([k, v]) => v !== undefined && v !== '' && !(k === 'page' && v === 1)));
}

/**
 * `website.apps.product-review.list` (`/admin/apps/product-reviews`, Reviews, scope `apps`; issue 13 item 8): the
 * shop's product reviews newest first, by status tab (All, Pending, Published, Hidden with counts), stars, one product
 * (a product name in a row filters by it) and a text search — all kept in the address (route-search.ts
 * REVIEWS_SEARCH), so a filtered list can be shared and reloaded. Each review can be published, hidden, answered with
 * a public reply or deleted; ticked reviews are published, hidden or deleted together in one request
 * (`POST /api/reviews/bulk`); a CSV import adds reviews.
 */
export default function ReviewsScreen() {
  const dates = useShopDates();
  const s = useRouteSearch(REVIEWS_SEARCH);
  const navigate = useNavigate();
  const page = s.page ?? 1;
  const go = (next: Partial<ReviewsSearch>, keepPage = false) =>
    void navigate({
      to: routePath('website.apps.product-review.list'),
      search: writeSearch({ ...s, ...(keepPage ? {} : { page: 1 }), ...next }) as never,
      replace: true,
    });
  const [text, setText] = useState(s.search ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text navigates
  useEffect(() => {
    if (debounced !== (s.search ?? '')) go({ search: debounced || undefined });
  }, [debounced]);
  const reviews = useReviews({ status: s.status, rating: s.rating, productId: s.productId, search: s.search, page });
  const { update, bulk } = useReviewMutations();
  const [replying, setReplying] = useState<Review | null>(null);
  const [deleting, setDeleting] = useState<Review[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [productTitle, setProductTitle] = useState<string | null>(null);
  const data = reviews.data;
  const rows = data?.reviews;
  // A new page or filter starts with nothing ticked (only reviews on screen can be chosen).
  const listKey = JSON.stringify(s);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is what changes the rows
  useEffect(() => setSelected([]), [listKey]);
  const counts = data?.counts ?? { pending: 0, published: 0, hidden: 0 };
  const all = counts.pending + counts.published + counts.hidden;
  const onPage = rows?.map((r) => r.id) ?? [];
  const chosen = selected.filter((id) => onPage.includes(id));
  const allTicked = onPage.length > 0 && chosen.length === onPage.length;
  const toggle = (id: string) => setSelected((x) => (x.includes(id) ? x.filter((y) => y !== id) : [...x, id]));
  const runBulk = async (action: BulkAction) => {
    const ok = await bulk.mutateAsync({ ids: chosen, action }).catch(() => null);
    if (ok) setSelected([]);
  };
  const productName = s.productId ? (rows?.find((r) => r.product.id === s.productId)?.product.title ?? productTitle) : null;
  const columns: ListColumn<Review>[] = [
    {
      header: (
        <Checkbox
          aria-label="Select all reviews on this page"
          checked={allTicked}
          indeterminate={chosen.length > 0 && !allTicked}
          onChange={() => setSelected(allTicked ? [] : onPage)}
        />
      ),
      cell: (r) => <Checkbox aria-label={`Select review by ${r.author}`} checked={chosen.includes(r.id)} onChange={() => toggle(r.id)} />,
      td: { w: 40 },
    },
    {
      header: 'Product',
      cell: (r) => (
        <UnstyledButton
          onClick={() => {
            setProductTitle(r.product.title);
            go({ productId: r.product.id });
          }}
          aria-label={`Show the reviews of ${r.product.title}`}
        >
          <Text size="sm" fw={600} td="underline">
            {r.product.title}
          </Text>
        </UnstyledButton>
      ),
    },
    { header: 'Rating', cell: (r) => <Stars rating={r.rating} /> },
    {
      header: 'Review',
      td: { maw: 360 },
      cell: (r) => (
        <>
          {r.title && (
            <Text size="sm" fw={600}>
              {r.title}
            </Text>
          )}
          <Text size="sm" lineClamp={3}>
            {r.body}
          </Text>
          {reviewSizeFit(r) && (
            <Text size="xs" c="dimmed" mt={4}>
              {reviewSizeFit(r)}
            </Text>
          )}
          {r.reply && (
            <Text size="xs" c="dimmed" mt={4}>
              Your reply: {r.reply}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Author',
      cell: (r) => (
        <>
          <Text size="sm">{r.author}</Text>
          {r.email && (
            <Anchor href={`mailto:${r.email}`} size="xs" c="dimmed">
              {r.email}
            </Anchor>
          )}
        </>
      ),
    },
    {
      header: 'Date',
      cell: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dates.date(r.createdAt)}
        </Text>
      ),
    },
    {
      header: 'Status',
      cell: (r) => (
        <Badge variant="dot" color={STATUS_COLOR[r.status]} c="dark.7" tt="none">
          {STATUS_LABEL[r.status]}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          {r.status !== 'published' ? (
            <Button
              size="compact-xs"
              aria-label={`Publish review by ${r.author}`}
              onClick={() => update.mutate({ id: r.id, body: { status: 'published' } })}
            >
              Publish
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={`Hide review by ${r.author}`}
              onClick={() => update.mutate({ id: r.id, body: { status: 'hidden' } })}
            >
              Hide
            </Button>
          )}
          <Button size="compact-xs" variant="default" aria-label={`Reply to ${r.author}`} onClick={() => setReplying(r)}>
            Reply
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`Delete review by ${r.author}`}
            onClick={() => setDeleting([r])}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Reviews
          </Title>
          <Text c="dimmed" size="sm">
            Reviews shoppers leave on your product pages wait here until you publish them.
          </Text>
        </Stack>
        <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setImporting(true)}>
          Import CSV
        </Button>
      </Group>
      <Tabs value={s.status ?? 'all'} onChange={(v) => go({ status: !v || v === 'all' ? undefined : (v as ReviewStatus) })}>
        <Tabs.List>
          <Tabs.Tab value="all">All ({all})</Tabs.Tab>
          {(['pending', 'published', 'hidden'] as const).map((st) => (
            <Tabs.Tab key={st} value={st}>
              {STATUS_LABEL[st]} ({counts[st]})
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group wrap="wrap" gap="sm">
        <TextInput
          aria-label="Search reviews"
          placeholder="Search reviews"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
        />
        <Select
          aria-label="Rating"
          placeholder="Any rating"
          clearable
          data={['5', '4', '3', '2', '1'].map((r) => ({ value: r, label: `${r} stars` }))}
          value={s.rating ? String(s.rating) : null}
          onChange={(v) => go({ rating: v ? Number(v) : undefined })}
          w={160}
        />
        {s.productId && (
          <Pill
            size="lg"
            withRemoveButton
            removeButtonProps={{ 'aria-label': 'Show reviews of every product' }}
            onRemove={() => go({ productId: undefined })}
          >
            Product: {productName ?? 'one product'}
          </Pill>
        )}
      </Group>
      {chosen.length > 0 && (
        <Card padding="sm" withBorder role="region" aria-label="Bulk actions">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" fw={600}>
              {chosen.length} selected
            </Text>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" loading={bulk.isPending} onClick={() => runBulk('publish')}>
                Publish selected
              </Button>
              <Button size="xs" variant="default" loading={bulk.isPending} onClick={() => runBulk('hide')}>
                Hide selected
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => setDeleting(rows?.filter((r) => chosen.includes(r.id)) ?? [])}>
                Delete selected
              </Button>
              <CloseButton aria-label="Clear the selection" onClick={() => setSelected([])} />
            </Group>
          </Group>
        </Card>
      )}
      <ListTable
        label="Reviews"
        noun="reviews"
        query={reviews}
        rows={rows}
        rowKey={(r) => r.id}
        columns={columns}
        minWidth={900}
        empty={{
          icon: <IconStar size={28} />,
          title: all === 0 ? 'No reviews yet' : 'No review matches',
          text:
            all === 0
              ? 'Shoppers can review your products on their product pages; you can also import reviews from a CSV.'
              : 'Try another tab, rating, product or search.',
        }}
        paging={{ total: data?.total ?? 0, pageSize: REVIEWS_PAGE_SIZE, page, onChange: (p) => go({ page: p }, true) }}
      />
      {replying && <ReplyModal review={replying} onClose={() => setReplying(null)} />}
      {importing && <ImportModal onClose={() => setImporting(false)} />}
      {deleting && <DeleteModal reviews={deleting} onClose={() => setDeleting(null)} onDeleted={() => setSelected([])} />}
    </Stack>
  );
}

/** Confirms deleting one review (DELETE) or the ticked ones (one bulk request); deleted reviews are gone for good. */
function DeleteModal({ reviews, onClose, onDeleted }: { reviews: Review[]; onClose: () => void; onDeleted: () => void }) {
  const { remove, bulk } = useReviewMutations();
  const one = reviews.length === 1 ? reviews[0] : undefined;
  return (
    <Modal opened onClose={onClose} title={one ? 'Delete this review?' : `Delete ${reviews.length} reviews?`}>
      <Text size="sm" mb="md">
        {one
          ? `The review by ${one.author} is removed for good. Hide it instead to keep it.`
          : 'These reviews are removed for good. Hide them instead to keep them.'}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={remove.isPending || bulk.isPending}
          onClick={async () => {
            const ok = one
              ? await remove.mutateAsync(one.id).catch(() => null)
              : await bulk.mutateAsync({ ids: reviews.map((r) => r.id), action: 'delete' }).catch(() => null);
            if (ok) onDeleted();
            onClose();
          }}
        >
          {one ? 'Delete review' : 'Delete reviews'}
        </Button>
      </Group>
    </Modal>
  );
}
