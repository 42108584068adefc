import { z } from 'zod';
import { QUERY_MONEY_MAX, queryDate, queryNumber } from './bounds.js';
import { MajorUnits } from './common.js';
import { CUSTOMERS_PAGE_SIZE, NOTE_MAX_LENGTH, ORDERS_PAGE_SIZE, TAGS_MAX_COUNT } from './limits.js';
import { limitParam, pageParam } from './paging.js';

/**
 * Orders and customers of the admin (issue 12 items 1 and 4; spec admin-dashboard §2 website.orders and
 * website.customer, §3 order row). Statuses use Shopify's vocabulary; money is in the store currency's major unit
 * (2 decimals) as every admin answer, the database keeps cents.
 */

/** Shopify's financial statuses. */
export const FINANCIAL_STATUSES = ['pending', 'authorized', 'paid', 'partially_paid', 'partially_refunded', 'refunded', 'voided'] as const;
export const FinancialStatus = z.enum(FINANCIAL_STATUSES);
export type FinancialStatus = z.infer<typeof FinancialStatus>;

/** Shopify's fulfillment statuses of an order. */
export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled', 'restocked'] as const;
export const FulfillmentStatus = z.enum(FULFILLMENT_STATUSES);
export type FulfillmentStatus = z.infer<typeof FulfillmentStatus>;

/**
 * The tabs of the Orders list (Shopify): all; unfulfilled = open and unfulfilled or partial; unpaid = pending,
 * authorized or partially paid and not cancelled; open = neither closed nor cancelled; closed = closed (archived,
 * including cancelled orders).
 */
export const ORDER_TABS = ['all', 'unfulfilled', 'unpaid', 'open', 'closed'] as const;
export const OrderTab = z.enum(ORDER_TABS);
export type OrderTab = z.infer<typeof OrderTab>;

/** Shopify's cancel reasons. */
export const CANCEL_REASONS = ['customer', 'inventory', 'fraud', 'declined', 'other'] as const;
export const CancelReason = z.enum(CANCEL_REASONS);
export type CancelReason = z.infer<typeof CancelReason>;

/** Orders list sort orders: newest / oldest, order number, total, customer name. */
export const ORDER_SORTS = ['created_desc', 'created_asc', 'number_desc', 'number_asc', 'total_desc', 'total_asc', 'customer_asc'] as const;

/** Customers list sort orders. */
export const CUSTOMER_SORTS = ['created_desc', 'created_asc', 'spent_desc', 'orders_desc', 'name_asc', 'last_order_desc'] as const;

const Page = pageParam;
/** `limit` of a list query: 1 to 250 rows, `pageSize` when absent (limits.ts). */
const Limit = (pageSize: number) => limitParam(pageSize, 250);
/** A local date 'YYYY-MM-DD' read in the shop's timezone (spec §9 query date format). */
const LocalDay = (field: string) =>
  queryDate(field, `${field} must be a date written YYYY-MM-DD`).meta({ description: "A day in the shop's timezone, YYYY-MM-DD." });
const Search = z.string().trim().max(200, 'search must be at most 200 characters').optional();

/** Filters shared by GET /api/orders and GET /api/orders/export. */
const OrderFilters = z.object({
  search: Search.meta({ description: 'Order name (#1001), customer name or e-mail, case-insensitive.' }),
  tab: OrderTab.default('all'),
  financialStatus: FinancialStatus.optional(),
  fulfillmentStatus: FulfillmentStatus.optional(),
  paymentMethod: z.string().trim().max(100).optional().meta({ description: "Payment name, e.g. 'Stripe', 'PayPal'." }),
  fromTime: LocalDay('fromTime').optional(),
  toTime: LocalDay('toTime').optional(),
  sort: z.enum(ORDER_SORTS).default('created_desc'),
});

/** GET /api/orders query (no component id: a querystring schema must stay inline for the OpenAPI document). */
export const OrderListQuery = OrderFilters.extend({ page: Page, limit: Limit(ORDERS_PAGE_SIZE) });
export type OrderListQuery = z.input<typeof OrderListQuery>;

/** GET /api/orders/export query: the list's filters, every matching order. */
export const OrderExportQuery = OrderFilters;

/** The customer as an order row shows it. */
const OrderCustomer = z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string() });

