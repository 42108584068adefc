import type { GridProduct } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import {
  bulkPatches,
  COLUMNS,
  copyRange,
  type Edits,
  fillDown,
  fillRange,
  gridRows,
  inRange,
  invalidCells,
  originalText,
  parseCell,
  pasteBlock,
  rangeOf,
  setCell,
} from './grid';

const hoodie: GridProduct = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Hoodie',
  status: 'draft',
  vendor: '',
  variants: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      title: 'S',
      price: 40,
      compareAtPrice: null,
      sku: 'HD-S',
      inventoryQuantity: 3,
      inventoryPolicy: 'deny',
    },
    {
      id: '00000000-0000-4000-8000-0000000000a2',
      title: 'M',
      price: 40,
      compareAtPrice: 50,
      sku: 'HD-M',
      inventoryQuantity: 0,
      inventoryPolicy: 'deny',
    },
  ],
};
const mug: GridProduct = {
  id: '00000000-0000-4000-8000-000000000002',
  title: 'Mug',
  status: 'active',
  vendor: '',
  variants: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      title: 'Default Title',
      price: 9.5,
      compareAtPrice: null,
      sku: '',
      inventoryQuantity: 1,
      inventoryPolicy: 'continue',
    },
  ],
};
const rows = gridRows([hoodie, mug]);

