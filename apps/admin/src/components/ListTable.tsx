import {
  Alert,
  Box,
  Card,
  Checkbox,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  type TableTdProps,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount } from '../lib/format';

/** One column of a {@link ListTable}: its header and what a row shows in it. */
export interface ListColumn<T> {
  /** Header text (the column's accessible name). */
  header: ReactNode;
  /** The cell of one row. */
  cell: (row: T) => ReactNode;
  /** Right-aligned with tabular figures and no wrapping (amounts, counts). */
  numeric?: boolean;
  /** More props of the cell (`fw`, `style`, …). */
  td?: TableTdProps;
  /** Width of the column (e.g. a thumbnail's), px. */
  width?: number;
}

/**
 * Rows chosen for a bulk action, shown as a leading checkbox column (products): `ids` may hold rows of other pages;
 * the header's box is checked when every row of the page is chosen, indeterminate when some are, and (un)chooses the
 * page's rows. Chosen rows are highlighted.
 */
export interface ListSelection<T> {
  ids: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onTogglePage: (ids: string[], on: boolean) => void;
  /** Accessible name of a row's box, e.g. `Select ${title}`. */
  rowLabel: (row: T) => string;
  /** Accessible name of the header's box, e.g. 'Select all products on this page'. */
  pageLabel: string;
}

/** Props of {@link ListTable}. */
export interface ListTableProps<T> {
  /** Accessible name of the table, e.g. 'Abandoned checkouts'. */
  label: string;
  /** What the rows are, plural, for the loading and error texts: 'checkouts' → 'Loading checkouts'. */
  noun: string;
  /**
   * The list query's state (TanStack Query): a skeleton while pending, a red alert with the API message on error,
   * the table `aria-busy` while another page loads with the previous one on screen (`isFetching`).
   */
  query: { isPending: boolean; isError: boolean; error: Error | null; isFetching?: boolean };
  /** The page's rows; `undefined` before the first answer. */
  rows: T[] | undefined;
  /** A row's React key (its id). */
  rowKey: (row: T) => string;
  columns: ListColumn<T>[];
  /** Width below which the table scrolls sideways, px. */
  minWidth: number;
  /** What an empty page shows: an icon, a heading (h2) and a text. */
  empty: { icon: ReactNode; title: ReactNode; text: ReactNode };
  /**
   * Paging: rows in all (the API's `total`), rows a page (contracts `paging.ts`), the 1-based page and its change.
   * Absent for a list that always shows every row (menus).
   */
  paging?: {
    total: number;
    pageSize: number;
    page: number;
    onChange: (page: number) => void;
    /** Shows "21–40 of 45" beside the pages (the rows on screen, 1-based, en dash). */
    range?: boolean;
  };
  /** A leading checkbox column for bulk actions (see {@link ListSelection}). */
  selection?: ListSelection<T>;
  /** Text of an empty page: a plain bold line and text (results of a search or filter) instead of icon + h2. */
  emptyTone?: 'call-to-action' | 'no-results';
  /**
   * Under 768 px (48 em) each row becomes this card instead of a table row, in a list named `label` (orders,
   * customers: every figure stays in view on a phone, no sideways scrolling). Absent: the table scrolls sideways.
   */
  card?: (row: T) => ReactNode;
  /**
   * 'card' (default): the list draws its own cards (table, empty state). 'none': the screen's card already frames it,
   * with the tabs and filters above the rows (orders, customers, payout history).
   */
  frame?: 'card' | 'none';
}

/**
 * The list every admin index screen shows (issue 15: orders, customers, abandoned checkouts, discounts, pages,
 * personalised products, menus, payout history): an error alert with the API's message, two skeleton rows while
 * loading, an empty state (icon, h2, text), or the table (scrolling sideways below `minWidth`; under 768 px the
 * row cards when `card` is given), then the pagination when there is more than one page (controls named 'Page n',
 * 'previous page', 'next page'). Framed in its own cards, or bare inside the screen's card (`frame: 'none'`).
 * Filters, headings, counts and the address stay on the screen (`useListAddress`).
 */
