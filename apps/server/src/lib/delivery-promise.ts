import { type DeliveryPromise, deliveryPromise, deliveryTimesOf, localDate } from '@backroom/contracts';
import { type Db, rows, sql } from '../../db/client.js';
import { storeTimezone } from '../../lib/store-timezone.js';
import { publishedTheme } from './bootstrap.js';

/**
 * The shop days of an order's delivery promise (issue 31 item 1), on the shop's calendar (its time zone
 * preference): `placedOn` the day it was placed, `shippedOn` the day of its first fulfilment (null while none).
 */
export async function orderDays(
  db: Db,
  storeId: string,
  orderId: string,
  createdAt: Date,
): Promise<{ placedOn: string; shippedOn: string | null }> {
  const [zone, [f]] = await Promise.all([
    storeTimezone(db, storeId),
    rows<{ at: Date | string | null }>(
      db,
      sql`select min(created_at) as at from order_fulfillments where store_id = ${storeId}::uuid and order_id = ${orderId}::uuid`,
    ),
  ]);
  return { placedOn: localDate(createdAt, zone), shippedOn: f?.at ? localDate(new Date(f.at), zone) : null };
}

/**
 * The delivery promise of an order as every page and the order e-mail state it (contracts' delivery.ts): its shop
 * days and the published theme's production and shipping times.
 */
export async function orderPromise(db: Db, storeId: string, orderId: string, createdAt: Date): Promise<DeliveryPromise> {
  const [days, theme] = await Promise.all([orderDays(db, storeId, orderId, createdAt), publishedTheme(db, storeId)]);
  return deliveryPromise({ ...days, times: deliveryTimesOf(theme?.config) });
}
