/**
 * The document each kind starts from (issue 19 item 6: a POST of only `{kind, title}` starts from the kind's
 * default document, e.g. a book of a cover and 20 pages at 8 × 8 in).
 */

import { fitFactor } from './migrations.js';
import { type BookSettings, DESIGN_SCHEMA_VERSION, type DesignDocument, type DesignKind, type Surface } from './schema.js';
import { inToMm, spineWidthMm } from './units.js';

/** The editor route of each design kind (admin route ids; issue 31 item 5). */
export const DESIGN_EDITOR_ROUTES = { print_hub: 'print-hub-editor', book: 'book-editor', book2: 'book2-editor' } as const;

/**
 * The design kind a catalogue blank is designed in (issue 31 item 5: "chosen from the blank's kind"): a blank with
 * book settings is a `book` (single pages, book-editor) or `book2` (spreads, book2-editor) as its `book.kind` says;
 * every other blank is `print_hub` (print areas, print-hub-editor). The one rule the catalogue, the editors and the
 * server's create check share.
 */
export function designKindOfBase(base: { book?: { kind: 'book' | 'book2' } | null }): DesignKind {
  return base.book?.kind ?? 'print_hub';
}

/** A base product's print area as the catalogue gives it (mm, DPI). */
export interface PrintAreaSpec {
  /** front, back, sleeve_left … (unique within the product). */
  key: string;
  name: string;
  widthMm: number;
  heightMm: number;
  dpi: number;
}

/** The area a print_hub design gets when its base product declares none: a 12 × 16 in front at 300 DPI. */
export const DEFAULT_PRINT_AREA: PrintAreaSpec = { key: 'front', name: 'Front', widthMm: inToMm(12), heightMm: inToMm(16), dpi: 300 };

/** Pages of a new book / book2 (the cover is extra). */
export const DEFAULT_PAGE_COUNT = 20;
/** Book bleed, mm (issue 19 item 4: trim + 3 mm bleed). */
export const BOOK_BLEED_MM = 3;
/** Book safe margin inside the trim, mm (¼ in). */
export const BOOK_SAFE_MM = 6.35;
/** Book print resolution, DPI. */
export const BOOK_DPI = 300;

/** A new book's settings: 8 × 8 in pages, 0.1 mm paper per page, 2 mm cover allowance (a base product overrides them). */
export const DEFAULT_BOOK_SETTINGS: BookSettings = {
  pageWidth: inToMm(8),
  pageHeight: inToMm(8),
  paperThickness: 0.1,
  coverAllowance: 2,
};

export interface DefaultDocumentOptions {
  /** print_hub: the base product's id and print areas (default: DEFAULT_PRINT_AREA). */
  baseProductId?: string | null;
  areas?: readonly PrintAreaSpec[];
  /** book / book2: page size and paper from the base product. */
  book?: Partial<BookSettings>;
  /** book / book2: pages (book2 rounds up to an even count). */
  pageCount?: number;
}

const pageSurface = (id: string, name: string, role: 'cover' | 'page', b: BookSettings): Surface => ({
  id,
  name,
  role,
  areaKey: null,
  width: b.pageWidth,
  height: b.pageHeight,
  bleed: BOOK_BLEED_MM,
  safe: BOOK_SAFE_MM,
  dpi: BOOK_DPI,
  background: '#ffffff',
  spineWidth: null,
  layers: [],
});

/** A book page surface of the document's size (book-editor "add page"); `id` must be unique in the document. */
export function newPageSurface(doc: DesignDocument, id: string, name: string): Surface {
  return pageSurface(id, name, 'page', doc.book ?? DEFAULT_BOOK_SETTINGS);
}

/** A book2 spread (two facing pages) of the document's size; `id` must be unique in the document. */
export function newSpreadSurface(doc: DesignDocument, id: string, name: string): Surface {
  const b = doc.book ?? DEFAULT_BOOK_SETTINGS;
  return { ...pageSurface(id, name, 'page', b), role: 'spread', width: b.pageWidth * 2 };
}

/**
 * The default document of a kind. print_hub: one transparent surface per print area (no bleed, safe 0.25 in);
 * book: a cover and `pageCount` (20) pages at 8 × 8 in, 3 mm bleed, 300 DPI, white; book2: the cover wrap
 * (back | spine | front, spine from the page count) then `pageCount / 2` spreads.
 */
export function defaultDocument(kind: DesignKind, options: DefaultDocumentOptions = {}): DesignDocument {
  if (kind === 'print_hub') {
    const areas = options.areas?.length ? options.areas : [DEFAULT_PRINT_AREA];
    return {
      schemaVersion: DESIGN_SCHEMA_VERSION,
      kind,
      // An area larger than the schema allows (a 50 × 60 in blanket) is scaled to fit, aspect kept (issue 31 item 5).
      surfaces: areas.map((a) => ({
        id: a.key,
        name: a.name,
        role: 'area',
        areaKey: a.key,
        width: a.widthMm * fitFactor(a.widthMm, a.heightMm),
        height: a.heightMm * fitFactor(a.widthMm, a.heightMm),
        bleed: 0,
        safe: Math.min(6.35, a.widthMm / 10, a.heightMm / 10),
        dpi: a.dpi,
        background: null,
        spineWidth: null,
        layers: [],
      })),
      fields: [],
      book: null,
      product: { baseProductId: options.baseProductId ?? null, colors: [], sizes: [], marginCents: 1000 },
    };
  }
  const book: BookSettings = { ...DEFAULT_BOOK_SETTINGS, ...options.book };
  const pages = Math.max(2, options.pageCount ?? DEFAULT_PAGE_COUNT);
  if (kind === 'book') {
    return {
      schemaVersion: DESIGN_SCHEMA_VERSION,
      kind,
      surfaces: [
        pageSurface('cover', 'Cover', 'cover', book),
        ...Array.from({ length: pages }, (_, i) => pageSurface(`page-${i + 1}`, `Page ${i + 1}`, 'page', book)),
      ],
      fields: [],
      book,
      product: null,
    };
  }
  const spreads = Math.ceil(pages / 2);
  const spine = spineWidthMm(spreads * 2, book.paperThickness, book.coverAllowance);
  return {
    schemaVersion: DESIGN_SCHEMA_VERSION,
    kind,
    surfaces: [
      {
        ...pageSurface('cover-wrap', 'Cover', 'page', book),
        role: 'cover_wrap',
        spineWidth: spine,
        width: book.pageWidth * 2 + spine,
      },
      ...Array.from({ length: spreads }, (_, i) => ({
        ...pageSurface(`spread-${i + 1}`, `Pages ${i * 2 + 1}–${i * 2 + 2}`, 'page', book),
        role: 'spread' as const,
        width: book.pageWidth * 2,
      })),
    ],
    fields: [],
    book,
    product: null,
  };
}
