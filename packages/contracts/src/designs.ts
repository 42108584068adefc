import { DESIGN_KINDS, DesignDocumentSchema, migrateDesignDocument } from '@backroom/design';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './limits.js';
import { limitParam, pageParam } from './paging.js';

/**
 * Print-on-demand designs (issue 19 item 6): `/api/designs…`, scope `products`. A design is a document of
 * @backroom/design (surfaces in mm, layers) with a title and an optimistic-concurrency `version`; renders (mockup
 * PNGs, print PNGs per area, book PDFs) are made by the job queue; publishing creates or updates the shop product.
 */

export const DesignKind = z.enum(DESIGN_KINDS, 'kind must be print_hub, book or book2');

/**
 * A design document in a request: migrated to the current schema version first (a newer version is left as is and
 * refused by `schemaVersion`), then validated; messages name the path (`document.surfaces.0.layers.2.width: …`).
 */
export const DesignDocumentBody = z.preprocess((v) => {
  try {
    return migrateDesignDocument(v);
  } catch {
    return v;
  }
}, DesignDocumentSchema);

const Title = z
  .string({ message: 'title must be text' })
  .trim()
  .min(1, 'title is required')
  .max(200, 'title must have at most 200 characters');

/**
 * POST /api/designs body: `kind` and `title`; `baseProductId` (a base catalogue id, required for print_hub: its print
 * areas become the surfaces; for books its page size and paper). `document` optional: without it the kind's default.
 */
export const DesignCreateBody = z.object({
  kind: DesignKind,
  title: Title,
  baseProductId: z
    .string({ message: 'baseProductId must be a base product id' })
    .regex(/^[a-z0-9-]{1,80}$/, 'baseProductId must be a base product id')
    .optional(),
  document: DesignDocumentBody.optional(),
});
export type DesignCreateBody = z.input<typeof DesignCreateBody>;

/** PUT /api/designs/{id} body: the whole document and the `version` it was based on (409 when someone saved since). */
export const DesignUpdateBody = z.object({
  title: Title.optional(),
  document: DesignDocumentBody,
  version: z.number({ message: 'version must be a number' }).int('version must be a whole number').min(1, 'version must be at least 1'),
});
export type DesignUpdateBody = z.input<typeof DesignUpdateBody>;

/** The text of the 409 answer on a stale save. */
export const STALE_DESIGN_MESSAGE =
  'This design was saved by someone else. Reload to get the latest version, then apply your changes again.';

/** GET /api/designs query: kind, the product it was published to, 1-based page, 1–100 a page (newest edit first). */
export const DesignListQuery = z.object({
  kind: DesignKind.optional(),
  productId: z.uuid('productId must be a product id').optional(),
  page: pageParam,
  limit: limitParam(DEFAULT_PAGE_SIZE),
});
export type DesignListQuery = z.infer<typeof DesignListQuery>;

const DesignBase = {
  id: z.uuid(),
  kind: DesignKind,
  title: z.string(),
  /** The base catalogue product (print_hub, books), or null. */
  baseProductId: z.string().nullable(),
  /** The shop product "Save as product" made, or null before the first publish. */
  productId: z.uuid().nullable(),
  /** Increases by one on every save. */
  version: z.number().int(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A design in a list (no document). */
export const DesignSummary = z.object(DesignBase).meta({ id: 'DesignSummary' });
export type DesignSummary = z.infer<typeof DesignSummary>;

/** A design with its document. */
export const Design = z.object({ ...DesignBase, document: DesignDocumentSchema }).meta({ id: 'Design' });
export type Design = z.infer<typeof Design>;

export const DesignListResponse = z.object({
  designs: z.array(DesignSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DesignListResponse = z.infer<typeof DesignListResponse>;

export const DESIGN_RENDER_KINDS = ['mockup', 'print'] as const;
/** POST /api/designs/{id}/renders body: mockup PNGs (one per chosen colour) or print files (PNG per area, book PDFs). */
export const DesignRenderBody = z.object({ kind: z.enum(DESIGN_RENDER_KINDS, 'kind must be mockup or print') });
export type DesignRenderBody = z.infer<typeof DesignRenderBody>;

/** A file a render made: name ("front.png", "book.pdf", "mockup-black.png"), address, MIME type. */
export const DesignFile = z.object({ name: z.string(), url: z.string(), contentType: z.string() }).meta({ id: 'DesignFile' });
export type DesignFile = z.infer<typeof DesignFile>;

/** GET /api/designs/{id}/renders/{renderId}: status, progress 0–100 (percent), files when done, error when failed. */
export const DesignRender = z
  .object({
    id: z.uuid(),
    designId: z.uuid().nullable(),
    kind: z.enum(DESIGN_RENDER_KINDS),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    progress: z.number().int().min(0).max(100),
    files: z.array(DesignFile),
    error: z.string().nullable(),
    /** An order line's print render (made when the order was paid): the order and the line's 1-based id. */
    orderId: z.uuid().nullable(),
    lineItemId: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DesignRender' });
export type DesignRender = z.infer<typeof DesignRender>;

export const DesignRenderParams = z.object({ id: z.uuid('id must be a design id'), renderId: z.uuid('renderId must be a render id') });

/**
 * POST /api/designs/{id}/publish answer: the shop product made or updated (draft), whether it was created, and the
 * print render queued for its print files.
 */
export const DesignPublishResponse = z
  .object({ productId: z.uuid(), created: z.boolean(), printRenderId: z.uuid().nullable(), mockups: z.array(DesignFile) })
  .meta({ id: 'DesignPublishResponse' });
export type DesignPublishResponse = z.infer<typeof DesignPublishResponse>;
