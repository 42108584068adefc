import {
  CancelBody,
  ErrorResponse,
  FulfillmentBody,
  IdParams,
  NoteTagsBody,
  OrderDetail,
  OrderExportQuery,
  OrderListQuery,
  OrderListResponse,
  RefundBody,
} from '@backroom/contracts';
import { z } from 'zod';
import type { App } from '../../lib/types.js';
import { defineOrderMailJob, queueOrderMail } from './notify.js';
import {
  cancelOrder,
  exportOrdersCsv,
  fulfilOrder,
  getOrder,
  listOrders,
  markOrderAsPaid,
  refundOrder,
  shippingConfirmationMail,
  updateOrderNoteTags,
} from './service.js';

const tags = ['orders'];
const guard = (app: App) => ({ preHandler: app.guard({ scope: 'orders' }) });
const CsvText = z.string().meta({ description: "Shopify's order export CSV (text/csv, UTF-8, header row first)." });

/**
 * Orders of the X-Store-Id store (issue 12 item 1; spec admin-dashboard §2 website.orders and
 * /admin/orders/detail/{id}, §6 scope `orders`): list with tab counts, detail, fulfilments, refunds, cancel,
 * mark as paid, note and tags, CSV export. A foreign or unknown id answers 404; bad input 400 with the field.
 */
export default async function ordersRoutes(app: App) {
  defineOrderMailJob(app);
  /** GET /api/orders → {orders, total, page, limit, tabs} (OrderListResponse). */
  app.get(
    '/api/orders',
    {
      ...guard(app),
      schema: {
        summary: 'A page of orders with the tab counts',
        operationId: 'listOrders',
        tags,
        querystring: OrderListQuery,
        response: { 200: OrderListResponse, 400: ErrorResponse },
      },
    },
    async (req) => listOrders(app.db, req.auth.storeId, req.query),
  );

  /** GET /api/orders/export → text/csv attachment 'orders_export.csv' of every order matching the filters. */
  app.get(
    '/api/orders/export',
    {
      ...guard(app),
      schema: {
        summary: "Export orders as Shopify's order CSV",
        operationId: 'exportOrders',
        tags,
        produces: ['text/csv'],
        querystring: OrderExportQuery,
        response: { 200: CsvText, 400: ErrorResponse },
      },
    },
    async (req, reply) => {
      const csv = await exportOrdersCsv(app.db, req.auth.storeId, req.query);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="orders_export.csv"').send(csv);
    },
  );

  /** GET /api/orders/{id} → OrderDetail. */
  app.get(
    '/api/orders/:id',
    {
      ...guard(app),
      schema: {
        summary: 'One order with its lines, fulfilments, refunds and timeline',
        operationId: 'getOrder',
        tags,
        params: IdParams,
        response: { 200: OrderDetail },
      },
    },
    async (req) => getOrder(app.db, req.auth.storeId, req.params.id),
  );

  /**
   * POST /api/orders/{id}/fulfillments → OrderDetail (201). Sends the shipping confirmation when notifyCustomer
   * (after the commit; a mail failure is logged and does not undo the fulfilment).
   */
  app.post(
    '/api/orders/:id/fulfillments',
    {
      ...guard(app),
      schema: {
        summary: 'Fulfil items of an order',
        operationId: 'createFulfillment',
        tags,
        params: IdParams,
        body: FulfillmentBody,
        response: { 201: OrderDetail },
      },
    },
    async (req, reply) => {
      const { order, notify } = await fulfilOrder(app.db, req.auth.storeId, req.params.id, req.body, { userId: req.auth.userId });
      // The shipping confirmation goes through the job queue (issue 14 item 2): never awaited on SMTP, retried on
      // failure; its timeline note is written when it has been sent.
      if (notify) {
        const mail = await shippingConfirmationMail(app.db, req.auth.storeId, order.id, notify);
        await queueOrderMail(app.jobs, req.auth.storeId, order.id, mail, `Shipping confirmation email was sent to ${notify.to}`);
      }
      return reply.code(201).send(order);
    },
  );

  /** POST /api/orders/{id}/refunds → OrderDetail (201). */
  app.post(
    '/api/orders/:id/refunds',
    {
      config: { purges: 'catalog' },
      ...guard(app),
      schema: {
        summary: 'Refund an order',
        operationId: 'createRefund',
        tags,
        params: IdParams,
        body: RefundBody,
        response: { 201: OrderDetail },
      },
    },
    async (req, reply) => {
      const order = await refundOrder(app.db, req.auth.storeId, req.params.id, req.body, { userId: req.auth.userId });
      app.shopEvents.emit({ type: 'order.refunded', storeId: req.auth.storeId, orderId: order.id });
      return reply.code(201).send(order);
    },
  );

  /** POST /api/orders/{id}/cancel → OrderDetail. */
  app.post(
    '/api/orders/:id/cancel',
    {
      config: { purges: 'catalog' },
      ...guard(app),
      schema: {
        summary: 'Cancel an order',
        operationId: 'cancelOrder',
        tags,
        params: IdParams,
        body: CancelBody,
        response: { 200: OrderDetail },
      },
    },
    async (req) => cancelOrder(app.db, req.auth.storeId, req.params.id, req.body, { userId: req.auth.userId }),
  );

  /** POST /api/orders/{id}/mark-as-paid → OrderDetail. */
  app.post(
    '/api/orders/:id/mark-as-paid',
    {
      ...guard(app),
      schema: {
        summary: 'Mark a manual payment as received',
        operationId: 'markOrderAsPaid',
        tags,
        params: IdParams,
        response: { 200: OrderDetail },
      },
    },
    async (req) => {
      const order = await markOrderAsPaid(app.db, req.auth.storeId, req.params.id, { userId: req.auth.userId });
      app.shopEvents.emit({ type: 'order.paid', storeId: req.auth.storeId, orderId: order.id });
      return order;
    },
  );

  /** PATCH /api/orders/{id} {note?, tags?} → OrderDetail. */
  app.patch(
    '/api/orders/:id',
    {
      ...guard(app),
      schema: {
        summary: "Edit an order's note and tags",
        operationId: 'updateOrder',
        tags,
        params: IdParams,
        body: NoteTagsBody,
        response: { 200: OrderDetail },
      },
    },
    async (req) => updateOrderNoteTags(app.db, req.auth.storeId, req.params.id, req.body, { userId: req.auth.userId }),
  );
}