export function ListTable<T>(p: ListTableProps<T>) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const framed = p.frame !== 'none';
  const paging = p.paging;
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  const emptyState =
    p.emptyTone === 'no-results' ? (
      <Stack gap={4} ta="center" align="center">
        <Text fw={600}>{p.empty.title}</Text>
        <Text size="sm" c="dimmed">
          {p.empty.text}
        </Text>
      </Stack>
    ) : (
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          {p.empty.icon}
        </ThemeIcon>
        <Title order={2} size="h3">
          {p.empty.title}
        </Title>
        <Text c="dimmed" maw={480}>
          {p.empty.text}
        </Text>
      </Stack>
    );
  const sel = p.selection;
  const table = (rows: T[]) => {
    const pageIds = rows.map(p.rowKey);
    const chosen = sel ? pageIds.filter((id) => sel.ids.has(id)).length : 0;
    return (
      // A focusable, named region: rows without links or buttons still scroll sideways by keyboard (axe
      // scrollable-region-focusable).
      <Table.ScrollContainer minWidth={p.minWidth} type="native" tabIndex={0} role="region" aria-label={`${p.label}, scrolls sideways`}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          aria-label={p.label}
          aria-busy={p.query.isFetching || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {sel && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={sel.pageLabel}
                    checked={chosen > 0 && chosen === pageIds.length}
                    indeterminate={chosen > 0 && chosen < pageIds.length}
                    onChange={(e) => sel.onTogglePage(pageIds, e.currentTarget.checked)}
                  />
                </Table.Th>
              )}
              {p.columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life
                <Table.Th key={i} ta={c.numeric ? 'right' : undefined} w={c.width}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={p.rowKey(row)} bg={sel?.ids.has(p.rowKey(row)) ? 'var(--mantine-color-blue-light)' : undefined}>
                {sel && (
                  <Table.Td>
                    <Checkbox
                      aria-label={sel.rowLabel(row)}
                      checked={sel.ids.has(p.rowKey(row))}
                      onChange={() => sel.onToggle(p.rowKey(row))}
                    />
                  </Table.Td>
                )}
                {p.columns.map((c, i) => (
                  <Table.Td
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life
                    key={i}
                    {...(c.numeric ? { ta: 'right', style: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } } : {})}
                    {...c.td}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };
  const card = p.card;
  const cards = (rows: T[], render: (row: T) => ReactNode) => (
    <Stack
      component="ul"
      aria-label={p.label}
      aria-busy={p.query.isFetching || undefined}
      p={framed ? 0 : 'sm'}
      gap="xs"
      m={0}
      style={{ listStyle: 'none' }}
    >
      {rows.map((row) => (
        <Box component="li" key={p.rowKey(row)}>
          {render(row)}
        </Box>
      ))}
    </Stack>
  );
  return (
    <>
      {p.query.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={`The ${p.noun} could not be loaded`} m={framed ? undefined : 'sm'}>
          {p.query.error?.message}
        </Alert>
      )}
      {p.query.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={`Loading ${p.noun}`} p={framed ? undefined : 'sm'}>
          <Skeleton h={56} radius="md" />
          <Skeleton h={56} radius="md" />
        </Stack>
      ) : p.rows && p.rows.length === 0 ? (
        framed ? (
          <Card padding="xl">{emptyState}</Card>
        ) : (
          <Box px="md" py="lg">
            {emptyState}
          </Box>
        )
      ) : p.rows ? (
        card && narrow ? (
          cards(p.rows, card)
        ) : framed ? (
          <Card padding={0}>{table(p.rows)}</Card>
        ) : (
          table(p.rows)
        )
      ) : null}
      {p.rows && paging && paging.total > paging.pageSize && (
        <Group justify={paging.range ? 'space-between' : 'flex-end'} wrap="wrap" gap="sm" p={framed ? undefined : 'sm'}>
          {paging.range && p.rows.length > 0 && (
            <Text size="sm" c="dimmed">
              {rangeText(Math.min(paging.page, pages), paging.pageSize, p.rows.length, paging.total)}
            </Text>
          )}
          <Pagination
            total={pages}
            value={Math.min(paging.page, pages)}
            onChange={paging.onChange}
            size="sm"
            siblings={narrow ? 0 : 1}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
          />
        </Group>
      )}
    </>
  );
}

/** "21–40 of 45": the 1-based range of `shown` rows on `page` of `pageSize`, and the total, in en-US digits. */
function rangeText(page: number, pageSize: number, shown: number, total: number): string {
  const first = (page - 1) * pageSize + 1;
  return `${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(total)}`;
}
