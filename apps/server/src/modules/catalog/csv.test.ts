import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  detectEncoding,
  groupRows,
  type ProductGroup,
  parseBool,
  parsePriceCents,
  parseRow,
  type RowRejection,
  readCsvRows,
} from './csv.js';

const FIXTURES = join(import.meta.dirname, '../../../../../fixtures/shopify-product-csvs');
const dir = mkdtempSync(join(tmpdir(), 'backroom-csv-test-'));
let n = 0;
const file = (content: string | Buffer) => {
  n += 1;
  const p = join(dir, `f${n}.csv`);
  writeFileSync(p, content);
  return p;
};

async function groupsOf(path: string) {
  const { encoding } = await detectEncoding(path);
  const groups: ProductGroup[] = [];
  const rejected: RowRejection[] = [];
  const stats = { rows: 0 };
  for await (const g of groupRows(readCsvRows(path, encoding), stats)) {
    if (g.group) groups.push(g.group);
    rejected.push(...g.rejected);
  }
  return { groups, rejected, rows: stats.rows };
}

describe('grouping the shared Shopify exports', () => {
  for (const name of ['apparel.csv', 'jewelery.csv']) {
    it(`${name}: every product and every variant is present, checked against an independent count`, async () => {
      const path = join(FIXTURES, name);
      // Independent count: csv-parse's sync API with column names, no code of the importer.
      const records = parse(readFileSync(path), { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
      const handles = [...new Set(records.map((r) => r.Handle))];
      const variantRecords = records.filter((r) => r['Option1 Value'] || r['Variant Price'] || r['Variant SKU']);
      const imageRecords = records.filter((r) => r['Image Src']);

      const { groups, rejected, rows } = await groupsOf(path);
      expect(rejected).toEqual([]);
      expect(rows).toBe(records.length);
      expect(groups.map((g) => g.handle)).toEqual(handles);
      expect(groups.reduce((s, g) => s + g.variants.length, 0)).toBe(variantRecords.length);
      expect(groups.reduce((s, g) => s + g.images.length, 0)).toBe(imageRecords.length);
      for (const g of groups) {
        const mine = variantRecords.filter((r) => r.Handle === g.handle);
        expect(g.variants.map((v) => v.option1)).toEqual(mine.map((r) => r['Option1 Value'] || 'Default Title'));
        expect(g.variants.map((v) => v.priceCents)).toEqual(mine.map((r) => Math.round(Number(r['Variant Price']) * 100)));
        const first = records.find((r) => r.Handle === g.handle)!;
        expect(g.hasTitle).toBe(true);
        expect(g.product.title).toBe(first.Title);
        expect(g.product.vendor).toBe(first.Vendor);
        expect(g.product.published).toBe(first.Published === 'true');
        expect(g.product.tags).toEqual(
          (first.Tags ?? '')
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        );
      }
    });
  }

  it('jewelery.csv: 20 products, 23 variants, line numbers of rows start at 2', async () => {
    const { groups } = await groupsOf(join(FIXTURES, 'jewelery.csv'));
    expect(groups).toHaveLength(20);
    expect(groups.reduce((s, g) => s + g.variants.length, 0)).toBe(23);
    expect(groups[0]!.firstLine).toBe(2);
    const anchor = groups.find((g) => g.handle === 'leather-anchor')!;
    expect(anchor.variants.map((v) => [v.option1, v.priceCents, v.compareAtPriceCents])).toEqual([
      ['Gold', 6999, 8500],
      ['Silver', 5500, 8500],
    ]);
    expect(anchor.images.map((i) => i.position)).toEqual([1, 2, 3]);
  });
});

describe('values', () => {
  it('reads prices in major units into integer cents', () => {
    expect(parsePriceCents('42.99')).toBe(4299);
    expect(parsePriceCents('50')).toBe(5000);
    expect(parsePriceCents('1,299.5')).toBe(129950);
    expect(parsePriceCents(' 0.10 ')).toBe(10);
    expect(parsePriceCents('19.995')).toBe(2000);
    expect(parsePriceCents('$5.00')).toBe(500);
    expect(() => parsePriceCents('abc')).toThrow("Variant Price: 'abc' is not a price");
    expect(() => parsePriceCents('12.3.4')).toThrow("Variant Price: '12.3.4' is not a price");
    expect(() => parsePriceCents('-5')).toThrow("Variant Price: '-5' must not be negative");
    expect(() => parsePriceCents('99999999999')).toThrow('is too large');
    expect(() => parsePriceCents('x', 'Variant Compare At Price')).toThrow("Variant Compare At Price: 'x' is not a price");
  });

  it('reads booleans', () => {
    expect(parseBool('TRUE', 'Published')).toBe(true);
    expect(parseBool('false', 'Published')).toBe(false);
    expect(parseBool('', 'Published')).toBeUndefined();
    expect(() => parseBool('maybe', 'Published')).toThrow("Published: 'maybe' must be true or false");
  });

  it('rejects a row without Handle, with a bad handle, or with nothing to import', () => {
    const row = (o: Record<string, string>) => ({ line: 5, cells: new Map(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v])) });
    expect(parseRow(row({ Handle: '', Title: 'X', 'Variant Price': '1' }))).toEqual({
      ok: false,
      handle: null,
      reason: 'Handle: is required',
    });
    expect(parseRow(row({ Handle: 'my shirt', Title: 'X' }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Handle: 'my shirt' may only/),
    });
    expect(parseRow(row({ Handle: 'a', Title: '' }))).toMatchObject({ ok: false, reason: expect.stringMatching(/no Title, variant/) });
    expect(parseRow(row({ Handle: 'a', 'Image Src': 'ftp://x/y.jpg' }))).toMatchObject({
      ok: false,
      reason: "Image Src: 'ftp://x/y.jpg' must be an http(s) URL",
    });
    expect(parseRow(row({ Handle: 'a', 'Variant Price': '1', 'Variant Inventory Qty': '2.5' }))).toMatchObject({
      ok: false,
      reason: "Variant Inventory Qty: '2.5' is not a whole number",
    });
    expect(parseRow(row({ Handle: 'A-B', Title: 'T', Status: 'draft', Published: 'true', 'Option1 Name': '' }))).toMatchObject({
      ok: true,
      handle: 'a-b',
      product: { title: 'T', published: false, optionNames: ['Title'] },
    });
  });
});

