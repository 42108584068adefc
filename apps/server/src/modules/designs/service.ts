import type {
  Design,
  DesignCreateBody,
  DesignFile,
  DesignListQuery,
  DesignListResponse,
  DesignPublishResponse,
  DesignRender,
  DesignSummary,
  PersonalizeField,
  ProductCreateBody,
} from '@backroom/contracts';
import { STALE_DESIGN_MESSAGE } from '@backroom/contracts';
import {
  DESIGN_SCHEMA_VERSION,
  type DefaultDocumentOptions,
  type DesignDocument,
  type DesignKind,
  defaultDocument,
  designKindOfBase,
  extractShopperFields,
  mmToIn,
  parseDesignDocument,
  ptToMm,
  type ShopperValues,
  type Surface,
} from '@backroom/design';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { designRenders, designs, jobs, orders, personalizes, uploads } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { majorFromCents, PAID_FINANCIAL_STATUSES } from '../../lib/money.js';
import { createProduct, getProduct, updateProduct } from '../catalog/index.js';
import type { StockActor } from '../inventory/index.js';
import { type MediaStorage, mediaUrl, saveUpload } from '../media/index.js';
import { savePersonalize } from '../personalizes/index.js';
import { type DesignBase, designBaseOf, POD_TAG } from '../pod-catalog/index.js';
import { fontSource } from './fonts.js';
import { surfacesPdf } from './pdf.js';
import { encodePng, imageSource, type RenderContext, renderSurface } from './render.js';

/**
 * Print-on-demand designs (issue 19 item 6). Every query is scoped by the session's store: another shop's design
 * or render answers 404. Documents are @backroom/design documents, migrated and validated on every write.
 */

type Row = typeof designs.$inferSelect;

