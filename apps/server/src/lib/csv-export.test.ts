import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, neutraliseCsvCell, restoreCsvCell, toCsv } from './csv-export.js';

/**
 * The one formula-safe CSV writer (OWASP CSV injection): text cells starting with = + - @ tab CR get a leading
 * quote, plain numbers (as numbers or as decimal text) stay as they are, RFC 4180 quoting is csv-stringify's.
 */

describe('neutraliseCsvCell / restoreCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1 555 0100', `'+1 555 0100`],
    ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
    ['@SUM(1,2)', `'@SUM(1,2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['-', `'-`],
  ])('quotes the formula-like text %j', (raw, safe) => {
    expect(neutraliseCsvCell(raw)).toBe(safe);
    expect(restoreCsvCell(safe)).toBe(raw);
  });

  it.each(['-12.50', '+3', '-0.5', '.5', '19.99', '0', 'Mug = 2', 'a-b', "'quoted", ''])('leaves %j alone both ways', (v) => {
    expect(neutraliseCsvCell(v)).toBe(v);
    expect(restoreCsvCell(v)).toBe(v);
  });
});

describe('toCsv', () => {
  it('neutralises text cells, keeps numbers numeric and quotes per RFC 4180', () => {
    const csv = toCsv(
      [
        ['=1+1', -12.5, '-4.00', 'a,"b"'],
        ['@x', 3, null, undefined],
      ],
      ['Text', 'Number', 'Money', 'Quoted'],
    );
    expect(csv).toBe(`Text,Number,Money,Quoted\n'=1+1,-12.5,-4.00,"a,""b"""\n'@x,3,,\n`);
    expect(parse(csv, { columns: true, cast: true })).toEqual([
      { Text: "'=1+1", Number: -12.5, Money: -4, Quoted: 'a,"b"' },
      { Text: "'@x", Number: 3, Money: '', Quoted: '' },
    ]);
  });

  it('writes no header row without columns', () => {
    expect(toCsv([['-x', -1]])).toBe(`'-x,-1\n`);
  });
});

describe('csvStream', () => {
  it('streams the same formula-safe cells', async () => {
    const out = await text(
      Readable.from([
        ['Handle', 'Title'],
        ['mug', '=cmd'],
        ['tee', '-7'],
      ]).pipe(csvStream()),
    );
    expect(out).toBe(`Handle,Title\nmug,'=cmd\ntee,-7\n`);
  });
});
