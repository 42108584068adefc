/**
 * The design document model (issue 19 item 1 and its Tests): schema rules and messages, each kind's default
 * document, migrations, placeholder extraction, effective DPI, spine width and unit conversions.
 */
import { describe, expect, it } from 'vitest';
import {
  coverWrapPanels,
  DESIGN_MIGRATIONS,
  DESIGN_SCHEMA_VERSION,
  type DesignDocument,
  defaultDocument,
  dpiRating,
  effectiveDpi,
  extractShopperFields,
  fillPlaceholders,
  formatInches,
  inToMm,
  type Layer,
  layerText,
  migrateDesignDocument,
  mmToPx,
  newSpreadSurface,
  pageCountOf,
  parseDesignDocument,
  placeholdersIn,
  pxToMm,
  spineWidthMm,
  surfacePixelSize,
  syncCoverWrap,
  UnknownDesignVersionError,
  uploadPixelSize,
} from './index.js';

const base = { rotation: 0, opacity: 1, locked: false, hidden: false, name: '' };
const text = (id: string, t: string, extra: Partial<Layer> = {}): Layer =>
  ({
    ...base,
    id,
    type: 'text',
    text: t,
    x: 10,
    y: 10,
    width: 100,
    height: 20,
    fontFamily: 'Poppins',
    fontId: null,
    fontWeight: 400,
    italic: false,
    fontSize: 24,
    color: '#000000',
    align: 'center',
    letterSpacing: 0,
    lineHeight: 1.2,
    curveRadius: 0,
    ...extra,
  }) as Layer;

const withLayers = (doc: DesignDocument, i: number, layers: Layer[]): DesignDocument => ({
  ...doc,
  surfaces: doc.surfaces.map((s, j) => (j === i ? { ...s, layers } : s)),
});

describe('units', () => {
  it('converts mm, inches and pixels at a DPI', () => {
    expect(inToMm(12)).toBeCloseTo(304.8, 10);
    expect(Math.round(mmToPx(inToMm(12), 300))).toBe(3600);
    expect(Math.round(mmToPx(inToMm(16), 300))).toBe(4800);
    expect(pxToMm(300, 300)).toBeCloseTo(25.4, 10);
    expect(formatInches(inToMm(8.5))).toBe('8.5');
    expect(formatInches(304.8)).toBe('12');
  });

  it('spine width = pages × paper thickness + cover allowance, rounded to 0.01 mm', () => {
    expect(spineWidthMm(20, 0.1, 2)).toBe(4);
    expect(spineWidthMm(100, 0.107, 1.5)).toBe(12.2);
    expect(spineWidthMm(0, 0.1, 2)).toBe(2);
    expect(() => spineWidthMm(-2, 0.1, 2)).toThrow(RangeError);
    expect(() => spineWidthMm(2.5, 0.1, 2)).toThrow(RangeError);
  });
});

