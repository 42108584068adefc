import {
  type Address,
  type CustomerDetail,
  CustomerExportQuery,
  type CustomerListQuery,
  type CustomerListResponse,
  CustomerListQuery as CustomerListSchema,
  type CustomerRow,
  type NoteTagsBody,
  type OrderRow,
} from '@backroom/contracts';
import type { z } from 'zod';
import { type Db, rows, sql } from '../../db/client.js';
import { toCsv } from '../../lib/csv-export.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { averageMajorFromCents, centsFromMajor, isPaidOrder, majorFromCents, netSalesCents } from '../../lib/money.js';
import { storeTimezone } from '../../lib/store-timezone.js';

/**
 * Customers of a store (issue 12 item 4; spec §2 website.customer). Orders count = every order of the customer;
 * amount spent = their paid orders' sales net of refunds (lib/money.ts, the rule the dashboard uses).
 */

interface CustomerRecord {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  note: string;
  tags: string[];
  addresses: unknown;
  created_at: Date | string;
  orders_count: number;
  spent_cents: number;
  last_order_at: Date | string | null;
  currency: string | null;
  last_address: unknown;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

interface StoredAddress {
  firstName?: string;
  lastName?: string;
  name?: string;
  address1?: string;
  city?: string;
  zip?: string;
  country?: string;
  phone?: string;
}

function addressOf(a: StoredAddress, fallbackName: string): Address {
  return {
    name: a.name ?? ([a.firstName, a.lastName].filter(Boolean).join(' ') || fallbackName),
    address1: a.address1 ?? '',
    city: a.city ?? '',
    zip: a.zip ?? '',
    country: a.country ?? '',
    phone: a.phone ?? '',
  };
}

/** The customer's addresses: their own, else the shipping address of their latest order. */
function addressesOf(c: CustomerRecord): Address[] {
  const name = `${c.first_name} ${c.last_name}`.trim();
  const own = Array.isArray(c.addresses) ? (c.addresses as StoredAddress[]).map((a) => addressOf(a, name)) : [];
  if (own.length) return own;
  const last = (c.last_address as { address?: StoredAddress; phone?: string } | null) ?? null;
  return last?.address ? [addressOf({ ...last.address, phone: last.address.phone ?? last.phone }, name)] : [];
}

function toRow(c: CustomerRecord): CustomerRow {
  const first = addressesOf(c)[0];
  return {
    id: c.id,
    name: `${c.first_name} ${c.last_name}`.trim() || c.email,
    firstName: c.first_name,
    lastName: c.last_name,
    email: c.email,
    phone: c.phone,
    location: first ? [first.city, first.country].filter(Boolean).join(', ') : '',
    ordersCount: Number(c.orders_count),
    totalSpent: majorFromCents(Number(c.spent_cents)),
    currency: c.currency ?? 'USD',
    lastOrderAt: iso(c.last_order_at),
    createdAt: iso(c.created_at)!,
    tags: c.tags ?? [],
  };
}

/** One query for customers with their order figures (per-customer aggregate over the store's orders). */
const BASE = (storeId: string) => sql`
  with agg as (
    select o.customer_id, count(*)::int as orders_count,
           coalesce(sum(${netSalesCents('o')}) filter (where ${isPaidOrder('o')}), 0)::bigint as spent_cents,
           max(o.created_at) as last_order_at, max(o.currency) as currency,
           (array_agg(o.customer_info -> 0 order by o.created_at desc))[1] as last_address
    from orders o where o.store_id = ${storeId}::uuid and o.customer_id is not null
    group by o.customer_id)
  select c.id, c.email, c.first_name, c.last_name, c.phone, c.note, c.tags, c.addresses, c.created_at,
         coalesce(a.orders_count, 0) as orders_count, coalesce(a.spent_cents, 0) as spent_cents, a.last_order_at, a.currency,
         a.last_address
  from customers c left join agg a on a.customer_id = c.id
  where c.store_id = ${storeId}::uuid`;

const SORT: Record<string, string> = {
  created_desc: 'c.created_at desc, c.id',
  created_asc: 'c.created_at asc, c.id',
  spent_desc: 'spent_cents desc, c.created_at desc',
  orders_desc: 'orders_count desc, c.created_at desc',
  name_asc: 'lower(c.first_name || c.last_name) asc, c.email',
  last_order_desc: 'a.last_order_at desc nulls last, c.created_at desc',
};

function filters(q: z.output<typeof CustomerExportQuery>, tz: string) {
  const conds = [];
  if (q.search) {
    const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(c.email ilike ${pattern} or (c.first_name || ' ' || c.last_name) ilike ${pattern})`);
  }
  if (q.ordersMin !== undefined && q.ordersMax !== undefined && q.ordersMin > q.ordersMax)
    throw badRequest('ordersMin: must not be above ordersMax');
  if (q.spentMin !== undefined && q.spentMax !== undefined && q.spentMin > q.spentMax)
    throw badRequest('spentMin: must not be above spentMax');
  if (q.createdFrom && q.createdTo && q.createdFrom > q.createdTo) throw badRequest('createdFrom: must not be after createdTo');
  if (q.ordersMin !== undefined) conds.push(sql`coalesce(a.orders_count, 0) >= ${q.ordersMin}`);
  if (q.ordersMax !== undefined) conds.push(sql`coalesce(a.orders_count, 0) <= ${q.ordersMax}`);
  if (q.spentMin !== undefined) conds.push(sql`coalesce(a.spent_cents, 0) >= ${centsFromMajor(q.spentMin)}`);
  if (q.spentMax !== undefined) conds.push(sql`coalesce(a.spent_cents, 0) <= ${centsFromMajor(q.spentMax)}`);
  if (q.createdFrom) conds.push(sql`c.created_at >= ((${q.createdFrom}::date)::timestamp at time zone ${tz})`);
  if (q.createdTo) conds.push(sql`c.created_at < ((${q.createdTo}::date + 1)::timestamp at time zone ${tz})`);
  return conds.length ? sql` and ${sql.join(conds, sql` and `)}` : sql``;
}

/**
 * GET /api/customers (issue 12 item 4): a page of customers matching search (name or e-mail), orders count and
 * amount spent bounds (major units) and created days (store timezone), with the total. 400 on inverted bounds.
 */
export async function listCustomers(db: Db, storeId: string, query: CustomerListQuery): Promise<CustomerListResponse> {
  const q = CustomerListSchema.parse(query);
  const where = filters(q, await storeTimezone(db, storeId));
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from (${BASE(storeId)}${where}) x`);
  const list = await rows<CustomerRecord>(
    db,
    sql`${BASE(storeId)}${where} order by ${sql.raw(SORT[q.sort]!)} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { customers: list.map(toRow), total: Number(n?.n ?? 0), page: q.page, limit: q.limit };
}

async function loadCustomer(db: Db, storeId: string, id: string): Promise<CustomerRecord> {
  const [c] = await rows<CustomerRecord>(db, sql`${BASE(storeId)} and c.id = ${id}::uuid`);
  if (!c) throw notFound('Customer');
  return c;
}

/**
 * GET /api/customers/{id} (issue 12 item 4): the row, note, tags, addresses, average order value (net sales of
 * paid orders / paid orders) and the customer's orders, newest first (at most 100). 404 when absent or foreign.
 */
export async function getCustomer(db: Db, storeId: string, id: string): Promise<CustomerDetail> {
  const c = await loadCustomer(db, storeId, id);
  const orders = await rows<{
    id: string;
    order_number: number;
    order_name: string;
    created_at: Date | string;
    customer_info: unknown;
    grand_total_cents: number;
    currency: string;
    financial_status: string;
    fulfillment_status: string;
    payment_name: string;
    payment_source: unknown;
    line_items: unknown;
    tags: string[];
    source_name: string;
    cancelled_at: Date | string | null;
    closed_at: Date | string | null;
    paid: boolean;
    net: number;
  }>(
    db,
    sql`select o.id, o.order_number, o.order_name, o.created_at, o.customer_info, o.grand_total_cents, o.currency, o.financial_status,
               o.fulfillment_status, o.payment_name, o.payment_source, o.line_items, o.tags, o.source_name, o.cancelled_at, o.closed_at,
               ${isPaidOrder('o')} as paid, ${netSalesCents('o')} as net
        from orders o where o.store_id = ${storeId}::uuid and o.customer_id = ${id}::uuid
        order by o.created_at desc limit 100`,
  );
  const paidCount = orders.filter((o) => o.paid).length;
  const rowsOut: OrderRow[] = orders.map((o) => {
    const info = (Array.isArray(o.customer_info) ? o.customer_info[0] : {}) as { full_name?: string; email?: string };
    const card = (o.payment_source as { card?: { type?: string } } | null)?.card?.type;
    return {
      id: o.id,
      orderNumber: o.order_number,
      orderName: o.order_name,
      createdAt: iso(o.created_at)!,
      customer: { id, name: info.full_name ?? '', email: info.email ?? '' },
      total: majorFromCents(o.grand_total_cents),
      currency: o.currency,
      financialStatus: o.financial_status,
      fulfillmentStatus: o.fulfillment_status,
      paymentName: o.payment_name,
      paymentLabel: card ? 'Credit/Debit Card' : o.payment_name,
      itemsCount: (Array.isArray(o.line_items) ? (o.line_items as { quantity?: number }[]) : []).reduce(
        (n, l) => n + (Number(l.quantity) || 0),
        0,
      ),
      tags: o.tags ?? [],
      sourceName: o.source_name,
      cancelledAt: iso(o.cancelled_at),
      closedAt: iso(o.closed_at),
    };
  });
  return {
    ...toRow(c),
    note: c.note,
    addresses: addressesOf(c),
    averageOrder: averageMajorFromCents(Number(c.spent_cents), paidCount),
    orders: rowsOut,
  };
}

/** PATCH /api/customers/{id}: sets the note and/or tags (deduplicated). 404 when absent or foreign. */
export async function updateCustomerNoteTags(db: Db, storeId: string, id: string, body: NoteTagsBody): Promise<CustomerDetail> {
  await loadCustomer(db, storeId, id);
  if (body.note !== undefined) await db.execute(sql`update customers set note = ${body.note}, updated_at = now() where id = ${id}::uuid`);
  if (body.tags !== undefined) {
    const tags = [...new Set(body.tags.map((x) => x.trim()))];
    await db.execute(
      sql`update customers set tags = ${`{${tags.map((x) => `"${x.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`}::text[], updated_at = now() where id = ${id}::uuid`,
    );
  }
  return getCustomer(db, storeId, id);
}

/** The columns of Shopify's customer export CSV, in its order. */
export const CUSTOMER_EXPORT_COLUMNS = [
  'Customer ID',
  'First Name',
  'Last Name',
  'Email',
  'Accepts Email Marketing',
  'Default Address Company',
  'Default Address Address1',
  'Default Address Address2',
  'Default Address City',
  'Default Address Province Code',
  'Default Address Country Code',
  'Default Address Zip',
  'Default Address Phone',
  'Phone',
  'Accepts SMS Marketing',
  'Total Spent',
  'Total Orders',
  'Note',
  'Tax Exempt',
  'Tags',
] as const;

/**
 * GET /api/customers/export (issue 12 item 4): every customer matching the filters as Shopify's customer export
 * CSV (lib/csv-export.ts: formula-safe text cells); Total Spent in major units with 2 decimals.
 */
export async function exportCustomersCsv(db: Db, storeId: string, query: z.input<typeof CustomerExportQuery>): Promise<string> {
  const q = CustomerExportQuery.parse(query);
  const where = filters(q, await storeTimezone(db, storeId));
  const list = await rows<CustomerRecord>(db, sql`${BASE(storeId)}${where} order by ${sql.raw(SORT[q.sort]!)}`);
  const out = list.map((c) => {
    const a = addressesOf(c)[0];
    const row: Record<(typeof CUSTOMER_EXPORT_COLUMNS)[number], string> = {
      'Customer ID': c.id,
      'First Name': c.first_name,
      'Last Name': c.last_name,
      Email: c.email,
      'Accepts Email Marketing': 'no',
      'Default Address Company': '',
      'Default Address Address1': a?.address1 ?? '',
      'Default Address Address2': '',
      'Default Address City': a?.city ?? '',
      'Default Address Province Code': '',
      'Default Address Country Code': a?.country ?? '',
      'Default Address Zip': a?.zip ?? '',
      'Default Address Phone': a?.phone ?? '',
      Phone: c.phone,
      'Accepts SMS Marketing': 'no',
      'Total Spent': (Number(c.spent_cents) / 100).toFixed(2),
      'Total Orders': String(c.orders_count),
      Note: c.note,
      'Tax Exempt': 'no',
      Tags: (c.tags ?? []).join(', '),
    };
    return CUSTOMER_EXPORT_COLUMNS.map((k) => row[k]);
  });
  return toCsv(out, CUSTOMER_EXPORT_COLUMNS);
}
