import {
  Design,
  DesignCreateBody,
  DesignListQuery,
  DesignListResponse,
  DesignPublishResponse,
  DesignRender,
  DesignRenderBody,
  DesignRenderParams,
  DesignUpdateBody,
  ErrorResponse,
  IdParams,
  OkResponse,
} from '@backroom/contracts';
import { z } from 'zod';
import type { App } from '../../lib/types.js';
import { mediaStorageFor } from '../media/index.js';
import {
  createDesign,
  deleteDesign,
  getDesign,
  getRender,
  listDesigns,
  newDesignOf,
  publishDesign,
  queueOrderRenders,
  RENDER_JOB,
  runRender,
  startRender,
  updateDesign,
} from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['designs'];

/**
 * Print-on-demand designs (issue 19 item 6; routes print-hub-editor, book-editor, book2-editor; scope `products`):
 * - GET    /api/designs?kind&productId&page&limit      → {designs, total, page, limit}
 * - POST   /api/designs {kind, title, baseProductId?, document?} → 201 Design (default document of the kind)
 * - GET    /api/designs/new?baseProductId              → {kind, title, baseProductId, document} (nothing stored)
 * - GET    /api/designs/{id}                           → Design
 * - PUT    /api/designs/{id} {title?, document, version} → Design (version + 1); 409 when stale
 * - DELETE /api/designs/{id}                           → {ok}
 * - POST   /api/designs/{id}/renders {kind: mockup|print} → 202 {id} (the job `designs.render` does the work)
 * - GET    /api/designs/{id}/renders/{renderId}        → DesignRender {status, progress 0–100, files}
 * - POST   /api/designs/{id}/publish                   → DesignPublishResponse (creates/updates the draft product)
 * A paid order's lines of design products get a print render each (shop event `order.created`/`order.paid`).
 */
export default async function designsRoutes(app: App) {
  const guard = { preHandler: app.guard({ scope: 'products' }) };
  const storage = mediaStorageFor(app.config);

  app.jobs.define<{ renderId: string }, { files: number }>({
    type: RENDER_JOB,
    scope: 'products',
    retryLimit: 2,
    timeoutSeconds: 900,
    async handler(ctx) {
      return runRender(app.db, storage, ctx.storeId!, ctx.payload.renderId, (done, total) => ctx.reportProgress(done, total));
    },
  });
  const enqueueFor = (storeId: string, userId?: string) => (renderId: string) =>
    app.jobs.enqueue(storeId, RENDER_JOB, { renderId }, userId ? { createdBy: userId } : {});

  // Order lines of design products get their print files once the order is paid (checkout pays at once in test mode).
  app.shopEvents.on(async (event) => {
    if (event.type !== 'order.created' && event.type !== 'order.paid') return;
    await queueOrderRenders(app.db, enqueueFor(event.storeId), event.storeId, event.orderId);
  });

  const actor = (req: { auth: { userId: string; user: { firstName: string; lastName: string }; email: string } }) => ({
    userId: req.auth.userId,
    userName: `${req.auth.user.firstName} ${req.auth.user.lastName}`.trim() || req.auth.email,
  });

  /** GET /api/designs: a page of the shop's designs (no documents), last edited first. */
  app.get(
    '/api/designs',
    {
      ...guard,
      schema: {
        tags,
        summary: 'A page of print-on-demand designs',
        operationId: 'listDesigns',
        querystring: DesignListQuery,
        response: { 200: DesignListResponse, ...errors },
      },
    },
    async (req) => listDesigns(app.db, req.auth.storeId, req.query),
  );

  /** POST /api/designs: a new design from the kind's default document (or the given one); 201. */
  app.post(
    '/api/designs',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Create a design (print_hub, book or book2)',
        operationId: 'createDesign',
        body: DesignCreateBody,
        response: { 201: Design, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createDesign(app.db, req.auth.storeId, req.auth.userId, req.body)),
  );

  /**
   * GET /api/designs/new?baseProductId: what an editor opens on a catalogue blank (kind from the blank, default
   * document); stores nothing — the editor's first save creates the design (issue 31 item 5). 404 unknown blank.
   */
  app.get(
    '/api/designs/new',
    {
      ...guard,
      schema: {
        tags,
        summary: 'The unsaved design an editor opens on a catalogue blank',
        operationId: 'newDesign',
        querystring: z.object({ baseProductId: DesignCreateBody.shape.baseProductId.unwrap() }),
        response: {
          200: z.object({ kind: Design.shape.kind, title: z.string(), baseProductId: z.string(), document: Design.shape.document }),
          ...errors,
        },
      },
    },
    async (req) => newDesignOf(req.query.baseProductId),
  );

  /** GET /api/designs/{id}: the design with its document. */
  app.get(
    '/api/designs/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'One design with its document',
        operationId: 'getDesign',
        params: IdParams,
        response: { 200: Design, ...errors },
      },
    },
    async (req) => getDesign(app.db, req.auth.storeId, req.params.id),
  );

  /** PUT /api/designs/{id}: saves the document; 409 when `version` is stale. */
  app.put(
    '/api/designs/:id',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Save a design (optimistic: 409 on a stale version)',
        operationId: 'updateDesign',
        params: IdParams,
        body: DesignUpdateBody,
        response: { 200: Design, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => updateDesign(app.db, req.auth.storeId, req.params.id, req.body),
  );

  /** DELETE /api/designs/{id}. */
  app.delete(
    '/api/designs/:id',
    {
      ...guard,
      schema: { tags, summary: 'Delete a design', operationId: 'deleteDesign', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (req) => {
      await deleteDesign(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const, messages: ['Design deleted'] };
    },
  );

  /** POST /api/designs/{id}/renders: queues a mockup or print render; 202 {id} at once. */
  app.post(
    '/api/designs/:id/renders',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Render mockups or print files (a background job)',
        operationId: 'startDesignRender',
        params: IdParams,
        body: DesignRenderBody,
        response: { 202: z.object({ id: z.uuid() }), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(202)
        .send(await startRender(app.db, enqueueFor(req.auth.storeId, req.auth.userId), req.auth.storeId, req.params.id, req.body.kind)),
  );

  /** GET /api/designs/{id}/renders/{renderId}: the render's status, progress and files. */
  app.get(
    '/api/designs/:id/renders/:renderId',
    {
      ...guard,
      schema: {
        tags,
        summary: 'A render of a design: status, progress and files',
        operationId: 'getDesignRender',
        params: DesignRenderParams,
        response: { 200: DesignRender, ...errors },
      },
    },
    async (req) => getRender(app.db, req.auth.storeId, req.params.id, req.params.renderId),
  );

  /** POST /api/designs/{id}/publish: "Save as product". */
  app.post(
    '/api/designs/:id/publish',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        tags,
        summary: 'Save the design as a draft product (mockups, variants, personalisation, print files)',
        operationId: 'publishDesign',
        params: IdParams,
        response: { 200: DesignPublishResponse, ...errors },
      },
    },
    async (req) =>
      publishDesign(app.db, storage, enqueueFor(req.auth.storeId, req.auth.userId), req.auth.storeId, actor(req), req.params.id),
  );
}
