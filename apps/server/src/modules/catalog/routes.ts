import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ErrorResponse,
  IdParams,
  type ImportReport,
  Job,
  MAX_IMPORT_BYTES,
  OkResponse,
  Product,
  ProductBulkBody,
  ProductBulkResponse,
  ProductCreateBody,
  ProductGridQuery,
  ProductGridResponse,
  ProductListQuery,
  ProductListResponse,
  ProductsCountResponse,
  ProductUpdateBody,
} from '@backroom/contracts';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { badRequest, HttpError } from '../../lib/errors.js';
import { DEMO_ASSETS_DIR } from '../../lib/paths.js';
import type { App } from '../../lib/types.js';
import { mediaStorageFor } from '../media/index.js';
import { exportProductsCsv } from './export.js';
import { checkImportFile, importProductsCsv } from './import.js';
import { CATALOG_PRUNE_INTERVAL_MS, CatalogReadCache, pruneCatalogChanges } from './list-cache.js';
import { bulkUpdateProducts, createProduct, deleteProduct, getProduct, updateProduct } from './products.js';
import { catalogCounts, listProducts, type ProductListPage, productGrid } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** The job type of a product CSV import (modules/jobs): scope products, result an ImportReport. */
const IMPORT_JOB = 'catalog.import';

/** 413 answer of an import file over MAX_IMPORT_BYTES. */
const tooLarge = () =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', ['file: the CSV is larger than the 60 MB limit; split it into smaller files']);

/**
 * Catalog routes (issue "Product import from a Shopify product CSV"; spec admin-dashboard §7 home dashboard
 * "products counted in the catalog"; theme-editor §3 lookups read title, handle, image.src):
 * - GET /demo-assets/* (the committed demo pictures), public, on every host (imported pictures are served by the
 *   media module's one `/uploads/*` route);
 * - POST /api/products/import, GET /api/products/count, GET /api/products, GET /api/collections.
 */