/** One row of the Orders list. */
export const OrderRow = z
  .object({
    id: z.uuid(),
    orderNumber: z.number().int(),
    orderName: z.string(),
    createdAt: z.string(),
    customer: OrderCustomer,
    total: MajorUnits,
    currency: z.string(),
    financialStatus: z.string(),
    fulfillmentStatus: z.string(),
    paymentName: z.string(),
    /** 'Credit/Debit Card' when the payment has a card type (spec §3), else the payment name. */
    paymentLabel: z.string(),
    itemsCount: z.number().int(),
    tags: z.array(z.string()),
    sourceName: z.string(),
    cancelledAt: z.string().nullable(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: 'OrderRow' });
export type OrderRow = z.infer<typeof OrderRow>;

/** Counts of the list tabs under the current filters (the tab itself aside). */
export const OrderTabCounts = z.object({
  all: z.number().int(),
  unfulfilled: z.number().int(),
  unpaid: z.number().int(),
  open: z.number().int(),
  closed: z.number().int(),
});
export type OrderTabCounts = z.infer<typeof OrderTabCounts>;

/** GET /api/orders answer. */
export const OrderListResponse = z
  .object({ orders: z.array(OrderRow), total: z.number().int(), page: z.number().int(), limit: z.number().int(), tabs: OrderTabCounts })
  .meta({ id: 'OrderList' });
export type OrderListResponse = z.infer<typeof OrderListResponse>;

/** One line item of an order with what was fulfilled and refunded of it. `id` is its 1-based position. */
export const OrderLineItem = z.object({
  id: z.number().int(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  title: z.string(),
  variantTitle: z.string(),
  sku: z.string(),
  /** Product option names paired with the variant's values, e.g. [{name:'Size', value:'M'}]. */
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  /** Personalisation values the shopper entered. */
  properties: z.array(z.object({ name: z.string(), value: z.string() })),
  imageSrc: z.string().nullable(),
  quantity: z.number().int(),
  price: MajorUnits,
  total: MajorUnits,
  fulfilledQuantity: z.number().int(),
  refundedQuantity: z.number().int(),
  /** Units still to ship: quantity − fulfilled − refunded, never below 0. */
  fulfillableQuantity: z.number().int(),
  /** Units that can still be refunded: quantity − refunded. */
  refundableQuantity: z.number().int(),
});
export type OrderLineItem = z.infer<typeof OrderLineItem>;

/** A shipment. */
export const OrderFulfillment = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  lines: z.array(z.object({ lineId: z.number().int(), quantity: z.number().int() })),
});

/** A refund. */
export const OrderRefund = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  amount: MajorUnits,
  reason: z.string(),
  lines: z.array(z.object({ lineId: z.number().int(), quantity: z.number().int(), restock: z.boolean() })),
});

/** One entry of the order's timeline, newest first. `author` null = the system or the shopper. */
export const OrderTimelineEntry = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderTimelineEntry = z.infer<typeof OrderTimelineEntry>;

