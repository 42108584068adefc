import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './core.js';

/**
 * An ad network pixel of a shop (issue 17 item 6, route website.pixel.sharePixel): `network` meta | tiktok | google;
 * `pixelId` is the Meta pixel ID, the TikTok pixel ID or the GA4 measurement ID (G-…). Google Ads conversions add
 * `adsConversionId` (AW-…) and `adsConversionLabel`. `accessTokenSealed` is Meta's Conversions API token encrypted
 * with lib/secrets.ts (purpose 'pixel-access-token'), never answered. `sharedWith` lists other shops of the same
 * owner where the pixel fires too (read-only there).
 */
export const pixels = pgTable(
  'pixels',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    pixelId: text('pixel_id').notNull(),
    accessTokenSealed: text('access_token_sealed'),
    adsConversionId: text('ads_conversion_id'),
    adsConversionLabel: text('ads_conversion_label'),
    sharedWith: uuid('shared_with').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pixels_store_network_pixel').on(t.storeId, t.network, t.pixelId),
    index('pixels_shared_with').using('gin', t.sharedWith),
  ],
);