const summaryOf = (r: Row): DesignSummary => ({
  id: r.id,
  kind: r.kind as DesignKind,
  title: r.title,
  baseProductId: r.baseProductId,
  productId: r.productId,
  version: r.version,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * A stored document brought to the current schema by @backroom/design's migrations (e.g. a surface above the size
 * limit is scaled to fit). One the migrations cannot bring to a valid document answers 409 with a message the editor
 * shows ("… was saved under older rules …: path: rule"), never a 500 (issue 31 item 5).
 */
function storedDocument(raw: unknown): DesignDocument {
  const r = parseDesignDocument(raw);
  if (!r.ok)
    throw conflict(
      `This design was saved under older rules and cannot be opened as it is (${r.issues[0]?.path}: ${r.issues[0]?.message}). Start a new design from the catalog.`,
    );
  return r.document;
}

const designOf = (r: Row): Design => ({ ...summaryOf(r), document: storedDocument(r.document) });

/** GET /api/designs: the store's designs, last edited first, filtered by kind and by the product they made. */
export async function listDesigns(db: Db, storeId: string, q: DesignListQuery): Promise<DesignListResponse> {
  const conds = [eq(designs.storeId, storeId)];
  if (q.kind) conds.push(eq(designs.kind, q.kind));
  if (q.productId) conds.push(eq(designs.productId, q.productId));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(designs)
      .where(where)
      .orderBy(desc(designs.updatedAt), desc(designs.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(designs).where(where),
  ]);
  return { designs: rows.map(summaryOf), total: total?.n ?? 0, page: q.page, limit: q.limit };
}

async function rowOf(db: Db, storeId: string, id: string): Promise<Row> {
  const [r] = await db
    .select()
    .from(designs)
    .where(and(eq(designs.storeId, storeId), eq(designs.id, id)));
  if (!r) throw notFound('Design');
  return r;
}

/** GET /api/designs/{id}: one design with its document; 404 'Design not found' (unknown or another shop's). */
export async function getDesign(db: Db, storeId: string, id: string): Promise<Design> {
  return designOf(await rowOf(db, storeId, id));
}

/**
 * Image layers of the store's uploads measured on the web copy (`pixelWidth/Height` = the served size, what an
 * editor that predates kept originals records) get the original's size instead, their crop scaled with it, so the
 * document's effective DPI is the print's (issue 19: originals kept for print). Layers already on the original, of
 * other stores' files or of uploads without an original are left alone. Mutates and answers `doc`.
 */
export async function withOriginalPixels(db: Db, storeId: string, doc: DesignDocument): Promise<DesignDocument> {
  const layers = doc.surfaces.flatMap((s) => s.layers).filter((l) => l.type === 'image' && l.uploadId !== null);
  const ids = [...new Set(layers.map((l) => (l.type === 'image' ? l.uploadId! : '')))].filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (!ids.length) return doc;
  const found = await db
    .select({ path: uploads.path, w: uploads.originalWidth, h: uploads.originalHeight })
    .from(uploads)
    .where(
      and(
        eq(uploads.storeId, storeId),
        sql`${uploads.path} like ${`${storeId}/media/%`}`,
        inArray(sql`split_part(split_part(${uploads.path}, '/', 3), '_', 1)`, ids),
      ),
    );
  const byId = new Map<string, { webW: number; webH: number; w: number; h: number }>();
  for (const f of found) {
    const m = /\/media\/([0-9a-f-]{36})_(\d+)x(\d+)\.webp$/.exec(f.path);
    if (m && f.w && f.h) byId.set(m[1]!, { webW: Number(m[2]), webH: Number(m[3]), w: f.w, h: f.h });
  }
  for (const l of layers) {
    if (l.type !== 'image') continue;
    const o = byId.get(l.uploadId!);
    if (!o || l.pixelWidth !== o.webW || l.pixelHeight !== o.webH || (o.w === o.webW && o.h === o.webH)) continue;
    const kx = o.w / o.webW;
    const ky = o.h / o.webH;
    if (l.crop) l.crop = { x: l.crop.x * kx, y: l.crop.y * ky, width: l.crop.width * kx, height: l.crop.height * ky };
    l.pixelWidth = o.w;
    l.pixelHeight = o.h;
  }
  return doc;
}

/** The default document options a base product gives (print areas; book page size and paper). */
function optionsFromBase(base: DesignBase | null): DefaultDocumentOptions {
  if (!base) return {};
  return {
    baseProductId: base.id,
    areas: base.areas,
    book: base.book
      ? {
          pageWidth: base.book.pageWidthMm,
          pageHeight: base.book.pageHeightMm,
          paperThickness: base.book.paperThicknessMm,
          coverAllowance: base.book.coverAllowanceMm,
        }
      : undefined,
  };
}

/**
 * GET /api/designs/new?baseProductId= (issue 31 item 5: opening a blank creates nothing until the first edit): what
 * the editor opens on a catalogue blank — the design kind its editor edits (`designKindOfBase`: print_hub, book or
 * book2), a title and the kind's default document made on the blank. Nothing is stored; the first save is a POST.
 * 404 'Base product not found' for an unknown id.
 */
export function newDesignOf(baseProductId: string): { kind: DesignKind; title: string; baseProductId: string; document: DesignDocument } {
  const base = designBaseOf(baseProductId);
  if (!base) throw notFound('Base product');
  const kind = designKindOfBase(base);
  return { kind, title: `${base.title} design`, baseProductId: base.id, document: defaultDocument(kind, optionsFromBase(base)) };
}

/**
 * POST /api/designs: a new design. Without `document` it starts from the kind's default document (print_hub: the
 * base product's print areas; book/book2: its page size and paper, else 8 × 8 in). 400
 * `body.baseProductId: baseProductId is required for a print_hub design`, `body.baseProductId: not a base product`,
 * `body.baseProductId: {id} is not a {kind} base product` (a book base for the other book kind or a garment).
 */
export async function createDesign(
  db: Db,
  storeId: string,
  userId: string | null,
  body: DesignCreateBody & { document?: DesignDocument },
): Promise<Design> {
  if (body.kind === 'print_hub' && !body.baseProductId)
    throw badRequest('body.baseProductId: baseProductId is required for a print_hub design');
  const base = body.baseProductId ? designBaseOf(body.baseProductId) : null;
  if (body.baseProductId && !base) throw badRequest('body.baseProductId: not a base product');
  if (base && designKindOfBase(base) !== body.kind) throw badRequest(`body.baseProductId: ${base.id} is not a ${body.kind} base product`);
  const document = body.document ? await withOriginalPixels(db, storeId, body.document) : defaultDocument(body.kind, optionsFromBase(base));
  if (document.kind !== body.kind) throw badRequest(`body.document.kind: must be ${body.kind} like the design`);
  if (document.product && base) document.product.baseProductId = base.id;
  const [r] = await db
    .insert(designs)
    .values({
      storeId,
      kind: body.kind,
      title: body.title.trim(),
      baseProductId: base?.id ?? null,
      document,
      schemaVersion: DESIGN_SCHEMA_VERSION,
      createdBy: userId,
    })
    .returning();
  return designOf(r!);
}

/**
 * PUT /api/designs/{id}: saves the whole document (optimistic concurrency like theme saves): the row is written only
 * while its version is still `version`, and becomes `version + 1`. 409 STALE_DESIGN_MESSAGE when someone saved in
 * between; 400 when the document's kind is not the design's; 404 unknown or another shop's. Image layers measured
 * on an upload's web copy are brought to its original's pixels (`withOriginalPixels`).
 */
export async function updateDesign(
  db: Db,
  storeId: string,
  id: string,
  body: { title?: string; document: DesignDocument; version: number },
): Promise<Design> {
  const current = await rowOf(db, storeId, id);
  if (body.document.kind !== current.kind) throw badRequest(`body.document.kind: must be ${current.kind} like the design`);
  const document = await withOriginalPixels(db, storeId, body.document);
  const [r] = await db
    .update(designs)
    .set({
      document,
      schemaVersion: DESIGN_SCHEMA_VERSION,
      version: sql`${designs.version} + 1`,
      updatedAt: sql`now()`,
      ...(body.title !== undefined ? { title: body.title.trim() } : {}),
    })
    .where(and(eq(designs.storeId, storeId), eq(designs.id, id), eq(designs.version, body.version)))
    .returning();
  if (!r) throw conflict(STALE_DESIGN_MESSAGE);
  return designOf(r);
}

/** DELETE /api/designs/{id}: removes the design (its product and past order print files stay); 404 otherwise. */
export async function deleteDesign(db: Db, storeId: string, id: string): Promise<void> {
  const r = await db
    .delete(designs)
    .where(and(eq(designs.storeId, storeId), eq(designs.id, id)))
    .returning({ id: designs.id });
  if (!r.length) throw notFound('Design');
}

// ---------------------------------------------------------------------------------------------------------------
// Renders

/** The job type doing renders (its payload: `{renderId}`). */
export const RENDER_JOB = 'designs.render';

type RenderRow = typeof designRenders.$inferSelect;

const STATUS: Record<string, DesignRender['status']> = { queued: 'queued', running: 'running', completed: 'done', failed: 'failed' };

function renderOf(
  r: RenderRow,
  job: { state: string; progressDone: number; progressTotal: number | null; error: string | null } | null,
): DesignRender {
  const status = job ? (STATUS[job.state] ?? 'queued') : 'failed';
  const progress =
    status === 'done' ? 100 : job?.progressTotal ? Math.min(100, Math.floor((job.progressDone / job.progressTotal) * 100)) : 0;
  return {
    id: r.id,
    designId: r.designId,
    kind: r.kind as DesignRender['kind'],
    status,
    progress,
    files: status === 'done' ? (r.files as DesignFile[]) : [],
    error: status === 'failed' ? (job?.error ?? 'The render was lost') : null,
    orderId: r.orderId,
    lineItemId: r.lineItemId,
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /api/designs/{id}/renders/{renderId}: status from its job, progress 0–100, files when done; 404 otherwise. */
export async function getRender(db: Db, storeId: string, designId: string, renderId: string): Promise<DesignRender> {
  const [r] = await db
    .select({ render: designRenders, job: jobs })
    .from(designRenders)
    .leftJoin(jobs, eq(jobs.id, designRenders.jobId))
    .where(and(eq(designRenders.storeId, storeId), eq(designRenders.designId, designId), eq(designRenders.id, renderId)));
  if (!r) throw notFound('Render');
  return renderOf(r.render, r.job);
}

/** The print renders of an order's lines (order detail, issue 19 "listed on the order detail for download"). */
export async function orderRenders(db: Db, storeId: string, orderId: string): Promise<DesignRender[]> {
  const rows = await db
    .select({ render: designRenders, job: jobs })
    .from(designRenders)
    .leftJoin(jobs, eq(jobs.id, designRenders.jobId))
    .where(and(eq(designRenders.storeId, storeId), eq(designRenders.orderId, orderId)))
    .orderBy(designRenders.lineItemId);
  return rows.map((r) => renderOf(r.render, r.job));
}

/** Queues a render job; answers the render's id at once (the job does the work, `getRender` shows it). */
export async function startRender(
  db: Db,
  enqueue: (renderId: string) => Promise<string>,
  storeId: string,
  designId: string,
  kind: 'mockup' | 'print',
): Promise<{ id: string }> {
  await rowOf(db, storeId, designId);
  const [r] = await db.insert(designRenders).values({ storeId, designId, kind }).returning({ id: designRenders.id });
  const jobId = await enqueue(r!.id);
  await db.update(designRenders).set({ jobId }).where(eq(designRenders.id, r!.id));
  return { id: r!.id };
}

/** 'Sport Grey' → 'sport-grey' (file names). */
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'file';

/** Does a surface print anything? (an area with no visible layer gets no print file) */
const hasContent = (s: Surface) => !!s.background || s.layers.some((l) => !l.hidden && l.opacity > 0);

/** Mockup side, px (the drawing is scaled up from the catalogue's 800 px SVG). */
export const MOCKUP_PX = 1000;

/**
 * The areas a print_hub design gets mockups of (issue 19: "one mockup image per colour", per print area with
 * content): its surfaces with content that are print areas of the base product, in the base product's order (front,
 * back, sleeves …). Empty when nothing is designed yet (one plain mockup per colour then).
 */
export function mockupSurfaces(base: DesignBase, doc: DesignDocument): Surface[] {
  return base.areas.flatMap((a) => doc.surfaces.filter((s) => s.areaKey === a.key && hasContent(s)).slice(0, 1));
}

/**
 * A mockup PNG (MOCKUP_PX square): the base product's plain drawing in colour `hex` with `surface` (a print area of
 * the design, placed where the catalogue puts its `areaKey`) rendered at the mockup's scale on top; without a
 * surface, or with one that is not an area of the base product, the plain drawing.
 */
export async function mockupPng(base: DesignBase, hex: string, doc: DesignDocument, rc: RenderContext, surface?: Surface): Promise<Buffer> {
  const bg = await sharp(Buffer.from(base.mockupSvg(hex)), { density: (72 * MOCKUP_PX) / base.mockupSize })
    .resize(MOCKUP_PX, MOCKUP_PX)
    .png()
    .toBuffer();
  const area = surface && base.areas.find((a) => a.key === surface.areaKey);
  if (!surface || !area) return bg;
  const box = {
    left: Math.round((area.mockup.left / 100) * MOCKUP_PX),
    top: Math.round((area.mockup.top / 100) * MOCKUP_PX),
    width: Math.max(1, Math.round((area.mockup.width / 100) * MOCKUP_PX)),
    height: Math.max(1, Math.round((area.mockup.height / 100) * MOCKUP_PX)),
  };
  const dpi = Math.max(1, box.width / mmToIn(surface.width));
  const art = await renderSurface(surface, doc, rc, { dpi, withBleed: false });
  const artPng = await sharp(await encodePng(art))
    .resize(box.width, box.height, { fit: 'fill' })
    .png()
    .toBuffer();
  return sharp(bg)
    .composite([{ input: artPng, left: box.left, top: box.top }])
    .png()
    .toBuffer();
}

/**
 * The mockups of a print_hub design: each colour it sells × each area with content (`mockupSurfaces`), colour by
 * colour, front first; named `mockup-{colour}-{area}` (`mockup-{colour}` when no area has content yet).
 */
interface MockupShot {
  color: { name: string; hex: string };
  surface: Surface | undefined;
  name: string;
  alt: string;
}
function mockupShots(base: DesignBase, doc: DesignDocument): MockupShot[] {
  const surfaces = mockupSurfaces(base, doc);
  return colorsOf(base, doc).flatMap((color): MockupShot[] =>
    surfaces.length
      ? surfaces.map((surface) => ({
          color,
          surface,
          name: `mockup-${slug(color.name)}-${slug(surface.areaKey ?? surface.id)}`,
          alt: `${color.name}, ${surface.name}`,
        }))
      : [{ color, surface: undefined, name: `mockup-${slug(color.name)}`, alt: color.name }],
  );
}

/** The colours a print_hub document sells (its chosen ones, in the base product's order; default the first). */
function colorsOf(base: DesignBase, doc: DesignDocument) {
  const chosen = doc.product?.colors ?? [];
  const list = chosen.length ? base.colors.filter((c) => chosen.includes(c.name)) : [];
  return list.length ? list : base.colors.slice(0, 1);
}

/**
 * The files of a render (runs in the job): `print` → a PNG per print area with content at the area's size × DPI
 * (print_hub), `book.pdf` (book: cover and pages), `interior.pdf` + `cover.pdf` (book2: spreads split into pages,
 * cover wrap); `mockup` → a PNG per chosen colour and area with content (print_hub, `mockupShots`) or the cover at
 * 150 DPI (books). Files are written
 * under `{storeId}/designs/{renderId}/` of the media storage. `onProgress(done, total)` per file or book page.
 */
export async function renderFiles(
  storage: MediaStorage,
  rc: RenderContext,
  storeId: string,
  renderId: string,
  kind: 'mockup' | 'print',
  doc: DesignDocument,
  title: string,
  onProgress: (done: number, total: number) => Promise<void> | void,
): Promise<DesignFile[]> {
  const files: DesignFile[] = [];
  const put = async (name: string, data: Buffer | Uint8Array, contentType: string) => {
    const key = `${storeId}/designs/${renderId}/${name}`;
    await storage.put(key, Buffer.from(data), contentType);
    files.push({ name, url: mediaUrl(key), contentType });
  };
  if (kind === 'mockup') {
    const base = doc.product?.baseProductId ? designBaseOf(doc.product.baseProductId) : null;
    if (doc.kind === 'print_hub' && base) {
      const shots = mockupShots(base, doc);
      for (const [i, m] of shots.entries()) {
        await put(`${m.name}.png`, await mockupPng(base, m.color.hex, doc, rc, m.surface), 'image/png');
        await onProgress(i + 1, shots.length);
      }
    } else {
      const cover = doc.surfaces[0]!;
      const canvas = await renderSurface(cover, doc, rc, { dpi: 150, withBleed: false });
      await put('mockup-cover.png', await encodePng(canvas), 'image/png');
      await onProgress(1, 1);
    }
    return files;
  }
  if (doc.kind === 'print_hub') {
    const areas = doc.surfaces.filter(hasContent);
    for (const [i, s] of areas.entries()) {
      const canvas = await renderSurface(s, doc, rc);
      await put(`${slug(s.areaKey ?? s.id)}.png`, await encodePng(canvas), 'image/png');
      await onProgress(i + 1, areas.length);
    }
    return files;
  }
  if (doc.kind === 'book') {
    await put('book.pdf', await surfacesPdf(doc, doc.surfaces, rc, { title, onPage: onProgress }), 'application/pdf');
    return files;
  }
  const wrap = doc.surfaces.filter((s) => s.role === 'cover_wrap');
  const spreads = doc.surfaces.filter((s) => s.role === 'spread');
  const total = wrap.length + spreads.length;
  await put(
    'interior.pdf',
    await surfacesPdf(doc, spreads, rc, { title, splitSpreads: true, onPage: (d) => onProgress(d, total) }),
    'application/pdf',
  );
  await put(
    'cover.pdf',
    await surfacesPdf(doc, wrap, rc, { title: `${title} cover`, onPage: (d) => onProgress(spreads.length + d, total) }),
    'application/pdf',
  );
  return files;
}

/** The RenderContext of a store's render: its fonts and uploads, the shopper's values or samples. */
export function renderContext(
  db: Db,
  storage: MediaStorage,
  storeId: string,
  values: ShopperValues,
  fallback: 'sample' | 'empty',
): RenderContext {
  return { fonts: fontSource(db, storage, storeId), images: imageSource(storage, storeId), values, fallback };
}

/**
 * The job's work for render `renderId`: reads the render and its design (an order line's render prints the document
 * published when the order was paid, kept on the render row, with the shopper's values; others the design's current
 * document with samples), renders, stores the files on the render row (idempotent: a retried job overwrites the same
 * keys and row).
 */
export async function runRender(
  db: Db,
  storage: MediaStorage,
  storeId: string,
  renderId: string,
  onProgress: (done: number, total: number) => Promise<void> | void,
): Promise<{ files: number }> {
  const [r] = await db
    .select({ render: designRenders, design: designs })
    .from(designRenders)
    .leftJoin(designs, eq(designs.id, designRenders.designId))
    .where(and(eq(designRenders.storeId, storeId), eq(designRenders.id, renderId)));
  if (!r) throw notFound('Render');
  const forOrder = r.render.orderId !== null;
  const raw = r.render.document ?? r.design?.document;
  if (!raw) throw notFound('Design');
  const doc = storedDocument(raw);
  const title = r.design?.title ?? 'Print file';
  const rc = renderContext(db, storage, storeId, r.render.values as ShopperValues, forOrder ? 'empty' : 'sample');
  const files = await renderFiles(storage, rc, storeId, renderId, r.render.kind as 'mockup' | 'print', doc, title, onProgress);
  await db.update(designRenders).set({ files }).where(eq(designRenders.id, renderId));
  return { files: files.length };
}

// ---------------------------------------------------------------------------------------------------------------
// Publish ("Save as product") and order lines

/** 'Sport Grey' → 'SPORT-GREY' (SKUs, like the catalogue's one-click drafts). */
const skuPart = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The personalisation fields of a design's shopper fields (issue 19: "the placeholders become the product's shopper
 * fields"): text fields keep key (id), label and max length, and are drawn on the product image where the field layer
 * prints on the mockup (percent: x at the box's left edge, centre or right edge by its alignment, y at the middle of
 * its first line) in its colour and size; image fields (photo slots) keep their box (centre).
 */
export function personalizeFieldsOf(doc: DesignDocument, base: DesignBase | null): PersonalizeField[] {
  const fields = extractShopperFields(doc);
  const placeOf = (key: string) => {
    for (const s of doc.surfaces) {
      const l = s.layers.find((x) => (x.type === 'field' || x.type === 'photo') && x.key === key);
      if (!l) continue;
      const area = base?.areas.find((a) => a.key === s.areaKey);
      const box = area?.mockup ?? { left: 0, top: 0, width: 100, height: 100 };
      const px = (v: number, of: number, off: number, span: number) => Math.min(100, Math.max(0, off + (v / of) * span));
      // The storefront anchors the text at (x, y) by its alignment and centres it vertically there: the box's edge
      // or centre by `align`, and the middle of the first line, where the renderer prints a one-line value.
      const straight = l.type === 'field' && l.curveRadius === 0;
      const anchorX = straight && l.align === 'left' ? l.x : straight && l.align === 'right' ? l.x + l.width : l.x + l.width / 2;
      const anchorY = straight ? l.y + Math.min(l.height, l.lineHeight * ptToMm(l.fontSize)) / 2 : l.y + l.height / 2;
      return {
        layer: l,
        x: px(anchorX, s.width, box.left, box.width),
        y: px(anchorY, s.height, box.top, box.height),
        w: px(l.width, s.width, 0, box.width),
        h: px(l.height, s.height, 0, box.height),
        // font size in px at a 1000 px wide product image
        fontPx: l.type === 'field' ? Math.round((ptToMm(l.fontSize) / s.width) * (box.width / 100) * 1000) : 0,
      };
    }
    return null;
  };
  return fields.map((f): PersonalizeField => {
    const at = placeOf(f.key);
    const r = (v: number) => Math.round(v * 100) / 100;
    if (f.type === 'image')
      return {
        id: f.key,
        type: 'image',
        label: f.label,
        required: f.required,
        x: r(at?.x ?? 50),
        y: r(at?.y ?? 50),
        width: r(at?.w ?? 30),
        height: r(at?.h ?? 30),
      };
    const layer = at?.layer.type === 'field' ? at.layer : null;
    return {
      id: f.key,
      type: 'text',
      label: f.label,
      required: f.required,
      maxLength: f.maxLength ?? 20,
      placeholder: f.sample,
      fontId: layer?.fontId ?? null,
      color: layer?.color ?? '#000000',
      fontSize: Math.min(300, Math.max(8, at?.fontPx || 60)),
      align: layer?.align ?? 'center',
      x: r(at?.x ?? 50),
      y: r(at?.y ?? 50),
    };
  });
}

/**
 * POST /api/designs/{id}/publish ("Save as product", issue 19 item 3): creates the shop's draft product the first
 * time, updates it afterwards (variants matched by SKU keep their ids). Variants: the chosen colours × sizes of the
 * base product (default: first colour, every size), price = base cost + size extra + the document's margin, cost =
 * base cost + size extra; one mockup image per colour and print area with content (`mockupShots`: colour by colour,
 * front first; rendered now, stored as uploads, shopper fields blank: the storefront draws the shopper's values over
 * them); the shopper fields become
 * the product's personalisation; the published document is kept for order lines; a print render is queued for the
 * print files. 400 `document.product.baseProductId: …` when the design has no base product.
 */
export async function publishDesign(
  db: Db,
  storage: MediaStorage,
  enqueue: (renderId: string) => Promise<string>,
  storeId: string,
  actor: StockActor,
  id: string,
): Promise<DesignPublishResponse> {
  const row = await rowOf(db, storeId, id);
  const doc = storedDocument(row.document);
  const baseId = doc.product?.baseProductId ?? row.baseProductId;
  const base = baseId ? designBaseOf(baseId) : null;
  if (!base) throw badRequest('document.product.baseProductId: the design needs a base product to be sold');
  const chosenSizes = doc.product?.sizes ?? [];
  const sizes = chosenSizes.length ? base.sizes.filter((s) => chosenSizes.includes(s.name)) : base.sizes;
  if (!sizes.length) throw badRequest('document.product.sizes: none of these sizes is offered by the base product');
  const colors = colorsOf(base, doc);
  const margin = doc.product?.marginCents ?? 1000;
  // The product's pictures leave shopper fields blank: the storefront draws what the shopper types live over them
  // (personalisation), and a sample under it would show through (ALEX under MAYA).
  const rc = renderContext(db, storage, storeId, {}, 'empty');
  const mockups: DesignFile[] = [];
  const images: { src: string; alt: string }[] = [];
  const shots: MockupShot[] =
    doc.kind === 'print_hub'
      ? mockupShots(base, doc)
      : colors.map((color) => ({ color, surface: doc.surfaces[0], name: `mockup-${slug(color.name)}`, alt: color.name }));
  for (const m of shots) {
    const png =
      doc.kind === 'print_hub'
        ? await mockupPng(base, m.color.hex, doc, rc, m.surface)
        : await encodePng(await renderSurface(m.surface!, doc, rc, { dpi: 150, withBleed: false }));
    const up = await saveUpload(db, storage, storeId, Buffer.from(png));
    images.push({ src: up.src, alt: `${row.title} — ${m.alt}` });
    mockups.push({ name: `${m.name}.webp`, url: up.src, contentType: up.contentType });
  }
  const options: { name: string; values: string[] }[] = [];
  if (colors.length > 1) options.push({ name: 'Color', values: colors.map((c) => c.name) });
  if (sizes.length > 1) options.push({ name: 'Size', values: sizes.map((s) => s.name) });
  const existing = row.productId ? await getProduct(db, storeId, row.productId).catch(() => null) : null;
  const idBySku = new Map(existing?.variants.map((v) => [v.sku, v.id]) ?? []);
  const variants: ProductCreateBody['variants'] = [];
  for (const c of colors)
    for (const s of sizes) {
      const values = [colors.length > 1 ? c.name : null, sizes.length > 1 ? s.name : null].filter((x): x is string => x !== null);
      const sku = ['DSN', row.id.slice(0, 8).toUpperCase(), skuPart(c.name), skuPart(s.name)].join('-');
      variants.push({
        ...(idBySku.has(sku) ? { id: idBySku.get(sku) } : {}),
        option1: values[0] ?? null,
        option2: values[1] ?? null,
        price: majorFromCents(base.baseCostCents + s.extraCents + margin),
        cost: majorFromCents(base.baseCostCents + s.extraCents),
        sku,
        inventoryQuantity: 0,
        inventoryPolicy: 'continue',
      });
    }
  const product = existing
    ? await updateProduct(db, storeId, actor, existing.id, { title: row.title, images, options, variants })
    : await createProduct(db, storeId, actor, {
        title: row.title,
        images,
        bodyHtml: `<p>${base.description}</p>`,
        status: 'draft',
        productType: base.category,
        tags: [POD_TAG],
        options,
        variants,
      });
  // A print_hub field is drawn only on the mockups of the print area it prints on (front Name: front pictures).
  const surfaceOfField = new Map(
    doc.surfaces.flatMap((s) => s.layers.flatMap((l) => (l.type === 'field' || l.type === 'photo' ? [[l.key, s.id] as const] : []))),
  );
  const fields = personalizeFieldsOf(doc, base).map((f) =>
    doc.kind === 'print_hub'
      ? { ...f, images: images.filter((_, i) => shots[i]!.surface?.id === surfaceOfField.get(f.id)).map((im) => im.src) }
      : f,
  );
  if (fields.length) {
    const [had] = await db
      .select({ id: personalizes.id })
      .from(personalizes)
      .where(and(eq(personalizes.storeId, storeId), eq(personalizes.productId, product.id)));
    await savePersonalize(db, storeId, { productId: product.id, name: row.title, fields }, had?.id);
  }
  await db
    .update(designs)
    .set({ productId: product.id, publishedDocument: doc, publishedAt: sql`now()` })
    .where(and(eq(designs.storeId, storeId), eq(designs.id, id)));
  const render = await startRender(db, enqueue, storeId, id, 'print');
  return { productId: product.id, created: !existing, printRenderId: render.id, mockups };
}

/**
 * An order was paid (issue 19: "when the order is paid, a print file with MAYA in it is rendered for that order
 * line"): for each line whose product was made from a design, one print render with the line's personalisation
 * values (properties are named by field label; mapped back to field keys). Idempotent: one render per line (unique
 * index), so a repeated event queues nothing new. Answers the render ids queued now.
 */
export async function queueOrderRenders(
  db: Db,
  enqueue: (renderId: string) => Promise<string>,
  storeId: string,
  orderId: string,
): Promise<string[]> {
  const [o] = await db
    .select({ lineItems: orders.lineItems, status: orders.financialStatus })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!o || !(PAID_FINANCIAL_STATUSES as readonly string[]).includes(o.status)) return [];
  const lines = (Array.isArray(o.lineItems) ? o.lineItems : []) as { productId?: string; properties?: { name: string; value: string }[] }[];
  const queued: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (!line.productId) continue;
    const [d] = await db
      .select()
      .from(designs)
      .where(and(eq(designs.storeId, storeId), eq(designs.productId, line.productId)));
    if (!d) continue;
    const doc = storedDocument(d.publishedDocument ?? d.document);
    const values: Record<string, string> = {};
    for (const f of extractShopperFields(doc)) {
      const p = line.properties?.find((x) => x.name === f.label);
      if (p?.value) values[f.key] = p.value;
    }
    const [r] = await db
      .insert(designRenders)
      .values({ storeId, designId: d.id, kind: 'print', orderId, lineItemId: i + 1, values, document: doc })
      .onConflictDoNothing()
      .returning({ id: designRenders.id });
    if (!r) continue;
    const jobId = await enqueue(r.id);
    await db.update(designRenders).set({ jobId }).where(eq(designRenders.id, r.id));
    queued.push(r.id);
  }
  return queued;
}
