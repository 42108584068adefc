import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  CollectionListQuery,
  CollectionListResponse,
  ErrorResponse,
  ImportReport,
  MAX_IMPORT_BYTES,
  ProductListQuery,
  ProductListResponse,
  ProductsCountResponse,
} from '@backroom/contracts';
import fastifyStatic from '@fastify/static';
import { badRequest, HttpError } from '../../lib/errors.js';
import { DEMO_ASSETS_DIR } from '../../lib/paths.js';
import type { App } from '../../lib/types.js';
import { mediaStorageFor } from '../media/index.js';
import { importProductsCsv } from './import.js';
import { catalogCounts, listCollections, listProducts } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

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

  /**
   * POST /api/products/import, multipart field `file` (a Shopify product CSV, at most 60 MB). Scope: products.
   * Answers the ImportReport: created/updated/skipped product counts, variants and pictures written, every
   * rejected row with its line and reason, and file-level warnings. 400: no file, empty file ('file: the CSV is
   * empty'), missing Handle column, binary file; 413: over 60 MB. The upload is spooled to a temporary file and
   * stream-parsed, so memory stays flat.
   */
  app.post(
    '/api/products/import',
    {
      preHandler: app.guard({ scope: 'products' }),
      schema: {
        summary: 'Import a Shopify product CSV',
        operationId: 'importProducts',
        tags: ['catalog'],
        consumes: ['multipart/form-data'],
        description: "Imports a Shopify product CSV sent as multipart/form-data in the field 'file'.",
        response: { 200: ImportReport, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
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
        const report = await importProductsCsv(app.db, {
          storeId: req.auth.storeId,
          dataDir: app.config.dataDir,
          path,
          storage: mediaStorageFor(app.config),
          fetchAllow: app.config.fetchAllowAddresses,
        });
        req.log.info(
          { created: report.created, updated: report.updated, skipped: report.skipped, rejected: report.rejected.length },
          'products import',
        );
        return report;
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
      const res = await listProducts(app.db, req.auth.storeId, q);
      return { ...res, page: q.page, limit: q.limit };
    },
  );

  /** GET /api/collections?page&limit&search → a page of collections with image.src (CollectionListResponse). Scope: products. */
  app.get(
    '/api/collections',
    {
      preHandler: app.guard({ scope: 'products' }),
      schema: {
        summary: 'A page of collections',
        operationId: 'listCollections',
        tags: ['catalog'],
        querystring: CollectionListQuery,
        response: { 200: CollectionListResponse, ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const res = await listCollections(app.db, req.auth.storeId, q);
      return { ...res, page: q.page, limit: q.limit };
    },
  );
}
