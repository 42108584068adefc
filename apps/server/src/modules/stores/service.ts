import { DEFAULT_TIMEZONE } from '@backroom/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { domains, storeMemberships, storePreferences, stores } from '../../db/schema/index.js';
import { storefrontUrl, systemDomain } from '../../lib/domains.js';

/**
 * The shops a user belongs to, oldest membership first, each with its system domain and public domain
 * (a connected custom domain when there is one). Shapes: contracts StoreSummary.
 */
export async function listUserStores(db: Db, config: Config, userId: string) {
  const rows = await db
    .select({ id: stores.id, name: stores.name, handle: stores.handle, currency: stores.currency })
    .from(storeMemberships)
    .innerJoin(stores, eq(stores.id, storeMemberships.storeId))
    .where(eq(storeMemberships.userId, userId))
    .orderBy(asc(storeMemberships.createdAt), asc(stores.name));
  const ids = rows.map((r) => r.id);
  const custom = ids.length ? await db.select().from(domains).where(inArray(domains.storeId, ids)) : [];
  return rows.map((r) => {
    const domain = systemDomain(config, r.handle);
    const rDomain = custom.find((d) => d.storeId === r.id && d.domainType !== 'SystemDefault')?.host ?? domain;
    return { ...r, domain, rDomain, url: storefrontUrl(config, domain) };
  });
}

/** The page preference of spec §3 for one store (defaults filled when no row exists). */
export async function getPreference(db: Db, storeId: string) {
  const [row] = await db
    .select({ p: storePreferences, name: stores.name })
    .from(stores)
    .leftJoin(storePreferences, eq(storePreferences.storeId, stores.id))
    .where(eq(stores.id, storeId));
  const p = row?.p;
  return {
    businessType: p?.businessType ?? 'other',
    paymentChoice: { type: p?.paymentChoiceType ?? 'seller' },
    standardTimezone: p?.standardTimezone ?? DEFAULT_TIMEZONE,
    storeFrontDefaultTheme: p?.storeFrontDefaultTheme ?? null,
    storeDetail: { name: row?.name ?? '' },
  };
}
