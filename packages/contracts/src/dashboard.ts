import { z } from 'zod';
import { queryDateOrInstant } from './bounds.js';
import { MajorUnits, StoreList } from './common.js';

/** Query of the home-dashboard reports (spec admin-dashboard §7): fromTime/toTime ISO instants or YYYY-MM-DD. */
export const ReportQuery = z.object({
  fromTime: queryDateOrInstant('fromTime', { required: true }),
  toTime: queryDateOrInstant('toTime', { required: true }),
  stores: StoreList,
  timezone: z.string().optional(),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

/** GET /api/reports/total-sales answer: paid sales in major units, 2 decimals. */
export const TotalSalesResponse = z.object({ total_sales: MajorUnits });
/** GET /api/reports/total-orders answer: count of paid orders. */
export const TotalOrdersResponse = z.object({ total_orders: z.number().int() });
/** GET /api/helpbase/public/customHTML answer: the store's sanitised homeHtml. */
export const CustomHtmlResponse = z.object({ homeHtml: z.string() });
/** GET /api/orders/count answer. */
export const CountResponse = z.object({ count: z.number().int() });
export const OrdersCountQuery = z.object({
  fulfillmentStatus: z.enum(['unfulfilled', 'partial', 'fulfilled', 'restocked']).optional(),
  financialStatus: z.string().optional(),
});
