import { DEFAULT_TIMEZONE } from '@backroom/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.js';

/**
 * A store's IANA timezone: its page preference `standardTimezone` (spec admin-dashboard §3), or `DEFAULT_TIMEZONE`
 * (America/Los_Angeles, spec §9) when the store has no preferences row. The one lookup every module uses to turn
 * shop-local dates (YYYY-MM-DD filters, day buckets) into instants.
 */
export async function storeTimezone(db: Db, storeId: string): Promise<string> {
  const [p] = await rows<{ tz: string }>(db, sql`select standard_timezone as tz from store_preferences where store_id = ${storeId}::uuid`);
  return p?.tz || DEFAULT_TIMEZONE;
}
