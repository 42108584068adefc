import { type DeliveryPromise, deliveryPromise, deliveryTimesOf, localDate } from '@backroom/contracts';
import { fillDefaults, type ThemeType } from '@backroom/theme';
import { type Db, rows, sql } from '../db/client.js';
import { storeTimezone } from './store-timezone.js';

/**
 * The shop days of an order's delivery promise (issue 31 item 1), on the shop's calendar (its time zone
 * preference): `placedOn` the day it was placed, `shippedOn` the day of its first fulfilment (null while none).
 * Used by the storefront order (thank-you page) and, through `orderPromise`, the order e-mail.
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
 * days and the production and shipping times of the store's published theme (newest config, filled with defaults
 * as the storefront boot fills it; the defaults when the store has none).
 */
export async function orderPromise(db: Db, storeId: string, orderId: string, createdAt: Date): Promise<DeliveryPromise> {
  const [days, [theme]] = await Promise.all([
    orderDays(db, storeId, orderId, createdAt),
    rows<{ type: string; config: unknown }>(
      db,
      sql`select t.type, c.config from themes t join theme_configs c on c.theme_id = t.id
          where t.store_id = ${storeId}::uuid and t.published order by c.version desc limit 1`,
    ),
  ]);
  const config = theme ? fillDefaults(theme.config, theme.type as ThemeType) : undefined;
  return deliveryPromise({ ...days, times: deliveryTimesOf(config) });
}
