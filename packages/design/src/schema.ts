/**
 * The design document (issue 19 item 1): one versioned, zod-validated JSON that the three editors (print-hub-editor,
 * book-editor, book2-editor) edit and the server renders, so the print file is what the editor showed.
 *
 * Units: every length is in millimetres (mm) unless the field says otherwise; text sizes and letter spacing are in
 * points (pt, 1/72 in); angles in degrees, clockwise; opacity 0–1; colours `#rrggbb`.
 *
 * Coordinates: a layer's `x`, `y` are the top-left corner of its box BEFORE rotation, measured from the top-left of
 * the surface's trim box (the bleed lies outside it, at negative coordinates or beyond `width`/`height`); the box
 * rotates by `rotation` degrees about its own centre. Layers paint in array order (the first is at the back).
 */
import { z } from 'zod';

/** The schema version this package writes (see migrations.ts). */
export const DESIGN_SCHEMA_VERSION = 2;

/** The three design kinds: a print-on-demand product, a book of single pages, a book designed in spreads. */
export const DESIGN_KINDS = ['print_hub', 'book', 'book2'] as const;
export type DesignKind = (typeof DESIGN_KINDS)[number];
export const DesignKindSchema = z.enum(DESIGN_KINDS, 'kind must be print_hub, book or book2');

/** Bounds shared by the editors and the server (one place). */
export const DESIGN_LIMITS = {
  /** Surfaces in one document (a 200-page book + cover). */
  maxSurfaces: 202,
  /** Layers on one surface. */
  maxLayers: 300,
  /** Largest side of a surface, mm (1.5 m: banners, blankets). */
  maxSideMm: 1500,
  /** Bleed and safe-area margins, mm. */
  maxMarginMm: 50,
  /** Print resolution bounds, DPI. */
  minDpi: 72,
  maxDpi: 1200,
  /** Characters of a text layer. */
  maxTextLength: 2000,
  /** Characters a shopper may type into one field (= personalisation's TextField.maxLength bound). */
  maxFieldLength: 100,
  /** Effective DPI under which an image is flagged (issue 19 item 2), and the recommended one. */
  minImageDpi: 150,
  recommendedImageDpi: 300,
} as const;

