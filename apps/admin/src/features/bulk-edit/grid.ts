import { type BulkProductPatch, type GridProduct, PRODUCT_STATUSES, Price, type ProductStatus } from '@backroom/contracts';

/**
 * The pure model of the bulk-edit grid (route website.products.bulkEdit, issue 13 item 2): one row per variant
 * (Shopify's bulk editor), product columns (title, status) editable on a product's first row; edits kept apart from
 * the loaded data as text per cell, checked with the contract's rules, and turned into ONE `PATCH
 * /api/products/bulk` body (or a bulk-update `edit` job for large saves).
 */

/** The grid's columns, left to right. `product` columns belong to the product, the others to the variant. */
export const COLUMNS = [
  { key: 'title', label: 'Product', width: 240, product: true },
  { key: 'status', label: 'Status', width: 110, product: true },
  { key: 'variant', label: 'Variant', width: 150, readOnly: true },
  { key: 'price', label: 'Price', width: 110, numeric: true },
  { key: 'compareAtPrice', label: 'Compare-at price', width: 150, numeric: true },
  { key: 'sku', label: 'SKU', width: 150 },
  { key: 'inventoryQuantity', label: 'Available', width: 110, numeric: true },
] as const;
export type ColumnKey = (typeof COLUMNS)[number]['key'];

/** One row: a variant, with its product. `first` marks the product's first variant (where product cells edit). */
export interface GridRow {
  product: GridProduct;
  variant: GridProduct['variants'][number];
  first: boolean;
}

/** Rows of a page of products, in order. */
export function gridRows(products: GridProduct[]): GridRow[] {
  return products.flatMap((product) => product.variants.map((variant, i) => ({ product, variant, first: i === 0 })));
}

/** True when the cell can be edited (product cells only on the product's first row; the variant name never). */
export function isEditable(row: GridRow, col: ColumnKey): boolean {
  const c = COLUMNS.find((x) => x.key === col)!;
  if ('readOnly' in c && c.readOnly) return false;
  return !('product' in c && c.product) || row.first;
}

/** The key of a cell in the edits map: product cells by product id, variant cells by variant id. */
export function cellKey(row: GridRow, col: ColumnKey): string {
  const c = COLUMNS.find((x) => x.key === col)!;
  return 'product' in c && c.product ? `${row.product.id}:${col}` : `${row.variant.id}:${col}`;
}

/** The loaded value of a cell as text ('' for no compare-at price). */
export function originalText(row: GridRow, col: ColumnKey): string {
  switch (col) {
    case 'title':
      return row.product.title;
    case 'status':
      return row.product.status;
    case 'variant':
      return row.variant.title;
    case 'price':
      return row.variant.price.toFixed(2);
    case 'compareAtPrice':
      return row.variant.compareAtPrice === null ? '' : row.variant.compareAtPrice.toFixed(2);
    case 'sku':
      return row.variant.sku;
    case 'inventoryQuantity':
      return String(row.variant.inventoryQuantity);
  }
}

/** A cell's text checked against the contract's rule: the value to send, or the message. */
export function parseCell(col: ColumnKey, text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const t = text.trim();
  switch (col) {
    case 'title':
      if (!t) return { ok: false, message: 'title is required' };
      if (t.length > 255) return { ok: false, message: 'title must be at most 255 characters' };
      return { ok: true, value: t };
    case 'status':
      return (PRODUCT_STATUSES as readonly string[]).includes(t.toLowerCase())
        ? { ok: true, value: t.toLowerCase() as ProductStatus }
        : { ok: false, message: 'must be active, draft or archived' };
    case 'price':
    case 'compareAtPrice': {
      if (col === 'compareAtPrice' && t === '') return { ok: true, value: null };
      const n = Number(t.replace(/^\$/, '').replace(/,/g, ''));
      const r = Price.safeParse(t === '' ? Number.NaN : n);
      return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? 'is not a price' };
    }
    case 'sku':
      return t.length > 255 ? { ok: false, message: 'must be at most 255 characters' } : { ok: true, value: t };
    case 'inventoryQuantity': {
      const n = Number(t);
      if (t === '' || !Number.isInteger(n)) return { ok: false, message: 'must be a whole number' };
      if (Math.abs(n) > 1_000_000_000) return { ok: false, message: 'must be between -1000000000 and 1000000000' };
      return { ok: true, value: n };
    }
    case 'variant':
      return { ok: false, message: 'cannot be edited here' };
  }
}

/** Edited cells: cellKey → text as typed. A cell whose text equals the loaded one is not an edit. */
export type Edits = ReadonlyMap<string, string>;

/** The edits with one cell set (removed when back to the loaded value; never on a read-only cell). */
export function setCell(edits: Edits, row: GridRow, col: ColumnKey, text: string): Map<string, string> {
  const next = new Map(edits);
  if (!isEditable(row, col)) return next;
  const key = cellKey(row, col);
  const same = col === 'status' ? text.trim().toLowerCase() === originalText(row, col) : text.trim() === originalText(row, col);
  if (same) next.delete(key);
  else next.set(key, text);
  return next;
}

