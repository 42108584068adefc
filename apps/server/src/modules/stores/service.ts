import {
  StorePreferencesBody as BodySchema,
  DEFAULT_TIMEZONE,
  type StorePreferences,
  type StorePreferencesBody,
} from '@backroom/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rows } from '../../db/client.js';
import { domains, storeMemberships, storePreferences, stores, themes } from '../../db/schema/index.js';
import { storefrontUrl, systemDomain } from '../../lib/domains.js';
import { badRequest } from '../../lib/errors.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { publishTheme } from '../themes/index.js';

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
    // The public domain is the verified primary custom domain (issue 11 item 1), else the system domain.
    const rDomain =
      custom.find((d) => d.storeId === r.id && d.domainType !== 'SystemDefault' && d.isPrimary && d.status === 'verified')?.host ?? domain;
    return { ...r, domain, rDomain, url: storefrontUrl(config, rDomain) };
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

/**
 * The Preferences screen's values (GET /api/stores/preferences; spec §3 Page preference, §1 homeHtml): store name,
 * timezone, business type, payment choice, the published theme's id, the home block, and the shop's themes to
 * choose from. Defaults fill a store without a preferences row.
 */
export async function getStorePreferences(db: Db, storeId: string): Promise<StorePreferences> {
  const [row] = await db
    .select({ p: storePreferences, name: stores.name })
    .from(stores)
    .leftJoin(storePreferences, eq(storePreferences.storeId, stores.id))
    .where(eq(stores.id, storeId));
  const list = await db
    .select({ id: themes.id, name: themes.name, type: themes.type, published: themes.published })
    .from(themes)
    .where(eq(themes.storeId, storeId))
    .orderBy(asc(themes.createdAt), asc(themes.name));
  const p = row?.p;
  return {
    storeName: row?.name ?? '',
    standardTimezone: p?.standardTimezone ?? DEFAULT_TIMEZONE,
    businessType: p?.businessType === 'dropship' ? 'dropship' : 'other',
    paymentChoice: { type: (['seller', 'latte', 'other'] as const).find((x) => x === p?.paymentChoiceType) ?? 'seller' },
    storeFrontDefaultTheme: list.find((t) => t.published)?.id ?? null,
    homeHtml: p?.homeHtml ?? '',
    cookieConsentBanner: p?.cookieConsentBanner ?? false,
    themes: list,
  };
}

/**
 * Saves the Preferences screen (PUT /api/stores/preferences): the store name, timezone (IANA), business type (the
 * admin menu follows: Personalized Product is hidden for dropship, spec §2), payment choice, the home dashboard's
 * HTML block (sanitised with sanitize-html here, and again where it is shown), the storefront's cookie-consent banner
 * (issue 17 item 6; omitted = unchanged), and — when `storeFrontDefaultTheme`
 * names another theme of the shop — publishes that theme. 400 `body.storeFrontDefaultTheme: …` for a theme that is
 * not the shop's.
 */
export async function saveStorePreferences(db: Db, storeId: string, input: StorePreferencesBody): Promise<StorePreferences> {
  const b = BodySchema.parse(input);
  const current = await getStorePreferences(db, storeId);
  if (b.storeFrontDefaultTheme && !current.themes.some((t) => t.id === b.storeFrontDefaultTheme)) {
    throw badRequest('body.storeFrontDefaultTheme: not a theme of this store');
  }
  // The reports' roll-up triggers read the shop's day in PostgreSQL (`at time zone`): a zone Node knows but this
  // PostgreSQL's time-zone data does not (a newer or older tzdata) would make every later order write of the shop fail.
  if (b.standardTimezone !== current.standardTimezone) {
    const [known] = await rows<{ ok: boolean }>(
      db,
      sql`select exists (select 1 from pg_timezone_names where name = ${b.standardTimezone}) as ok`,
    );
    if (!known?.ok) throw badRequest(`body.standardTimezone: ${b.standardTimezone} is not a time zone this database knows; choose another`);
  }
  const values = {
    standardTimezone: b.standardTimezone,
    businessType: b.businessType,
    paymentChoiceType: b.paymentChoice.type,
    homeHtml: sanitizeMerchantHtml(b.homeHtml),
    ...(b.cookieConsentBanner === undefined ? {} : { cookieConsentBanner: b.cookieConsentBanner }),
  };
  await db.transaction(async (tx) => {
    await tx.update(stores).set({ name: b.storeName }).where(eq(stores.id, storeId));
    await tx
      .insert(storePreferences)
      .values({ storeId, ...values })
      .onConflictDoUpdate({ target: storePreferences.storeId, set: values });
  });
  if (b.storeFrontDefaultTheme && b.storeFrontDefaultTheme !== current.storeFrontDefaultTheme)
    await publishTheme(db, storeId, b.storeFrontDefaultTheme);
  return getStorePreferences(db, storeId);
}