describe('reading files', () => {
  it('numbers rows by the line they start on, across cells spanning lines and empty lines', async () => {
    const path = file(
      'Handle,Title,Body (HTML),Variant Price\r\na,A,"two\r\nlines",1\r\n\r\nb,B,x,abc\r\nc,C,"one\ntwo\nthree",3\r\nd,D,,4\r\n',
    );
    const { groups, rejected } = await groupsOf(path);
    expect(groups.map((g) => [g.handle, g.firstLine])).toEqual([
      ['a', 2],
      ['c', 6],
      ['d', 9],
    ]);
    expect(rejected).toEqual([{ line: 5, handle: 'b', reason: "Variant Price: 'abc' is not a price" }]);
  });

  it('keeps a stray quote as text, and reports a quote never closed', async () => {
    const stray = await groupsOf(file('Handle,Title,Variant Price\na,A,1\nb,"B"x,2\nc,C 12" LP,3\n'));
    expect(stray.rejected).toEqual([]);
    expect(stray.groups.map((g) => [g.handle, g.product.title])).toEqual([
      ['a', 'A'],
      ['b', '"B"x'],
      ['c', 'C 12" LP'],
    ]);
    const open = await groupsOf(file('Handle,Title,Variant Price\na,A,1\nb,"B,2\nc,C,3\n'));
    expect(open.groups.map((g) => g.handle)).toEqual(['a']);
    expect(open.rejected).toHaveLength(1);
    expect(open.rejected[0]!.reason).toMatch(/^a quoted cell is never closed/);
  });

  it('names the missing Handle column', async () => {
    await expect(groupsOf(file('Title,Variant Price\nA,1\n'))).rejects.toMatchObject({
      statusCode: 400,
      messages: [expect.stringMatching(/^file: the 'Handle' column is missing/)],
    });
  });

  it('detects the encoding: UTF-8, UTF-16 with BOM, Windows-1252 with a warning; refuses empty and binary files', async () => {
    expect(await detectEncoding(file('Handle\ncafé\n'))).toEqual({ encoding: 'utf-8', warnings: [] });
    expect((await detectEncoding(file(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Handle\n', 'utf16le')])))).encoding).toBe(
      'utf-16le',
    );
    const latin = await detectEncoding(file(Buffer.from('Handle,Title\na,ok\nb,Caf\xe9\n', 'latin1')));
    expect(latin.encoding).toBe('windows-1252');
    expect(latin.warnings[0]).toMatch(/^file: not valid UTF-8 \(first at line 3\); it was read as Windows-1252/);
    await expect(detectEncoding(file(''))).rejects.toMatchObject({ statusCode: 400, messages: ['file: the CSV is empty'] });
    await expect(detectEncoding(file('\ufeff \r\n\n'))).rejects.toMatchObject({ messages: ['file: the CSV is empty'] });
    await expect(detectEncoding(file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x0a])))).rejects.toMatchObject({
      statusCode: 400,
      messages: [expect.stringMatching(/not a text CSV file/)],
    });
  });

  it('decodes Windows-1252 and UTF-16 text correctly', async () => {
    const latin = file(Buffer.from('Handle,Title,Variant Price\ncafe,Caf\xe9 cr\xe8me \x80,1\n', 'latin1'));
    expect((await groupsOf(latin)).groups[0]!.product.title).toBe('Café crème €');
    const utf16 = file(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Handle,Title,Variant Price\nthe,Thé,2\n', 'utf16le')]));
    expect((await groupsOf(utf16)).groups[0]!.product.title).toBe('Thé');
  });
});
