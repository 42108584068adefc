import { BULK_EDIT_DIRECT_MAX, BULK_EDIT_PAGE_SIZE, type ProductGridResponse } from '@backroom/contracts';
import { Alert, Box, Button, Card, Group, Kbd, Pagination, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { JobProgress } from '../../components/JobProgress';
import { api } from '../../lib/api';
import { bulkUpdateKeys, collectionKeys, inventoryKeys, productKeys } from '../../lib/query-keys';
import { BULK_EDIT_SEARCH } from '../../route-search';
import { routePath } from '../../routes';
import { useRouteSearch } from '../../shell/hooks';
import {
  bulkPatches,
  type CellPos,
  COLUMNS,
  cellKey,
  copyRange,
  type Edits,
  fillDown,
  fillRange,
  gridRows,
  inRange,
  invalidCells,
  isEditable,
  originalText,
  pasteBlock,
  rangeOf,
  setCell,
} from './grid';

const ROW_HEIGHT = 40;
const TOTAL_WIDTH = COLUMNS.reduce((w, c) => w + c.width, 0);

/** `GET /api/products/grid` → one page of products with their variants (200 a page), for the grid. */
function useGrid(q: { page: number; search: string; ids: string | undefined }) {
  const params = { page: q.page, limit: BULK_EDIT_PAGE_SIZE, search: q.search || undefined, ids: q.ids };
  return useQuery({
    queryKey: productKeys.part('grid', params),
    queryFn: ({ signal }) => api.get<ProductGridResponse>('/products/grid', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `website.products.bulkEdit` (`/admin/products/bulk-edit`, scope `products`; issue 13 item 2): Shopify's bulk
 * editor — a spreadsheet of products × variants (one row per variant; title and status on a product's first row),
 * price, compare-at price, SKU and stock editable, virtualised (@tanstack/react-virtual) so 200 products with their
 * variants scroll smoothly. Keyboard (ARIA grid, active cell by `aria-activedescendant`): arrows/Tab move, Enter or
 * typing edits, Enter/Tab commits (Enter moves down), Escape cancels, Delete clears. Shift+arrows or Shift+click
 * select a range (`aria-selected`); Ctrl/⌘+C copies the range as tab-separated rows, Ctrl/⌘+V pastes such a block
 * (from this grid or a spreadsheet) at the range's top-left cell — a single copied value fills the whole range —,
 * Ctrl/⌘+D fills the range down with its first row's values, Delete clears the range. Edited cells are highlighted, invalid ones
 * red with the contract's message. One Save: up to BULK_EDIT_DIRECT_MAX products go in ONE `PATCH
 * /api/products/bulk` transaction; more run as a bulk-update job (`edit`) whose progress shows here and on Bulk
 * Updates. `?ids=` (the products list's selection) limits the grid to those products. biome.json turns off
 * useSemanticElements/useFocusableInteractive for this file: rows and cells are absolutely positioned divs of a
 * virtualised ARIA grid whose only focusable element is the grid itself (aria-activedescendant).
 */
export default function BulkEditScreen() {
  const { ids } = useRouteSearch(BULK_EDIT_SEARCH);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const grid = useGrid({ page, search, ids });
  const rows = useMemo(() => gridRows(grid.data?.products ?? []), [grid.data]);
  const [edits, setEdits] = useState<Edits>(new Map());
  const [active, setActive] = useState<CellPos>({ row: 0, col: 0 });
  /** The other corner of the selected range (Shift+arrows / Shift+click); null = only the active cell. */
  const [anchor, setAnchor] = useState<CellPos | null>(null);
  const range = rangeOf(anchor ?? active, active);
  const [editing, setEditing] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  /** True while a cell editor is open: its blur commits, unless Enter/Tab/Escape already closed it. */
  const editorOpen = useRef(false);
  const base = useId();
  const qc = useQueryClient();
  const invalid = useMemo(() => invalidCells(edits), [edits]);
  const patches = useMemo(() => bulkPatches(rows, edits), [rows, edits]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const refresh = () =>
    Promise.all(
      [productKeys.store(), collectionKeys.store(), inventoryKeys.store(), bulkUpdateKeys.store()].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
  const save = useMutation({
    mutationFn: async () => {
      if (patches.length <= BULK_EDIT_DIRECT_MAX) {
        const r = await api.patch<{ products: number; variants: number }>('/products/bulk', { products: patches });
        return { direct: r };
      }
      const job = await api.post<{ id: string }>('/bulk-updates', { action: 'edit', products: patches });
      return { job: job.id };
    },
    onSuccess: async (r) => {
      if ('direct' in r && r.direct) {
        setSaved(
          `Saved ${r.direct.products} product${r.direct.products === 1 ? '' : 's'} and ${r.direct.variants} variant${r.direct.variants === 1 ? '' : 's'}.`,
        );
        await refresh();
        setEdits(new Map());
      } else if ('job' in r && r.job) setJobId(r.job);
    },
  });

  const cellId = (r: number, c: number) => `${base}-r${r}-c${c}`;
  const textOf = (r: number, c: number) => {
    const row = rows[r];
    const col = COLUMNS[c];
    if (!row || !col) return '';
    return edits.get(cellKey(row, col.key)) ?? originalText(row, col.key);
  };
  const move = (dr: number, dc: number, extend = false) => {
    if (extend) setAnchor((x) => x ?? active);
    else setAnchor(null);
    setActive((a) => {
      const row = Math.max(0, Math.min(rows.length - 1, a.row + dr));
      const col = Math.max(0, Math.min(COLUMNS.length - 1, a.col + dc));
      virtualizer.scrollToIndex(row, { align: 'auto' });
      return { row, col };
    });
  };
  const commit = (value: string) => {
    const row = rows[active.row];
    const col = COLUMNS[active.col];
    if (row && col) setEdits((e) => setCell(e, row, col.key, value));
    setEditing(null);
    setSaved(null);
  };
  const startEdit = (initial?: string) => {
    const row = rows[active.row];
    const col = COLUMNS[active.col];
    if (!row || !col || !isEditable(row, col.key)) return;
    editorOpen.current = true;
    setAnchor(null);
    setEditing(initial ?? textOf(active.row, active.col));
  };
  /** A cell's shown text (what copy takes): '' for a product cell below the product's first row. */
  const shownText = (r: number, c: number) => {
    const row = rows[r];
    const col = COLUMNS[c];
    if (!row || !col) return '';
    return isEditable(row, col.key) || col.key === 'variant' ? textOf(r, c) : '';
  };
  const edit = (f: (e: Edits) => Edits) => {
    setEdits(f);
    setSaved(null);
  };
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing !== null) return;
    const k = e.key;
    const mod = e.ctrlKey || e.metaKey;
    if (k === 'ArrowDown') move(1, 0, e.shiftKey);
    else if (k === 'ArrowUp') move(-1, 0, e.shiftKey);
    else if (k === 'ArrowRight') move(0, 1, e.shiftKey);
    else if (k === 'ArrowLeft') move(0, -1, e.shiftKey);
    else if (mod && (k === 'd' || k === 'D')) edit((x) => fillDown(x, rows, range, textOf));
    else if (mod && (k === 'a' || k === 'A')) {
      setAnchor({ row: 0, col: 0 });
      setActive({ row: Math.max(0, rows.length - 1), col: COLUMNS.length - 1 });
    } else if (k === 'Escape' && anchor) setAnchor(null);
    else if (k === 'Tab') {
      // Tab moves between cells; at the last cell it leaves the grid.
      if ((!e.shiftKey && active.col === COLUMNS.length - 1) || (e.shiftKey && active.col === 0)) return;
      move(0, e.shiftKey ? -1 : 1);
    } else if (k === 'Enter' || k === 'F2') startEdit();
    else if (k === 'Delete' || k === 'Backspace') edit((x) => fillRange(x, rows, range, ''));
    else if (k === 'Home') move(0, -COLUMNS.length, e.shiftKey);
    else if (k === 'End') move(0, COLUMNS.length, e.shiftKey);
    else if (k.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      startEdit(k);
    } else return;
    e.preventDefault();
  };
  const onEditorBlur = (value: string) => {
    if (!editorOpen.current) return;
    editorOpen.current = false;
    commit(value);
  };
  const onEditorKey = (e: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (e.key === 'Enter' || e.key === 'Tab' || e.key === 'Escape') editorOpen.current = false;
    if (e.key === 'Enter') {
      commit(e.currentTarget.value);
      move(1, 0);
    } else if (e.key === 'Tab') {
      commit(e.currentTarget.value);
      move(0, e.shiftKey ? -1 : 1);
    } else if (e.key === 'Escape') setEditing(null);
    else return;
    e.preventDefault();
    gridRef.current?.focus();
  };

  const changed = edits.size;
  const busy = save.isPending || (jobId !== null && !saved);
  return (
    <Stack gap="md" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Button
            component={Link}
            to={routePath('website.products')}
            variant="subtle"
            color="gray"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            Products
          </Button>
          <Title order={1} size="h2">
            Bulk edit products
          </Title>
        </Group>
        <Group gap="xs">
          <Button variant="default" disabled={!changed || busy} onClick={() => setEdits(new Map())}>
            Discard
          </Button>
          <Button disabled={!changed || invalid.size > 0} loading={busy} onClick={() => save.mutate()}>
            {changed ? `Save ${changed} change${changed === 1 ? '' : 's'}` : 'Save'}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Move with the arrow keys or <Kbd>Tab</Kbd>, type or press <Kbd>Enter</Kbd> to edit, <Kbd>Enter</Kbd> to keep, <Kbd>Esc</Kbd> to
        cancel. <Kbd>Shift</Kbd>+arrows or <Kbd>Shift</Kbd>+click select cells; copy and paste them with <Kbd>Ctrl</Kbd>+<Kbd>C</Kbd> /{' '}
        <Kbd>Ctrl</Kbd>+<Kbd>V</Kbd>, also from a spreadsheet; <Kbd>Ctrl</Kbd>+<Kbd>D</Kbd> fills the first row&apos;s values down.
      </Text>
      {grid.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The products could not be loaded">
          {grid.error.message}
        </Alert>
      )}
      {invalid.size > 0 && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {invalid.size} cell{invalid.size === 1 ? ' needs' : 's need'} fixing before saving: {[...invalid.values()][0]}
        </Alert>
      )}
      {saved && (
        <Alert color="green" role="status">
          {saved}
        </Alert>
      )}
      {jobId && (
        <Card padding="md">
          <JobProgress
            jobId={jobId}
            label={`Saving ${patches.length} products`}
            unit="products"
            onFinished={async (job) => {
              setSaved(job.state === 'completed' ? 'Saved. See Bulk Updates for the report.' : `The save failed: ${job.error ?? ''}`);
              if (job.state === 'completed') setEdits(new Map());
              await refresh();
              setJobId(null);
            }}
          />
        </Card>
      )}
      <Group gap="sm" wrap="wrap">
        <TextInput
          aria-label="Search products"
          placeholder="Search by title, vendor or SKU"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          disabled={changed > 0}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
        />
        {changed > 0 && (
          <Text size="sm" c="dimmed">
            Save or discard your changes to search or change page.
          </Text>
        )}
      </Group>
      {grid.isPending ? (
        <Skeleton h={400} radius="lg" />
      ) : (
        <Card padding={0} style={{ overflow: 'hidden' }}>
          <Box ref={scroller} style={{ overflow: 'auto', maxHeight: 'calc(100vh - 300px)', minHeight: 240 }}>
            <div
              ref={gridRef}
              role="grid"
              aria-label="Products and variants"
              aria-rowcount={rows.length + 1}
              aria-colcount={COLUMNS.length}
              aria-activedescendant={rows.length ? cellId(active.row, active.col) : undefined}
              tabIndex={0}
              onKeyDown={onGridKey}
              onCopy={(e) => {
                if (editing !== null) return;
                e.clipboardData.setData('text/plain', copyRange(range, shownText));
                e.preventDefault();
              }}
              onPaste={(e) => {
                if (editing !== null) return;
                const pasted = e.clipboardData.getData('text/plain').replace(/\r?\n$/, '');
                const single = !pasted.includes('\t') && !pasted.includes('\n');
                edit((x) => (single && anchor ? fillRange(x, rows, range, pasted) : pasteBlock(x, rows, range.top, range.left, pasted)));
                e.preventDefault();
              }}
              style={{ width: TOTAL_WIDTH, position: 'relative', outline: 'none' }}
            >
              <div
                role="row"
                aria-rowindex={1}
                style={{ display: 'flex', position: 'sticky', top: 0, zIndex: 2, background: 'var(--mantine-color-gray-0)' }}
              >
                {COLUMNS.map((c) => (
                  <div
                    key={c.key}
                    role="columnheader"
                    style={{
                      width: c.width,
                      padding: '8px 10px',
                      fontSize: 13,
                      fontWeight: 600,
                      textAlign: 'numeric' in c ? 'right' : 'left',
                      borderBottom: '1px solid var(--mantine-color-gray-3)',
                    }}
                  >
                    {c.label}
                  </div>
                ))}
              </div>
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((vr) => {
                  const row = rows[vr.index]!;
                  return (
                    <div
                      key={row.variant.id}
                      role="row"
                      aria-rowindex={vr.index + 2}
                      style={{
                        display: 'flex',
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        height: ROW_HEIGHT,
                        transform: `translateY(${vr.start}px)`,
                      }}
                    >
                      {COLUMNS.map((c, ci) => {
                        const key = cellKey(row, c.key);
                        const editable = isEditable(row, c.key);
                        const isActive = active.row === vr.index && active.col === ci;
                        const selected = isActive || (anchor !== null && inRange(range, vr.index, ci));
                        const value = editable || c.key === 'variant' ? textOf(vr.index, ci) : '';
                        const edited = edits.has(key) && editable;
                        const error = edited ? invalid.get(key) : undefined;
                        return (
                          <div
                            key={c.key}
                            id={cellId(vr.index, ci)}
                            role="gridcell"
                            aria-colindex={ci + 1}
                            aria-readonly={!editable || undefined}
                            aria-invalid={error ? true : undefined}
                            aria-selected={selected}
                            title={error}
                            onMouseDown={(e) => {
                              if (e.shiftKey) {
                                e.preventDefault();
                                setAnchor((x) => x ?? active);
                              } else setAnchor(null);
                              setActive({ row: vr.index, col: ci });
                            }}
                            onDoubleClick={() => startEdit()}
                            style={{
                              width: c.width,
                              height: ROW_HEIGHT,
                              padding: '0 10px',
                              display: 'flex',
                              alignItems: 'center',
                              justifyContent: 'numeric' in c ? 'flex-end' : 'flex-start',
                              fontSize: 14,
                              fontVariantNumeric: 'tabular-nums',
                              borderBottom: '1px solid var(--mantine-color-gray-2)',
                              borderRight: '1px solid var(--mantine-color-gray-2)',
                              background: error
                                ? 'var(--mantine-color-red-0)'
                                : edited
                                  ? 'var(--mantine-color-yellow-0)'
                                  : selected && anchor
                                    ? 'var(--mantine-color-blue-0)'
                                    : !editable
                                      ? 'var(--mantine-color-gray-0)'
                                      : undefined,
                              color: c.key === 'variant' ? 'var(--mantine-color-gray-7)' : undefined,
                              fontWeight: c.key === 'title' ? 600 : undefined,
                              outline: isActive ? '2px solid var(--mantine-color-blue-6)' : undefined,
                              outlineOffset: -2,
                              overflow: 'hidden',
                              whiteSpace: 'nowrap',
                              textOverflow: 'ellipsis',
                              cursor: editable ? 'cell' : 'default',
                            }}
                          >
                            {isActive && editing !== null ? (
                              c.key === 'status' ? (
                                <select
                                  aria-label={`${c.label} of ${row.product.title}`}
                                  // biome-ignore lint/a11y/noAutofocus: the cell editor takes the focus it was opened for
                                  autoFocus
                                  defaultValue={editing}
                                  onKeyDown={onEditorKey}
                                  onBlur={(e) => onEditorBlur(e.currentTarget.value)}
                                  style={{ width: '100%', font: 'inherit' }}
                                >
                                  <option value="active">active</option>
                                  <option value="draft">draft</option>
                                  <option value="archived">archived</option>
                                </select>
                              ) : (
                                <input
                                  aria-label={`${c.label} of ${row.product.title} ${row.variant.title}`}
                                  // biome-ignore lint/a11y/noAutofocus: the cell editor takes the focus it was opened for
                                  autoFocus
                                  defaultValue={editing}
                                  onKeyDown={onEditorKey}
                                  onBlur={(e) => onEditorBlur(e.currentTarget.value)}
                                  inputMode={'numeric' in c ? 'decimal' : undefined}
                                  style={{
                                    width: '100%',
                                    font: 'inherit',
                                    textAlign: 'inherit',
                                    border: 0,
                                    outline: 0,
                                    background: 'transparent',
                                  }}
                                />
                              )
                            ) : (
                              value
                            )}
                          </div>
                        );
                      })}
                    </div>
                  );
                })}
              </div>
            </div>
          </Box>
          {rows.length === 0 && (
            <Text c="dimmed" p="md">
              {search ? `No product matches “${search}”.` : 'No products to edit yet.'}
            </Text>
          )}
        </Card>
      )}
      {(grid.data?.total ?? 0) > BULK_EDIT_PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            total={Math.ceil((grid.data?.total ?? 0) / BULK_EDIT_PAGE_SIZE)}
            value={page}
            onChange={(p) => {
              setPage(p);
              setActive({ row: 0, col: 0 });
            }}
            disabled={changed > 0}
          />
        </Group>
      )}
    </Stack>
  );
}