describe('default documents', () => {
  it('print_hub: one transparent 12 × 16 in area at 300 DPI (3600 × 4800 px) without a base product', () => {
    const doc = defaultDocument('print_hub');
    expect(parseDesignDocument(doc).ok).toBe(true);
    expect(doc.surfaces).toHaveLength(1);
    const [front] = doc.surfaces;
    expect(front).toMatchObject({ id: 'front', role: 'area', areaKey: 'front', dpi: 300, bleed: 0, background: null });
    expect(surfacePixelSize(front!)).toEqual({ width: 3600, height: 4800 });
  });

  it("print_hub: the base product's areas", () => {
    const doc = defaultDocument('print_hub', {
      baseProductId: 'tee',
      areas: [
        { key: 'front', name: 'Front', widthMm: 304.8, heightMm: 406.4, dpi: 300 },
        { key: 'sleeve-left', name: 'Left sleeve', widthMm: 88.9, heightMm: 88.9, dpi: 300 },
      ],
    });
    expect(doc.surfaces.map((s) => s.areaKey)).toEqual(['front', 'sleeve-left']);
    expect(doc.product?.baseProductId).toBe('tee');
    expect(surfacePixelSize(doc.surfaces[1]!)).toEqual({ width: 1050, height: 1050 });
  });

  it('book: a cover and 20 pages at 8 × 8 in with 3 mm bleed', () => {
    const doc = defaultDocument('book');
    expect(parseDesignDocument(doc).ok).toBe(true);
    expect(doc.surfaces.map((s) => s.role)).toEqual(['cover', ...Array(20).fill('page')]);
    expect(pageCountOf(doc)).toBe(20);
    for (const s of doc.surfaces) expect(s).toMatchObject({ width: 203.2, height: 203.2, bleed: 3, dpi: 300 });
    // trim + bleed at 300 DPI: (203.2 + 6) mm = 2471 px
    expect(surfacePixelSize(doc.surfaces[0]!)).toEqual({ width: 2471, height: 2471 });
    expect(surfacePixelSize(doc.surfaces[0]!, false)).toEqual({ width: 2400, height: 2400 });
  });

  it('book2: a cover wrap whose spine follows the page count, then spreads of two pages', () => {
    const doc = defaultDocument('book2', { book: { paperThickness: 0.12, coverAllowance: 3 } });
    expect(parseDesignDocument(doc).ok).toBe(true);
    expect(doc.surfaces[0]).toMatchObject({ role: 'cover_wrap', spineWidth: 5.4, width: 203.2 * 2 + 5.4 });
    expect(doc.surfaces.slice(1).every((s) => s.role === 'spread' && s.width === 406.4)).toBe(true);
    expect(pageCountOf(doc)).toBe(20);
    const panels = coverWrapPanels(doc.surfaces[0]!);
    expect(panels.back).toEqual({ x: 0, width: 203.2 });
    expect(panels.spine.width).toBe(5.4);
    expect(panels.front.x).toBeCloseTo(208.6, 10);
  });

  it('book2: adding spreads widens the spine and moves front-cover layers with the front cover', () => {
    let doc = defaultDocument('book2');
    const front = text('title', 'Our summer', { x: 250, width: 100 });
    const back = text('blurb', 'Back', { x: 20, width: 100 });
    doc = withLayers(doc, 0, [front, back]);
    doc = {
      ...doc,
      surfaces: [...doc.surfaces, newSpreadSurface(doc, 'spread-11', 'Pages 21–22'), newSpreadSurface(doc, 'spread-12', 'Pages 23–24')],
    };
    const synced = syncCoverWrap(doc);
    const wrap = synced.surfaces[0]!;
    expect(pageCountOf(synced)).toBe(24);
    expect(wrap.spineWidth).toBe(spineWidthMm(24, 0.1, 2));
    expect(wrap.spineWidth).toBeCloseTo(4.4, 10);
    expect(wrap.layers[0]!.x).toBeCloseTo(250.4, 10);
    expect(wrap.layers[1]!.x).toBe(20);
    expect(doc.surfaces[0]!.spineWidth).toBe(4);
  });
});