const Id = z.string().min(1, 'id is required').max(64, 'id must have at most 64 characters');
const Hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'color must be a hex colour like #ffffff');
const Mm = (what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .min(-10_000, `${what} is out of range`)
    .max(10_000, `${what} is out of range`);
const PositiveMm = (what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .gt(0, `${what} must be greater than 0`)
    .max(10_000, `${what} is out of range`);
/** A shopper-field key: what `{child_name}` names in a text; lower-case letters, digits and `_`, starting with a letter. */
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const FieldKey = z.string().regex(FIELD_KEY_PATTERN, 'key must be lower-case letters, digits or _ starting with a letter (at most 40)');
const FieldLabel = z.string().trim().min(1, 'label is required').max(100, 'label must have at most 100 characters');
const MaxLength = z
  .number()
  .int('maxLength must be a whole number')
  .min(1, `maxLength must be between 1 and ${DESIGN_LIMITS.maxFieldLength}`)
  .max(DESIGN_LIMITS.maxFieldLength, `maxLength must be between 1 and ${DESIGN_LIMITS.maxFieldLength}`);

/** Placement and visibility every layer has (mm, degrees, 0–1). */
const transformShape = {
  id: Id,
  /** The name shown in the layer list. */
  name: z.string().max(100, 'name must have at most 100 characters').default(''),
  x: Mm('x'),
  y: Mm('y'),
  width: PositiveMm('width'),
  height: PositiveMm('height'),
  rotation: z
    .number({ message: 'rotation must be a number' })
    .min(-360, 'rotation must be between -360 and 360')
    .max(360, 'rotation must be between -360 and 360')
    .default(0),
  opacity: z
    .number({ message: 'opacity must be a number' })
    .min(0, 'opacity must be between 0 and 1')
    .max(1, 'opacity must be between 0 and 1')
    .default(1),
  /** Locked layers cannot be selected on the canvas (still listed, still printed). */
  locked: z.boolean().default(false),
  /** Hidden layers are neither shown nor printed. */
  hidden: z.boolean().default(false),
};

/** Text styling shared by text layers and shopper-field layers. */
const textStyleShape = {
  /** A theme family (`FONT_FAMILIES` of @backroom/theme) or the family of a shop font (`fontId`). */
  fontFamily: z.string().trim().min(1, 'fontFamily is required').max(100, 'fontFamily must have at most 100 characters'),
  /** A shop font uploaded on the fonts screen (`/api/personalizes/fonts`), or null for a theme family. */
  fontId: z.uuid('fontId must be a font id').nullable().default(null),
  fontWeight: z
    .number()
    .int('fontWeight must be a whole number')
    .min(100, 'fontWeight must be between 100 and 950')
    .max(950, 'fontWeight must be between 100 and 950')
    .default(400),
  italic: z.boolean().default(false),
  /** Points (1/72 in). */
  fontSize: z
    .number({ message: 'fontSize must be a number' })
    .min(1, 'fontSize must be between 1 and 1000')
    .max(1000, 'fontSize must be between 1 and 1000'),
  color: Hex.default('#000000'),
  align: z.enum(['left', 'center', 'right'], 'align must be left, center or right').default('center'),
  /** Extra space between letters, points (may be negative). */
  letterSpacing: z
    .number({ message: 'letterSpacing must be a number' })
    .min(-100, 'letterSpacing must be between -100 and 100')
    .max(100, 'letterSpacing must be between -100 and 100')
    .default(0),
  /** Line height as a multiple of the font size. */
  lineHeight: z
    .number({ message: 'lineHeight must be a number' })
    .min(0.5, 'lineHeight must be between 0.5 and 3')
    .max(3, 'lineHeight must be between 0.5 and 3')
    .default(1.2),
  /**
   * Curved text: the radius of the circle the baseline follows, mm. 0 = straight; > 0 arcs upward (text on top of
   * the circle); < 0 arcs downward (text under it). The middle of the line sits at the box's centre; one line only.
   */
  curveRadius: Mm('curveRadius').default(0),
};

/** A source crop in the image's own pixels; null = the whole image. */
export const CropSchema = z.object({
  x: z.number().min(0, 'crop.x must be ≥ 0'),
  y: z.number().min(0, 'crop.y must be ≥ 0'),
  width: z.number().gt(0, 'crop.width must be greater than 0'),
  height: z.number().gt(0, 'crop.height must be greater than 0'),
});
export type Crop = z.infer<typeof CropSchema>;

/** Artwork from the shop's uploads, drawn stretched over its box (the editor keeps the crop's aspect ratio). */
export const ImageLayerSchema = z.object({
  ...transformShape,
  type: z.literal('image'),
  /** The upload's id in the shop's media (null for an image given only by URL, e.g. a catalogue asset). */
  uploadId: z.string().max(64).nullable().default(null),
  /** Where the file is read from (the upload's URL). */
  src: z.string().min(1, 'src is required').max(2000, 'src must have at most 2000 characters'),
  /** The source file's size in pixels (for effective DPI). */
  pixelWidth: z.number().int().positive('pixelWidth must be greater than 0'),
  pixelHeight: z.number().int().positive('pixelHeight must be greater than 0'),
  crop: CropSchema.nullable().default(null),
});

/** Static text; `{key}` placeholders become shopper fields (see placeholders.ts). */
export const TextLayerSchema = z.object({
  ...transformShape,
  ...textStyleShape,
  type: z.literal('text'),
  text: z.string().max(DESIGN_LIMITS.maxTextLength, `text must have at most ${DESIGN_LIMITS.maxTextLength} characters`),
});

/** A vector shape filling its box. */
export const ShapeLayerSchema = z.object({
  ...transformShape,
  type: z.literal('shape'),
  shape: z.enum(['rect', 'ellipse', 'line', 'triangle'], 'shape must be rect, ellipse, line or triangle'),
  fill: Hex.nullable().default('#000000'),
  stroke: Hex.nullable().default(null),
  strokeWidth: z.number().min(0, 'strokeWidth must be ≥ 0').max(100, 'strokeWidth must be at most 100').default(0),
  cornerRadius: z.number().min(0, 'cornerRadius must be ≥ 0').max(1000, 'cornerRadius must be at most 1000').default(0),
});

/**
 * A shopper-field placeholder: text the shopper types on the product page (at most `maxLength` characters), drawn
 * with the layer's style; the editor shows `sample`. Its `key` is the personalisation field's id.
 */
export const FieldLayerSchema = z.object({
  ...transformShape,
  ...textStyleShape,
  type: z.literal('field'),
  key: FieldKey,
  label: FieldLabel,
  maxLength: MaxLength,
  required: z.boolean().default(true),
  sample: z.string().max(DESIGN_LIMITS.maxFieldLength, `sample must have at most ${DESIGN_LIMITS.maxFieldLength} characters`).default(''),
});

/** A photo slot: a picture the shopper uploads, covering the box (centre crop), with rounded corners. */
export const PhotoLayerSchema = z.object({
  ...transformShape,
  type: z.literal('photo'),
  key: FieldKey,
  label: FieldLabel,
  required: z.boolean().default(false),
  cornerRadius: z.number().min(0, 'cornerRadius must be ≥ 0').max(1000, 'cornerRadius must be at most 1000').default(0),
  /** What the editor and previews show until a shopper's photo is there (URL), or null for a grey box. */
  sampleSrc: z.string().max(2000).nullable().default(null),
});

export const LayerSchema = z.discriminatedUnion(
  'type',
  [ImageLayerSchema, TextLayerSchema, ShapeLayerSchema, FieldLayerSchema, PhotoLayerSchema],
  'type must be image, text, shape, field or photo',
);
export type ImageLayer = z.infer<typeof ImageLayerSchema>;
export type TextLayer = z.infer<typeof TextLayerSchema>;
export type ShapeLayer = z.infer<typeof ShapeLayerSchema>;
export type FieldLayer = z.infer<typeof FieldLayerSchema>;
export type PhotoLayer = z.infer<typeof PhotoLayerSchema>;
export type Layer = z.infer<typeof LayerSchema>;

/**
 * What a surface is: a print area of a product (`area`), a single book page (`page`, the book's first page may be
 * its `cover`), two facing pages edited together across the gutter at `width / 2` (`spread`), or a book2 cover wrap
 * (`cover_wrap`: back cover | spine | front cover, left to right; the spine is `spineWidth` mm wide at the centre).
 */
export const SURFACE_ROLES = ['area', 'cover', 'page', 'spread', 'cover_wrap'] as const;
export type SurfaceRole = (typeof SURFACE_ROLES)[number];

export const SurfaceSchema = z.object({
  id: Id,
  name: z.string().trim().min(1, 'name is required').max(100, 'name must have at most 100 characters'),
  role: z.enum(SURFACE_ROLES, 'role must be area, cover, page, spread or cover_wrap'),
  /** print_hub: the base product's print-area key (front, back, sleeve_left …); null otherwise. */
  areaKey: z.string().max(40).nullable().default(null),
  /** Trim size, mm. */
  width: PositiveMm('width').max(DESIGN_LIMITS.maxSideMm, `width must be at most ${DESIGN_LIMITS.maxSideMm} mm`),
  height: PositiveMm('height').max(DESIGN_LIMITS.maxSideMm, `height must be at most ${DESIGN_LIMITS.maxSideMm} mm`),
  /** Printed beyond the trim on every side, mm (3 for books, 0 for garment areas). */
  bleed: z
    .number()
    .min(0, 'bleed must be ≥ 0')
    .max(DESIGN_LIMITS.maxMarginMm, `bleed must be at most ${DESIGN_LIMITS.maxMarginMm}`)
    .default(0),
  /** Keep important content this far inside the trim, mm (a guide only). */
  safe: z
    .number()
    .min(0, 'safe must be ≥ 0')
    .max(DESIGN_LIMITS.maxMarginMm, `safe must be at most ${DESIGN_LIMITS.maxMarginMm}`)
    .default(0),
  /** Print resolution, dots per inch. */
  dpi: z
    .number()
    .int('dpi must be a whole number')
    .min(DESIGN_LIMITS.minDpi, `dpi must be between ${DESIGN_LIMITS.minDpi} and ${DESIGN_LIMITS.maxDpi}`)
    .max(DESIGN_LIMITS.maxDpi, `dpi must be between ${DESIGN_LIMITS.minDpi} and ${DESIGN_LIMITS.maxDpi}`),
  /** Background fill, or null for transparent (garment areas: the shirt shows through). */
  background: Hex.nullable().default(null),
  /** cover_wrap only: the spine's width, mm (kept equal to `spineWidthMm(pageCount, …)` by `syncCoverWrap`). */
  spineWidth: z.number().min(0, 'spineWidth must be ≥ 0').max(500, 'spineWidth must be at most 500').nullable().default(null),
  layers: z.array(LayerSchema).max(DESIGN_LIMITS.maxLayers, `layers must hold at most ${DESIGN_LIMITS.maxLayers} layers`).default([]),
});
export type Surface = z.infer<typeof SurfaceSchema>;

/** Label, length and sample of a `{key}` text placeholder (a field layer carries its own). */
export const FieldDefSchema = z.object({
  key: FieldKey,
  label: FieldLabel,
  maxLength: MaxLength.default(20),
  required: z.boolean().default(true),
  sample: z.string().max(DESIGN_LIMITS.maxFieldLength).default(''),
});
export type FieldDef = z.infer<typeof FieldDefSchema>;

/** Book settings (book and book2): trim size of one page and the paper, copied from the base product. */
export const BookSettingsSchema = z.object({
  /** One page's trim size, mm (8 × 8 in = 203.2 mm). */
  pageWidth: PositiveMm('pageWidth').max(DESIGN_LIMITS.maxSideMm, `pageWidth must be at most ${DESIGN_LIMITS.maxSideMm} mm`),
  pageHeight: PositiveMm('pageHeight').max(DESIGN_LIMITS.maxSideMm, `pageHeight must be at most ${DESIGN_LIMITS.maxSideMm} mm`),
  /** Thickness of one page (a leaf side), mm. */
  paperThickness: z.number().min(0, 'paperThickness must be ≥ 0').max(2, 'paperThickness must be at most 2'),
  /** Spine allowance for the cover boards, mm. */
  coverAllowance: z.number().min(0, 'coverAllowance must be ≥ 0').max(50, 'coverAllowance must be at most 50'),
});
export type BookSettings = z.infer<typeof BookSettingsSchema>;

/** print_hub: what "Save as product" makes — the base product, the chosen colours × sizes and the margin. */
export const ProductSettingsSchema = z.object({
  baseProductId: z.string().min(1).max(64).nullable().default(null),
  /** Colour names of the base product (mockup colours), in order; the first is the product's main image. */
  colors: z.array(z.string().min(1).max(60)).max(50, 'colors must hold at most 50 colours').default([]),
  sizes: z.array(z.string().min(1).max(30)).max(30, 'sizes must hold at most 30 sizes').default([]),
  /** Added to each variant's base cost to make its retail price, cents. */
  marginCents: z
    .number()
    .int('marginCents must be a whole number of cents')
    .min(0, 'marginCents must be ≥ 0')
    .max(10_000_000, 'marginCents is too large')
    .default(1000),
});
export type ProductSettings = z.infer<typeof ProductSettingsSchema>;

/** The surface roles each kind may hold. */
export const ROLES_OF_KIND: Record<DesignKind, readonly SurfaceRole[]> = {
  print_hub: ['area'],
  book: ['cover', 'page'],
  book2: ['cover_wrap', 'spread'],
};

export const DesignDocumentSchema = z
  .object({
    schemaVersion: z.literal(DESIGN_SCHEMA_VERSION, `schemaVersion must be ${DESIGN_SCHEMA_VERSION}`),
    kind: DesignKindSchema,
    /** Editing order: print_hub areas; book cover then pages; book2 cover wrap then spreads. */
    surfaces: z
      .array(SurfaceSchema)
      .min(1, 'surfaces must hold at least one surface')
      .max(DESIGN_LIMITS.maxSurfaces, `surfaces must hold at most ${DESIGN_LIMITS.maxSurfaces} surfaces`),
    fields: z.array(FieldDefSchema).max(20, 'fields must hold at most 20 fields').default([]),
    book: BookSettingsSchema.nullable().default(null),
    product: ProductSettingsSchema.nullable().default(null),
  })
  .superRefine((doc, ctx) => {
    const surfaceIds = new Set<string>();
    doc.surfaces.forEach((s, i) => {
      if (surfaceIds.has(s.id))
        ctx.addIssue({ code: 'custom', path: ['surfaces', i, 'id'], message: `id ${s.id} is used by two surfaces` });
      surfaceIds.add(s.id);
      if (!ROLES_OF_KIND[doc.kind].includes(s.role))
        ctx.addIssue({ code: 'custom', path: ['surfaces', i, 'role'], message: `role ${s.role} is not allowed in a ${doc.kind} design` });
      const layerIds = new Set<string>();
      s.layers.forEach((l, j) => {
        if (layerIds.has(l.id))
          ctx.addIssue({ code: 'custom', path: ['surfaces', i, 'layers', j, 'id'], message: `id ${l.id} is used by two layers` });
        layerIds.add(l.id);
      });
    });
    if (doc.kind !== 'print_hub' && !doc.book)
      ctx.addIssue({ code: 'custom', path: ['book'], message: 'book is required for a book design' });
    const keys = new Set<string>();
    doc.fields.forEach((f, i) => {
      if (keys.has(f.key)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: `key ${f.key} is declared twice` });
      keys.add(f.key);
    });
  });
export type DesignDocument = z.infer<typeof DesignDocumentSchema>;