/**
 * A pasted block (rows by line, cells by tab, as spreadsheets copy) applied from the cell (row, col) rightwards and
 * downwards; cells past the grid's edge or read-only are skipped.
 */
export function pasteBlock(edits: Edits, rows: GridRow[], row: number, col: number, text: string): Map<string, string> {
  let next = new Map(edits);
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  lines.forEach((line, i) => {
    line.split('\t').forEach((cell, j) => {
      const r = rows[row + i];
      const c = COLUMNS[col + j];
      if (r && c) next = setCell(next, r, c.key, cell);
    });
  });
  return next;
}

/** A cell position in the grid: row index in `rows`, column index in COLUMNS. */
export interface CellPos {
  row: number;
  col: number;
}

/** A rectangle of cells, inclusive on both ends (top ≤ bottom, left ≤ right). */
export interface CellRange {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The rectangle spanned by two corners (the selection's anchor and the active cell), in any order. */
export function rangeOf(a: CellPos, b: CellPos): CellRange {
  return { top: Math.min(a.row, b.row), bottom: Math.max(a.row, b.row), left: Math.min(a.col, b.col), right: Math.max(a.col, b.col) };
}

/** True when the cell lies inside the range. */
export function inRange(r: CellRange, row: number, col: number): boolean {
  return row >= r.top && row <= r.bottom && col >= r.left && col <= r.right;
}

/**
 * The range as spreadsheets copy it: one line per row, cells joined by tabs, each cell's shown text (`textAt`), so it
 * pastes back into this grid ({@link pasteBlock}) or into Excel / Google Sheets.
 */
export function copyRange(r: CellRange, textAt: (row: number, col: number) => string): string {
  const lines: string[] = [];
  for (let i = r.top; i <= r.bottom; i++) {
    const cells: string[] = [];
    for (let j = r.left; j <= r.right; j++) cells.push(textAt(i, j));
    lines.push(cells.join('\t'));
  }
  return lines.join('\n');
}

/**
 * Fill down (spreadsheets' Ctrl+D): in every column of the range, the first row's text (`textAt`, edits included)
 * is set on the rows below it; read-only cells (the variant name, product cells below a product's first row) are
 * skipped. A one-row range changes nothing.
 */
export function fillDown(edits: Edits, rows: GridRow[], r: CellRange, textAt: (row: number, col: number) => string): Map<string, string> {
  let next = new Map(edits);
  for (let j = r.left; j <= r.right; j++) {
    const c = COLUMNS[j];
    if (!c) continue;
    const value = textAt(r.top, j);
    for (let i = r.top + 1; i <= r.bottom; i++) {
      const row = rows[i];
      if (row) next = setCell(next, row, c.key, value);
    }
  }
  return next;
}

/** Every editable cell of the range set to one text (a single copied cell pasted over a range, or Delete clearing it). */
export function fillRange(edits: Edits, rows: GridRow[], r: CellRange, text: string): Map<string, string> {
  let next = new Map(edits);
  for (let i = r.top; i <= r.bottom; i++) {
    for (let j = r.left; j <= r.right; j++) {
      const row = rows[i];
      const c = COLUMNS[j];
      if (row && c) next = setCell(next, row, c.key, text);
    }
  }
  return next;
}

/** Messages of the invalid edited cells, by cellKey. */
export function invalidCells(edits: Edits): Map<string, string> {
  const bad = new Map<string, string>();
  for (const [key, text] of edits) {
    const col = key.slice(key.indexOf(':') + 1) as ColumnKey;
    const r = parseCell(col, text);
    if (!r.ok) bad.set(key, r.message);
  }
  return bad;
}

/** The `PATCH /api/products/bulk` products of the edits: one entry per changed product, with its changed variants. */
export function bulkPatches(rows: GridRow[], edits: Edits): BulkProductPatch[] {
  const byProduct = new Map<string, BulkProductPatch>();
  const entry = (id: string) => {
    let p = byProduct.get(id);
    if (!p) {
      p = { id };
      byProduct.set(id, p);
    }
    return p;
  };
  for (const row of rows) {
    for (const c of COLUMNS) {
      const text = edits.get(cellKey(row, c.key));
      if (text === undefined || !isEditable(row, c.key)) continue;
      const parsed = parseCell(c.key, text);
      if (!parsed.ok) continue;
      const p = entry(row.product.id);
      if (c.key === 'title') p.title = parsed.value as string;
      else if (c.key === 'status') p.status = parsed.value as ProductStatus;
      else {
        p.variants ??= [];
        let v = p.variants.find((x) => x.id === row.variant.id);
        if (!v) {
          v = { id: row.variant.id };
          p.variants.push(v);
        }
        (v as Record<string, unknown>)[c.key] = parsed.value;
      }
    }
  }
  return [...byProduct.values()];
}
