import {
  CustomerDetail,
  CustomerExportQuery,
  CustomerListQuery,
  CustomerListResponse,
  ErrorResponse,
  IdParams,
  NoteTagsBody,
} from '@backroom/contracts';
import { z } from 'zod';
import type { App } from '../../lib/types.js';
import { exportCustomersCsv, getCustomer, listCustomers, updateCustomerNoteTags } from './service.js';

const tags = ['customers'];
const CsvText = z.string().meta({ description: "Shopify's customer export CSV (text/csv, UTF-8, header row first)." });

/**
 * Customers of the X-Store-Id store (issue 12 item 4; spec §2 website.customer, §6 scope `customers`): list with
 * filters and paging, detail with orders and addresses, note and tags, CSV export. Foreign or unknown id → 404.
 */
export default async function customersRoutes(app: App) {
  const guard = { preHandler: app.guard({ scope: 'customers' }) };

  /** GET /api/customers → {customers, total, page, limit}. */
  app.get(
    '/api/customers',
    {
      ...guard,
      schema: {
        summary: 'A page of customers',
        operationId: 'listCustomers',
        tags,
        querystring: CustomerListQuery,
        response: { 200: CustomerListResponse, 400: ErrorResponse },
      },
    },
    async (req) => listCustomers(app.db, req.auth.storeId, req.query),
  );

  /** GET /api/customers/export → text/csv attachment 'customers_export.csv'. */
  app.get(
    '/api/customers/export',
    {
      ...guard,
      schema: {
        summary: "Export customers as Shopify's customer CSV",
        operationId: 'exportCustomers',
        tags,
        produces: ['text/csv'],
        querystring: CustomerExportQuery,
        response: { 200: CsvText, 400: ErrorResponse },
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers_export.csv"')
        .send(await exportCustomersCsv(app.db, req.auth.storeId, req.query)),
  );

  /** GET /api/customers/{id} → CustomerDetail. */
  app.get(
    '/api/customers/:id',
    {
      ...guard,
      schema: {
        summary: 'One customer with orders and addresses',
        operationId: 'getCustomer',
        tags,
        params: IdParams,
        response: { 200: CustomerDetail },
      },
    },
    async (req) => getCustomer(app.db, req.auth.storeId, req.params.id),
  );

  /** PATCH /api/customers/{id} {note?, tags?} → CustomerDetail. */
  app.patch(
    '/api/customers/:id',
    {
      ...guard,
      schema: {
        summary: "Edit a customer's note and tags",
        operationId: 'updateCustomer',
        tags,
        params: IdParams,
        body: NoteTagsBody,
        response: { 200: CustomerDetail },
      },
    },
    async (req) => updateCustomerNoteTags(app.db, req.auth.storeId, req.params.id, req.body),
  );
}