/** An address as orders and customers show it. */
export const Address = z.object({
  name: z.string(),
  address1: z.string(),
  city: z.string(),
  zip: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type Address = z.infer<typeof Address>;

/** GET /api/orders/{id} answer, and the answer of every order action. */
export const OrderDetail = OrderRow.extend({
  lineItems: z.array(OrderLineItem),
  subtotal: MajorUnits,
  discount: MajorUnits,
  discountCodes: z.array(z.string()),
  shipping: MajorUnits,
  tax: MajorUnits,
  refunded: MajorUnits,
  /** Total − refunded: what the shop keeps. */
  netPayment: MajorUnits,
  /** What can still be refunded: captured money − refunded (0 unless the order was paid). */
  refundable: MajorUnits,
  customer: OrderCustomer.extend({ phone: z.string(), ordersCount: z.number().int() }),
  shippingAddress: Address.nullable(),
  payment: z.object({ name: z.string(), cardType: z.string().nullable(), label: z.string() }),
  capturedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  note: z.string(),
  fulfillments: z.array(OrderFulfillment),
  refunds: z.array(OrderRefund),
  timeline: z.array(OrderTimelineEntry),
  /**
   * Print files of the order's personalised design lines (issue 19): one render per line, queued when the order was
   * paid, with the shopper's values in it; `files` (PNG per area, book PDFs) once `status` is done.
   */
  printFiles: z.array(
    z.object({
      renderId: z.uuid(),
      lineItemId: z.number().int(),
      status: z.enum(['queued', 'running', 'done', 'failed']),
      files: z.array(z.object({ name: z.string(), url: z.string(), contentType: z.string() })),
    }),
  ),
}).meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof OrderDetail>;

const LineId = z.number({ message: 'id must be a line item id' }).int('id must be a line item id').min(1, 'id must be a line item id');
const Quantity = z
  .number({ message: 'quantity must be a whole number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be 1 or more');

/** POST /api/orders/{id}/fulfillments body: lineItems omitted = every unit still to ship. */
export const FulfillmentBody = z
  .object({
    lineItems: z
      .array(z.object({ id: LineId, quantity: Quantity }))
      .min(1, 'choose at least one item')
      .max(500)
      .optional(),
    trackingNumber: z.string().trim().max(100, 'trackingNumber must be at most 100 characters').optional(),
    carrier: z.string().trim().max(100, 'carrier must be at most 100 characters').optional(),
    trackingUrl: z
      .url({ protocol: /^https?$/, message: 'trackingUrl must be an http(s) address' })
      .max(2000)
      .optional(),
    notifyCustomer: z.boolean().default(true),
  })
  .meta({ id: 'FulfillmentBody' });
export type FulfillmentBody = z.input<typeof FulfillmentBody>;

/** A money amount the merchant types, major units, at most 2 decimals. */
const AmountInput = z
  .number({ message: 'amount must be a number' })
  .min(0, 'amount must be 0 or more')
  .max(10_000_000, 'amount is too large')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'amount must have at most 2 decimals');

/**
 * POST /api/orders/{id}/refunds body: line items removed from the order (restock: back to stock) and/or an
 * `amount` in major units (when omitted, the lines' prices net of the order's discount). Never more than refundable.
 */
export const RefundBody = z
  .object({
    lineItems: z
      .array(z.object({ id: LineId, quantity: Quantity, restock: z.boolean().default(false) }))
      .max(500)
      .default([]),
    amount: AmountInput.optional(),
    reason: z.string().trim().max(500, 'reason must be at most 500 characters').default(''),
    notify: z.boolean().default(false),
  })
  .refine((b) => b.lineItems.length > 0 || b.amount !== undefined, { message: 'choose items or an amount to refund', path: ['lineItems'] })
  .meta({ id: 'RefundBody' });
export type RefundBody = z.input<typeof RefundBody>;

/** POST /api/orders/{id}/cancel body: Shopify's reason; refund what was captured and restock what was not shipped. */
export const CancelBody = z
  .object({
    reason: CancelReason,
    refund: z.boolean().default(true),
    restock: z.boolean().default(true),
    notifyCustomer: z.boolean().default(false),
  })
  .meta({ id: 'CancelBody' });
export type CancelBody = z.input<typeof CancelBody>;

const Tags = z
  .array(z.string().trim().min(1, 'a tag cannot be empty').max(40, 'a tag must be at most 40 characters'))
  .max(TAGS_MAX_COUNT, `at most ${TAGS_MAX_COUNT} tags`);

/** PATCH /api/orders/{id} and PATCH /api/customers/{id} body: the note and/or the tags. */
export const NoteTagsBody = z
  .object({ note: z.string().max(NOTE_MAX_LENGTH, `note must be at most ${NOTE_MAX_LENGTH} characters`).optional(), tags: Tags.optional() })
  .refine((b) => b.note !== undefined || b.tags !== undefined, { message: 'send a note or tags', path: ['note'] })
  .meta({ id: 'NoteTagsBody' });
export type NoteTagsBody = z.input<typeof NoteTagsBody>;

/** Query bounds (bounds.ts, issue 29 item 4): a count 0…2^31−1; money 0…10^12 major units. */
const Count = (field: string) => queryNumber(field);
const Money = (field: string) => queryNumber(field, { int: false, max: QUERY_MONEY_MAX });

/** Filters shared by GET /api/customers and its export: search, orders count, amount spent (major units), created days. */
const CustomerFilters = z.object({
  search: Search.meta({ description: 'Name or e-mail, case-insensitive.' }),
  ordersMin: Count('ordersMin').optional(),
  ordersMax: Count('ordersMax').optional(),
  spentMin: Money('spentMin').optional(),
  spentMax: Money('spentMax').optional(),
  createdFrom: LocalDay('createdFrom').optional(),
  createdTo: LocalDay('createdTo').optional(),
  sort: z.enum(CUSTOMER_SORTS).default('created_desc'),
});

/** GET /api/customers query. */
export const CustomerListQuery = CustomerFilters.extend({ page: Page, limit: Limit(CUSTOMERS_PAGE_SIZE) });
export type CustomerListQuery = z.input<typeof CustomerListQuery>;
/** GET /api/customers/export query. */
export const CustomerExportQuery = CustomerFilters;

/** One row of the Customers list. Orders count: all the customer's orders; amount spent: paid orders net of refunds. */
export const CustomerRow = z
  .object({
    id: z.uuid(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    location: z.string(),
    ordersCount: z.number().int(),
    totalSpent: MajorUnits,
    currency: z.string(),
    lastOrderAt: z.string().nullable(),
    createdAt: z.string(),
    tags: z.array(z.string()),
  })
  .meta({ id: 'CustomerRow' });
export type CustomerRow = z.infer<typeof CustomerRow>;

/** GET /api/customers answer. */
export const CustomerListResponse = z
  .object({ customers: z.array(CustomerRow), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'CustomerList' });
export type CustomerListResponse = z.infer<typeof CustomerListResponse>;

/** GET /api/customers/{id} answer: the row, note, addresses and the customer's orders (newest first, at most 100). */
export const CustomerDetail = CustomerRow.extend({
  note: z.string(),
  addresses: z.array(Address),
  averageOrder: MajorUnits,
  orders: z.array(OrderRow),
}).meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof CustomerDetail>;