describe('bulk-edit grid model', () => {
  it('one row per variant; product cells edit only on the first row', () => {
    expect(rows.map((r) => [r.product.title, r.variant.title, r.first])).toEqual([
      ['Hoodie', 'S', true],
      ['Hoodie', 'M', false],
      ['Mug', 'Default Title', true],
    ]);
    expect(setCell(new Map(), rows[1]!, 'title', 'X').size).toBe(0);
    expect(setCell(new Map(), rows[0]!, 'variant', 'X').size).toBe(0);
  });

  it('checks cells with the contract’s rules', () => {
    expect(parseCell('price', '12.5')).toEqual({ ok: true, value: 12.5 });
    expect(parseCell('price', '$1,200.00')).toEqual({ ok: true, value: 1200 });
    expect(parseCell('price', '1.234')).toEqual({ ok: false, message: 'must have at most 2 decimals' });
    expect(parseCell('price', '-1')).toEqual({ ok: false, message: 'must be 0 or more' });
    expect(parseCell('price', '')).toEqual({ ok: false, message: 'must be a number' });
    expect(parseCell('compareAtPrice', '')).toEqual({ ok: true, value: null });
    expect(parseCell('inventoryQuantity', '2.5')).toEqual({ ok: false, message: 'must be a whole number' });
    expect(parseCell('status', 'Active')).toEqual({ ok: true, value: 'active' });
    expect(parseCell('status', 'sold')).toEqual({ ok: false, message: 'must be active, draft or archived' });
    expect(parseCell('title', ' ')).toEqual({ ok: false, message: 'title is required' });
  });

  it('an edit back to the loaded value is no edit; invalid cells are listed with their message', () => {
    let e = setCell(new Map(), rows[0]!, 'price', '41');
    e = setCell(e, rows[0]!, 'price', '40.00');
    expect(e.size).toBe(0);
    e = setCell(e, rows[2]!, 'inventoryQuantity', 'lots');
    expect([...invalidCells(e)]).toEqual([[`${mug.variants[0]!.id}:inventoryQuantity`, 'must be a whole number']]);
  });

  it('pastes a tab-separated block from the active cell, skipping read-only cells and the grid’s edge', () => {
    // From the Price column of row 0: price, compare-at on rows 0-1, and a third line past row 2 ignored.
    const e = pasteBlock(new Map(), rows, 1, 3, '45\t55\n9\t\n1\t2\n7\t7\n');
    expect(bulkPatches(rows, e)).toEqual([
      { id: hoodie.id, variants: [{ id: hoodie.variants[1]!.id, price: 45, compareAtPrice: 55 }] },
      { id: mug.id, variants: [{ id: mug.variants[0]!.id, price: 9 }] },
    ]);
  });

  it('builds ONE bulk body: product fields and changed variants grouped per product', () => {
    let e = setCell(new Map(), rows[0]!, 'status', 'active');
    e = setCell(e, rows[0]!, 'sku', 'HD-S2');
    e = setCell(e, rows[1]!, 'compareAtPrice', '');
    e = setCell(e, rows[1]!, 'inventoryQuantity', '12');
    expect(bulkPatches(rows, e)).toEqual([
      {
        id: hoodie.id,
        status: 'active',
        variants: [
          { id: hoodie.variants[0]!.id, sku: 'HD-S2' },
          { id: hoodie.variants[1]!.id, compareAtPrice: null, inventoryQuantity: 12 },
        ],
      },
    ]);
  });

  describe('ranges (Shift+arrows / Shift+click)', () => {
    const textAt = (e: Edits) => (r: number, c: number) => {
      const row = rows[r]!;
      const col = COLUMNS[c]!;
      return (
        e.get(`${col.key === 'title' || col.key === 'status' ? row.product.id : row.variant.id}:${col.key}`) ?? originalText(row, col.key)
      );
    };

    it('spans two corners in any order', () => {
      const r = rangeOf({ row: 2, col: 3 }, { row: 0, col: 4 });
      expect(r).toEqual({ top: 0, bottom: 2, left: 3, right: 4 });
      expect(inRange(r, 1, 4)).toBe(true);
      expect(inRange(r, 1, 5)).toBe(false);
    });

    it('copies a range as tab-separated lines that paste back', () => {
      expect(copyRange(rangeOf({ row: 0, col: 3 }, { row: 2, col: 4 }), textAt(new Map()))).toBe('40.00\t\n40.00\t50.00\n9.50\t');
      // The price column pasted one column to the right (compare-at ← price) lands cell for cell.
      const tsv = copyRange(rangeOf({ row: 0, col: 3 }, { row: 2, col: 3 }), textAt(new Map()));
      const e = pasteBlock(new Map(), rows, 0, 4, tsv);
      expect(bulkPatches(rows, e).flatMap((p) => p.variants ?? [])).toEqual([
        { id: hoodie.variants[0]!.id, compareAtPrice: 40 },
        { id: hoodie.variants[1]!.id, compareAtPrice: 40 },
        { id: mug.variants[0]!.id, compareAtPrice: 9.5 },
      ]);
    });

    it("fills down the first row's value (an edit included), skipping read-only cells", () => {
      const e0 = setCell(new Map(), rows[0]!, 'price', '42');
      const e = fillDown(e0, rows, rangeOf({ row: 0, col: 1 }, { row: 2, col: 3 }), textAt(e0));
      expect(bulkPatches(rows, e)).toEqual([
        {
          id: hoodie.id,
          variants: [
            { id: hoodie.variants[0]!.id, price: 42 },
            { id: hoodie.variants[1]!.id, price: 42 },
          ],
        },
        // The mug's status becomes the hoodie's (draft); its own product row is its first.
        { id: mug.id, status: 'draft', variants: [{ id: mug.variants[0]!.id, price: 42 }] },
      ]);
      expect(fillDown(e0, rows, rangeOf({ row: 1, col: 3 }, { row: 1, col: 5 }), textAt(e0))).toEqual(e0);
    });

    it('sets one text on every editable cell of a range', () => {
      const e = fillRange(new Map(), rows, rangeOf({ row: 0, col: 2 }, { row: 2, col: 6 }), '5');
      expect(bulkPatches(rows, e).flatMap((p) => p.variants ?? [])).toEqual([
        { id: hoodie.variants[0]!.id, price: 5, compareAtPrice: 5, sku: '5', inventoryQuantity: 5 },
        { id: hoodie.variants[1]!.id, price: 5, compareAtPrice: 5, sku: '5', inventoryQuantity: 5 },
        { id: mug.variants[0]!.id, price: 5, compareAtPrice: 5, sku: '5', inventoryQuantity: 5 },
      ]);
    });
  });
});