describe('validation', () => {
  it('refuses bad values with the field and rule', () => {
    const doc = withLayers(defaultDocument('print_hub'), 0, [text('t', 'Hi', { width: 0, color: 'red', opacity: 2 } as Partial<Layer>)]);
    const r = parseDesignDocument(doc);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual(
      expect.arrayContaining([
        { path: 'surfaces.0.layers.0.width', message: 'width must be greater than 0' },
        { path: 'surfaces.0.layers.0.color', message: 'color must be a hex colour like #ffffff' },
        { path: 'surfaces.0.layers.0.opacity', message: 'opacity must be between 0 and 1' },
      ]),
    );
  });

  it('refuses unknown layer types, duplicate ids, roles foreign to the kind and a missing book', () => {
    const doc = defaultDocument('book');
    const bad = {
      ...withLayers(doc, 1, [text('a', 'x'), text('a', 'y'), { ...base, id: 'b', type: 'video' } as unknown as Layer]),
      book: null,
      surfaces: [
        ...withLayers(doc, 1, [text('a', 'x'), text('a', 'y')]).surfaces,
        { ...doc.surfaces[1]!, id: 'cover', role: 'area' as const },
      ],
    };
    const r = parseDesignDocument(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const messages = r.issues.map((i) => `${i.path}: ${i.message}`);
    expect(messages).toContain('surfaces.21.id: id cover is used by two surfaces');
    expect(messages).toContain('surfaces.21.role: role area is not allowed in a book design');
    expect(messages).toContain('surfaces.1.layers.1.id: id a is used by two layers');
    expect(messages).toContain('book: book is required for a book design');
    const typed = parseDesignDocument(withLayers(doc, 1, [{ ...base, id: 'b', type: 'video' } as unknown as Layer]));
    expect(typed.ok || typed.issues.map((i) => i.message)).toEqual(['type must be image, text, shape, field or photo']);
  });

  it('fills defaults of optional fields', () => {
    const r = parseDesignDocument({
      schemaVersion: 1,
      kind: 'print_hub',
      surfaces: [
        {
          id: 'front',
          name: 'Front',
          role: 'area',
          width: 100,
          height: 100,
          dpi: 300,
          layers: [{ id: 's', type: 'shape', shape: 'rect', x: 0, y: 0, width: 10, height: 10 }],
        },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.document.surfaces[0]!.layers[0]).toMatchObject({
      rotation: 0,
      opacity: 1,
      locked: false,
      hidden: false,
      fill: '#000000',
      stroke: null,
    });
    expect(r.document).toMatchObject({ fields: [], book: null, product: null });
  });
});

describe('migrations', () => {
  it('version 0 in inches becomes version 1 in mm; the input is left alone', () => {
    const v0 = {
      unit: 'in',
      kind: 'print_hub',
      surfaces: [
        {
          id: 'front',
          name: 'Front',
          role: 'area',
          width: 12,
          height: 16,
          dpi: 300,
          layers: [{ id: 'r', type: 'shape', shape: 'rect', x: 1, y: 2, width: 3, height: 4, strokeWidth: 0.5 }],
        },
      ],
    };
    const copy = structuredClone(v0);
    const out = migrateDesignDocument(v0);
    expect(v0).toEqual(copy);
    expect(out.schemaVersion).toBe(DESIGN_SCHEMA_VERSION);
    expect('unit' in out).toBe(false);
    const r = parseDesignDocument(v0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.document.surfaces[0]).toMatchObject({ width: 304.8, height: 406.4 });
    expect(r.document.surfaces[0]!.layers[0]).toMatchObject({ x: 25.4, y: 50.8, width: 76.2, height: 101.6, strokeWidth: 12.7 });
  });

  it('an unversioned document in mm keeps its numbers; a current one is untouched', () => {
    const doc = defaultDocument('book');
    const { schemaVersion: _, ...v0 } = doc;
    expect(migrateDesignDocument({ ...v0, unit: 'mm' })).toEqual(doc);
    expect(migrateDesignDocument(doc)).toEqual(doc);
  });

  it('migrations are numbered in order and a newer version is refused', () => {
    expect(DESIGN_MIGRATIONS.map((m) => m.to)).toEqual(DESIGN_MIGRATIONS.map((_, i) => i + 1));
    expect(DESIGN_MIGRATIONS.at(-1)?.to).toBe(DESIGN_SCHEMA_VERSION);
    expect(() => migrateDesignDocument({ schemaVersion: DESIGN_SCHEMA_VERSION + 1 })).toThrow(UnknownDesignVersionError);
    const r = parseDesignDocument({ schemaVersion: 99 });
    expect(r.ok || r.issues).toEqual([
      { path: 'schemaVersion', message: `schemaVersion: 99 is newer than the supported ${DESIGN_SCHEMA_VERSION}` },
    ]);
  });
});

describe('shopper fields', () => {
  const field = (key: string, maxLength: number): Layer =>
    ({ ...(text(`f-${key}`, '') as object), type: 'field', key, label: 'Name', maxLength, required: true, sample: 'ALEX' }) as Layer;
  const photo: Layer = {
    ...base,
    id: 'p',
    type: 'photo',
    key: 'photo',
    label: 'Your photo',
    required: false,
    cornerRadius: 0,
    sampleSrc: null,
    x: 0,
    y: 0,
    width: 50,
    height: 50,
  };

  it('placeholders in texts, field layers and photo slots become the fields, each key once, in order', () => {
    let doc = defaultDocument('book');
    doc = withLayers(doc, 0, [text('t1', "{child_name}'s big day"), photo]);
    doc = withLayers(doc, 3, [text('t2', 'Hello {child_name}, age {age} — {child_name}!'), field('name', 10)]);
    doc = { ...doc, fields: [{ key: 'age', label: 'Age', maxLength: 2, required: false, sample: '5' }] };
    expect(placeholdersIn('Hello {child_name}, age {age} — {child_name}! {Bad} {9x}')).toEqual(['child_name', 'age']);
    expect(extractShopperFields(doc)).toEqual([
      { key: 'child_name', type: 'text', label: 'Child name', maxLength: 20, required: true, sample: '' },
      { key: 'photo', type: 'image', label: 'Your photo', maxLength: null, required: false, sample: '' },
      { key: 'age', type: 'text', label: 'Age', maxLength: 2, required: false, sample: '5' },
      { key: 'name', type: 'text', label: 'Name', maxLength: 10, required: true, sample: 'ALEX' },
    ]);
  });

  it('a key used by a field layer and a placeholder keeps the smaller maxLength', () => {
    const doc = withLayers(defaultDocument('print_hub'), 0, [field('name', 10), text('t', 'Team {name}')]);
    expect(extractShopperFields(doc)).toEqual([
      { key: 'name', type: 'text', label: 'Name', maxLength: 10, required: true, sample: 'ALEX' },
    ]);
  });

  it('fills values (cut to maxLength), samples or keeps the placeholder', () => {
    const fields = [{ key: 'child_name', sample: 'Sam', maxLength: 4 }];
    expect(fillPlaceholders('Hi {child_name}!', { child_name: 'MAYALINA' }, fields)).toBe('Hi MAYA!');
    expect(fillPlaceholders('Hi {child_name}!', {}, fields, 'sample')).toBe('Hi Sam!');
    expect(fillPlaceholders('Hi {child_name}!', {}, fields)).toBe('Hi {child_name}!');
    const f = field('name', 4);
    expect(layerText(f, { name: 'MAYA!' }, { fields: [] })).toBe('MAYA');
    expect(layerText(f, {}, { fields: [] })).toBe('ALEX');
    expect(layerText(f, {}, { fields: [] }, 'empty')).toBe('');
  });
});

describe('effective DPI', () => {
  const img = (widthIn: number, heightIn: number, px: [number, number], crop: [number, number] | null = null) => ({
    width: inToMm(widthIn),
    height: inToMm(heightIn),
    pixelWidth: px[0],
    pixelHeight: px[1],
    crop: crop ? { x: 0, y: 0, width: crop[0], height: crop[1] } : null,
  });

  it('is the source pixels over the printed inches, the smaller direction, rounded down', () => {
    expect(effectiveDpi(img(12, 16, [3600, 4800]))).toBe(300);
    // an upload's pixels: the original kept for print when there is one (issue 19), else the served size
    expect(uploadPixelSize({ width: 1920, height: 2560, original: { width: 3600, height: 4800 } })).toEqual({
      pixelWidth: 3600,
      pixelHeight: 4800,
    });
    expect(uploadPixelSize({ width: 1200, height: 900, original: null })).toEqual({ pixelWidth: 1200, pixelHeight: 900 });
    expect(effectiveDpi(img(10, 10, [1400, 1400]))).toBe(140);
    expect(effectiveDpi(img(10, 5, [3000, 1000]))).toBe(200);
    expect(effectiveDpi(img(10, 10, [4000, 4000], [1000, 1000]))).toBe(100);
    // 304.8 mm is 12.000000000000002 in in floating point: 1680 px over it is still 140, not 139 (issue 19 story).
    expect(effectiveDpi({ width: 304.8, height: 406.4, pixelWidth: 1680, pixelHeight: 2240, crop: null })).toBe(140);
  });

  it('rates below 150 low, 150–299 fair, 300 and up good', () => {
    expect([140, 149, 150, 299, 300].map(dpiRating)).toEqual(['low', 'low', 'fair', 'fair', 'good']);
  });
});
