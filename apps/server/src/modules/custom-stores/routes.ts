import { CustomStore, CustomStoreBody, CustomStoreList, ErrorResponse } from '@backroom/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.js';
import { isCustomStoreUser } from '../../lib/guard.js';
import type { App } from '../../lib/types.js';
import { mediaStorageFor } from '../media/index.js';
import { createCustomStore, listCustomStores } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['custom-stores'];
/** The refusal of everyone but the whitelisted e-mail (spec §2 "An extra 'Custom Store' item … for one whitelisted e-mail"). */
const CUSTOM_STORE_REFUSED = 'Custom Store is only open to the whitelisted e-mail';

/**
 * Custom Store (issue 18 item 7, route website.custom-store): GET/POST /api/custom-stores. Guarded like the screen
 * in the admin route registry (scope `store`), and open only to the one whitelisted e-mail of spec §2
 * (CUSTOM_STORE_EMAIL): anyone else gets 403 — checked in `preValidation`, after the guard and before the body is
 * validated, so a refused caller learns nothing about the body.
 */
export default async function customStoresRoutes(app: App) {
  const guard = app.guard({ scope: 'store' });
  const storage = mediaStorageFor(app.config);
  const whitelisted = async (req: FastifyRequest) => {
    if (!isCustomStoreUser(app.config, req.auth.email)) throw forbidden(CUSTOM_STORE_REFUSED);
  };

  /** GET /api/custom-stores → {customStores}: the shops the caller created this way, newest first. */
  app.get(
    '/api/custom-stores',
    {
      preHandler: guard,
      preValidation: whitelisted,
      schema: {
        tags,
        summary: 'The shops created with Custom Store',
        operationId: 'listCustomStores',
        response: { 200: CustomStoreList, ...errors },
      },
    },
    async (req) => ({ customStores: await listCustomStores(app.db, req.auth.userId) }),
  );

  /**
   * POST /api/custom-stores ({name, templateStoreId, ownerEmail}) → 201 CustomStore with what was copied; 404 when
   * the template is not a shop the caller owns or administers.
   */
  app.post(
    '/api/custom-stores',
    {
      preHandler: guard,
      preValidation: whitelisted,
      schema: {
        tags,
        summary: 'Create a shop from a template and invite its owner',
        operationId: 'createCustomStore',
        body: CustomStoreBody,
        response: { 201: CustomStore, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await createCustomStore(app.db, app.config, app.jobs, storage, { userId: req.auth.userId, email: req.auth.email }, req.body)),
  );
}