export default async function catalogRoutes(app: App) {
  await app.register(fastifyStatic, { root: DEMO_ASSETS_DIR, prefix: '/demo-assets/', decorateReply: false, index: false, maxAge: '1h' });

  // The product list's remembered answers (issue 14 item 1, list-cache.ts), and the pruning of the change log they
  // are checked against: every CATALOG_PRUNE_INTERVAL_MS, by each copy of the server.
  const productListCache = new CatalogReadCache<ProductListPage>();
  let horizon: string | null = null;
  const prune = () =>
    pruneCatalogChanges(app.db, horizon).then(
      (h) => {
        horizon = h;
      },
      (err: unknown) => app.log.warn({ err }, 'catalog_changes pruning failed; retried at the next interval'),
    );
  app.addHook('onReady', prune);
  const pruning = setInterval(prune, CATALOG_PRUNE_INTERVAL_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));

  /**
   * The import job (issue 14 item 2, ARCHITECTURE.md "Background jobs"): imports the CSV handed to the job into its
   * store, reporting CSV records read of the file's total as progress, and answers the ImportReport. Safe to run
   * again (a Handle the store has is updated, never duplicated), so a lost try is retried twice.
   */
  app.jobs.define<{ fileName: string }, ImportReport>({
    type: IMPORT_JOB,
    scope: 'products',
    retryLimit: 2,
    async handler(ctx) {
      const path = await ctx.inputFile();
      if (!path || !ctx.storeId) throw badRequest('file: the CSV is missing');
      const report = await importProductsCsv(app.db, {
        storeId: ctx.storeId,
        dataDir: app.config.dataDir,
        path,
        storage: mediaStorageFor(app.config),
        fetchAllow: app.config.fetchAllowAddresses,
        onProgress: (done, total) => ctx.reportProgress(done, total),
      });
      ctx.log.info(
        { created: report.created, updated: report.updated, skipped: report.skipped, rejected: report.rejected.length },
        'products import',
      );
      return report;
    },
  });

  /**
   * POST /api/products/import, multipart field `file` (a Shopify product CSV, at most 60 MB). Scope: products.
   * Answers 202 with the import Job (`catalog.import`): the admin follows it on `GET /api/jobs/{id}` (progress in CSV
   * records) and reads the ImportReport in its `result` — created/updated/skipped product counts, variants and
   * pictures written, every rejected row with its line and reason, file-level warnings. Checked before queuing, so
   * answered at once: 400 no file, empty file ('file: the CSV is empty'), missing Handle column, binary file; 413 over
   * 60 MB. The upload is spooled to a temporary file, then handed to the job through the database.
   */
  app.post(
    '/api/products/import',
    {
      config: { purges: 'catalog' },
      preHandler: app.guard({ scope: 'products' }),
      schema: {
        summary: 'Import a Shopify product CSV (as a background job)',
        operationId: 'importProducts',
        tags: ['catalog'],
        consumes: ['multipart/form-data'],
        description:
          "Queues the import of a Shopify product CSV sent as multipart/form-data in the field 'file'; the job's result is an ImportReport.",
        response: { 202: Job, 413: ErrorResponse, ...errors },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw badRequest("file: send the CSV as multipart/form-data in the field 'file'");
      const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      if (!part) throw badRequest("file: a CSV file is required (multipart field 'file')");
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(`file: the CSV must be sent in the field 'file' (got '${part.fieldname}')`);
      }
      const dir = await mkdtemp(join(tmpdir(), 'backroom-import-'));
      try {
        const path = join(dir, 'upload.csv');
        try {
          await pipeline(part.file, createWriteStream(path));
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw err;
        }
        if (part.file.truncated) throw tooLarge();
        await checkImportFile(path);
        const { storeId, userId } = req.auth;
        const id = await app.jobs.enqueue(storeId, IMPORT_JOB, { fileName: part.filename }, { file: path, createdBy: userId });
        return reply.status(202).send((await app.jobs.get(storeId, id))!);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  /** GET /api/products/count → {count, variants, collections} of the X-Store-Id store. Scope: products or homes. */
  app.get(
    '/api/products/count',
    {
      preHandler: app.guard({ scope: ['products', 'homes'] }),
      schema: {
        summary: 'Number of products in the store',
        operationId: 'countProducts',
        tags: ['catalog'],
        response: { 200: ProductsCountResponse, ...errors },
      },
    },
    async (req) => catalogCounts(app.db, req.auth.storeId),
  );

  /** GET /api/products?page&limit&search&collection → a page of products (ProductListResponse). Scope: products. */
  app.get(
    '/api/products',
    {
      preHandler: app.guard({ scope: 'products' }),
      schema: {
        summary: 'A page of products',
        operationId: 'listProducts',
        tags: ['catalog'],
        querystring: ProductListQuery,
        response: { 200: ProductListResponse, ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const res = await listProducts(app.db, req.auth.storeId, q, productListCache);
      return { ...res, page: q.page, limit: q.limit };
    },
  );

  /** The staff member acting, for the stock history. */
  const actor = (req: { auth: { userId: string; user: { firstName: string; lastName: string }; email: string } }) => ({
    userId: req.auth.userId,
    userName: `${req.auth.user.firstName} ${req.auth.user.lastName}`.trim() || req.auth.email,
  });
  const guard = app.guard({ scope: 'products' });

  /**
   * GET /api/products/export → the store's catalog as a Shopify product CSV (text/csv attachment
   * `products_export.csv`), the format the import reads, so export → import round-trips (see export.ts). Scope:
   * products.
   */
  app.get(
    '/api/products/export',
    {
      preHandler: guard,
      schema: {
        summary: 'Export the catalog as a Shopify product CSV',
        operationId: 'exportProducts',
        tags: ['catalog'],
        produces: ['text/csv'],
        response: { 200: z.string().describe('Shopify product CSV'), ...errors },
      },
    },
    async (req, reply) => {
      reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="products_export.csv"');
      // A stream is sent as is (the response schema documents the body; it is not serialised).
      return reply.send(exportProductsCsv(app.db, req.auth.storeId, app.config.adminOrigin) as unknown as string);
    },
  );

  /**
   * PATCH /api/products/bulk {products: [{id, …fields, variants: [{id, …}]}]} → {products, variants} changed. All
   * in ONE transaction: an unknown or foreign id (404 naming it) changes nothing. Scope: products.
   */
  app.patch(
    '/api/products/bulk',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        summary: 'Change many products at once',
        operationId: 'bulkUpdateProducts',
        tags: ['catalog'],
        body: ProductBulkBody,
        response: { 200: ProductBulkResponse, ...errors },
      },
    },
    async (req) => bulkUpdateProducts(app.db, req.auth.storeId, actor(req), req.body),
  );

  /**
   * GET /api/products/grid?page&limit&search&status&collection → the bulk-edit grid's page: products A→Z (default
   * 200) with every variant's price, compare-at price, SKU and stock (ProductGridResponse). Scope: products.
   */
  app.get(
    '/api/products/grid',
    {
      preHandler: guard,
      schema: {
        summary: 'Products with their variants for the bulk editor',
        operationId: 'productGrid',
        tags: ['catalog'],
        querystring: ProductGridQuery,
        response: { 200: ProductGridResponse, ...errors },
      },
    },
    async (req) => ({ ...(await productGrid(app.db, req.auth.storeId, req.query)), page: req.query.page, limit: req.query.limit }),
  );

  /** POST /api/products (ProductCreateBody) → 201 Product; 400 naming the field and the rule. Scope: products. */
  app.post(
    '/api/products',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        summary: 'Create a product',
        operationId: 'createProduct',
        tags: ['catalog'],
        body: ProductCreateBody,
        response: { 201: Product, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createProduct(app.db, req.auth.storeId, actor(req), req.body)),
  );

  /** GET /api/products/{id} → Product (variants, images, options, collections); 404 when not of this store. */
  app.get(
    '/api/products/:id',
    {
      preHandler: guard,
      schema: {
        summary: 'One product',
        operationId: 'getProduct',
        tags: ['catalog'],
        params: IdParams,
        response: { 200: Product, ...errors },
      },
    },
    async (req) => getProduct(app.db, req.auth.storeId, req.params.id),
  );

  /** PUT /api/products/{id} (ProductUpdateBody: the fields given change) → Product; 404 when not of this store. */
  app.put(
    '/api/products/:id',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        summary: 'Update a product',
        operationId: 'updateProduct',
        tags: ['catalog'],
        params: IdParams,
        body: ProductUpdateBody,
        response: { 200: Product, ...errors },
      },
    },
    async (req) => updateProduct(app.db, req.auth.storeId, actor(req), req.params.id, req.body),
  );

  /** DELETE /api/products/{id} → {ok: true}; 404 when not of this store. Its stock history is kept. */
  app.delete(
    '/api/products/:id',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        summary: 'Delete a product',
        operationId: 'deleteProduct',
        tags: ['catalog'],
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deleteProduct(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const };
    },
  );
}
