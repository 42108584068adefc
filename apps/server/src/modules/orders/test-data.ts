import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';

/** A product with one variant per entry of `variants` (price in cents, stock), for order tests. */
export async function makeProduct(
  db: Db,
  storeId: string,
  o: { title: string; optionNames?: string[]; variants: { option1: string; priceCents: number; stock: number }[] },
): Promise<{ productId: string; variantIds: string[] }> {
  const [p] = await rows<{ id: string }>(
    db,
    sql`insert into products (store_id, handle, title, option_names)
        values (${storeId}::uuid, ${o.title.toLowerCase().replace(/\W+/g, '-')}, ${o.title}, ${`{${(o.optionNames ?? ['Size']).join(',')}}`}::text[])
        returning id`,
  );
  const variantIds: string[] = [];
  for (const [i, v] of o.variants.entries()) {
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into product_variants (store_id, product_id, position, sku, option1, price_cents, inventory_qty)
          values (${storeId}::uuid, ${p!.id}::uuid, ${i + 1}, ${`SKU-${i + 1}`}, ${v.option1}, ${v.priceCents}, ${v.stock}) returning id`,
    );
    variantIds.push(row!.id);
  }
  return { productId: p!.id, variantIds };
}

/** One line as the checkout writes it. */
export interface TestLine {
  productId?: string;
  variantId?: string;
  title: string;
  variantTitle?: string;
  quantity: number;
  priceCents: number;
  properties?: { name: string; value: string }[];
}

/**
 * Inserts an order as the storefront checkout writes it (lines snapshot, customer info with address, totals in
 * cents: grand = subtotal − discount + shipping). Numbered after the store's highest order number.
 */
export async function makeOrder(
  db: Db,
  storeId: string,
  o: {
    lines: TestLine[];
    financialStatus?: string;
    shippingCents?: number;
    discountCents?: number;
    createdAt?: Date;
    email?: string;
    name?: string;
    customerId?: string | null;
    paymentName?: string;
    card?: string | null;
    sourceName?: string;
  },
): Promise<{ id: string; orderName: string; grandTotalCents: number }> {
  const [m] = await rows<{ n: number }>(
    db,
    sql`select coalesce(max(order_number), 1000)::int as n from orders where store_id = ${storeId}::uuid`,
  );
  const num = Number(m!.n) + 1;
  const subtotal = o.lines.reduce((s, l) => s + l.priceCents * l.quantity, 0);
  const discount = o.discountCents ?? 0;
  const shipping = o.shippingCents ?? 0;
  const total = subtotal - discount + shipping;
  const financial = o.financialStatus ?? 'paid';
  const at = (o.createdAt ?? new Date()).toISOString();
  const lines = o.lines.map((l) => ({
    productId: l.productId ?? null,
    variantId: l.variantId ?? null,
    handle: l.title.toLowerCase(),
    title: l.title,
    variantTitle: l.variantTitle ?? '',
    sku: '',
    quantity: l.quantity,
    priceCents: l.priceCents,
    imageSrc: null,
    properties: l.properties ?? [],
  }));
  const info = [
    {
      full_name: o.name ?? 'Ada Buyer',
      email: o.email ?? 'ada@example.test',
      phone: '+1 555 0100',
      address: { address1: '1 Main St', city: 'Springfield', zip: '12345', country: 'United States' },
    },
  ];
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into orders (store_id, order_number, order_name, customer_id, customer_info, subtotal_cents, discount_cents, shipping_cents,
                            grand_total_cents, financial_status, payment_name, payment_source, source_name, line_items, captured_date, created_at)
        values (${storeId}::uuid, ${num}, ${`#${num}`}, ${o.customerId ?? null}::uuid, ${JSON.stringify(info)}::jsonb, ${subtotal}, ${discount},
                ${shipping}, ${total}, ${financial}, ${o.paymentName ?? 'Stripe'},
                ${o.card === null ? null : JSON.stringify({ card: { type: o.card ?? 'visa' } })}::jsonb, ${o.sourceName ?? 'online_store'},
                ${JSON.stringify(lines)}::jsonb, ${financial === 'paid' ? at : null}::timestamptz, ${at}::timestamptz)
        returning id`,
  );
  return { id: row!.id, orderName: `#${num}`, grandTotalCents: total };
}

/** A variant's stock. */
export async function stockOf(db: Db, variantId: string): Promise<number> {
  const [r] = await rows<{ q: number }>(db, sql`select inventory_qty as q from product_variants where id = ${variantId}::uuid`);
  return Number(r!.q);
}
