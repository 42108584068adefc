import { addDaysToDate, instantOfLocal, localParts } from '@backroom/contracts';
import { inArray } from 'drizzle-orm';
import type { Config } from '../config.js';
import { type Db, rows, sql } from '../db/client.js';
import {
  collectionProducts,
  collections,
  domains,
  productImages,
  products,
  productVariants,
  storeMemberships,
  storePreferences,
  stores,
  upsellOffers,
  users,
} from '../db/schema/index.js';
import { storefrontUrl, systemDomain } from '../lib/domains.js';
import { PAID_FINANCIAL_STATUSES } from '../lib/money.js';
import { hashPassword } from '../lib/passwords.js';
import { sealSecret } from '../lib/secrets.js';
import { seedDemoThemes } from '../modules/themes/index.js';
import { buildCatalog, DEMO_SHOPS, type DemoCatalog, type DemoShopDef } from './catalog.js';
import { type DemoOrderActions, demoOrderActions } from './order-actions.js';
import { Random, randomId } from './random.js';
import { buildTimeline, drawInstants, type Timeline } from './timeline.js';
import {
  type DemoAttribution,
  demoCostCents,
  demoLandingPaths,
  insertAdSpend,
  insertVisitorsNow,
  orderAttribution,
  sessionAttributionSql,
} from './traffic.js';

/** The demo logins printed at start and listed in the README. */
export const DEMO_LOGINS = [
  { email: 'owner@demo.test', password: 'backroom-demo', role: 'owner of both demo shops' },
  { email: 'staff@demo.test', password: 'backroom-demo', role: 'staff: orders and products only' },
] as const;

/** Handles of the two demo shops. */
export const DEMO_SHOP_HANDLES = DEMO_SHOPS.map((s) => s.handle);
/** Orders over both demo shops when `--orders` is not given (about 65 a day for 92 days). */
export const DEFAULT_DEMO_ORDERS = 6000;
/** Seed of the PRNG when `--seed` is not given. */
export const DEFAULT_DEMO_SEED = 42;
/** Whole local days before today that carry orders (today is added: 92 days in all). */
export const DEMO_DAYS = 91;
/** Where the committed demo pictures are served (see catalog routes). */
export const DEMO_ASSETS_URL = '/demo-assets';
/** Storefront sessions that end in an order, overall (the rest drop off along the funnel). */
const CONVERSION = 0.027;
/** Share of all sessions that add to cart / reach checkout. */
const CART_RATE = 0.085;
const CHECKOUT_RATE = 0.045;

export interface SeedOptions {
  /** Total orders over the two demo shops (default 6000). */
  orders?: number;
  /** PRNG seed: the same seed gives the same data, times relative to now (default 42). */
  seed?: number;
  /** Delete the demo shops and logins first (otherwise an existing demo is an error). */
  reset?: boolean;
  /** "Now" in ms since epoch (default Date.now()); tests pin it. */
  now?: number;
  /** Storefront events per INSERT statement (default EVENT_ROWS_PER_STATEMENT); tests make it small to show that the
   * statement boundaries change no row and no roll-up. */
  eventsPerStatement?: number;
  log?: (m: string) => void;
}

/**
 * Getting paid for the owner's first shop (issue 10 item 5): two gateways of the provider's pool assigned to it
 * (the pool entries are shared and kept across `--reset`), a payout card (Visa •••• 4242; only brand and last 4, as
 * the API keeps them), a card payout config, and three payouts (paid, approved, pending) well inside its balance. The
 * second shop gets none of this, so the home dashboard's 'Notify' dialog can be seen there.
 */
async function insertGettingPaid(tx: Db, config: Config, storeId: string, now: number): Promise<void> {
  const pool = [
    { provider: 'stripe', displayName: 'Stripe US', accountId: 'acct_demo_us' },
    { provider: 'paypal', displayName: 'PayPal Global', accountId: 'demo-paypal-global' },
  ];
  const ids: string[] = [];
  for (const p of pool) {
    await rows(
      tx,
      sql`insert into payment_proxies (provider, display_name, account_id, credentials_enc)
          values (${p.provider}, ${p.displayName}, ${p.accountId}, ${sealSecret(config.jwtSecret, 'gateway-credentials', `demo-${p.accountId}`)})
          on conflict (provider, account_id) do nothing`,
    );
    const [row] = await rows<{ id: string }>(
      tx,
      sql`select id from payment_proxies where provider = ${p.provider} and account_id = ${p.accountId}`,
    );
    ids.push(row!.id);
  }
  for (const [i, id] of ids.entries())
    await rows(tx, sql`insert into store_proxies (store_id, proxy_id, position) values (${storeId}::uuid, ${id}::uuid, ${i})`);
  const [card] = await rows<{ id: string }>(
    tx,
    sql`insert into payout_cards (store_id, holder_name, brand, last4, exp_month, exp_year)
        values (${storeId}::uuid, 'Olivia Owner', 'Visa', '4242', 12, ${new Date(now).getUTCFullYear() + 3}) returning id`,
  );
  await rows(
    tx,
    sql`insert into payout_configs (store_id, method, card_id, minimum_cents, schedule)
        values (${storeId}::uuid, 'card', ${card!.id}::uuid, 5000, 'weekly')`,
  );
  const day = 86_400_000;
  for (const [cents, status, ago] of [
    [50_000, 'paid', 20],
    [25_000, 'approved', 6],
    [12_000, 'pending', 1],
  ] as const) {
    const at = new Date(now - ago * day).toISOString();
    await rows(
      tx,
      sql`insert into payout_requests (store_id, amount_cents, currency, status, method, destination, created_at, updated_at)
          values (${storeId}::uuid, ${cents}, 'USD', ${status}, 'card', 'Visa •••• 4242', ${at}::timestamptz, ${at}::timestamptz)`,
    );
  }
}

/** What seedDemo created, per shop. */
export interface SeedResult {
  storefronts: string[];
  shops: { id: string; handle: string; name: string; products: number; collections: number; orders: number; events: number }[];
  ms: number;
}

/** A version-4-shaped UUID drawn from the seeded PRNG, so ids repeat with the seed. */
function uuidFrom(r: Random): string {
  const h = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  const s =
    h(r.int(-0x80000000, 0x7fffffff)) +
    h(r.int(-0x80000000, 0x7fffffff)) +
    h(r.int(-0x80000000, 0x7fffffff)) +
    h(r.int(-0x80000000, 0x7fffffff));
  const variant = ((Number.parseInt(s[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

/** A PostgreSQL array literal of `values` (passed as ONE text parameter and cast, e.g. `::int[]`). */
export function pgArray(values: readonly (string | number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') out += String(v);
    else out += `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  }
  return `${out}}`;
}

const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Mateo',
  'Sophia',
  'Lucas',
  'Mia',
  'Ethan',
  'Aarav',
  'Priya',
  'Chen',
  'Yuki',
  'Fatima',
  'Omar',
  'Zara',
  'Leo',
  'Isla',
  'Hugo',
  'Amara',
  'Kofi',
  'Ines',
  'Diego',
  'Hana',
  'Jonas',
  'Maya',
  'Ravi',
  'Elena',
  'Samuel',
  'Nora',
  'Arjun',
  'Lina',
  'Felix',
  'Chloe',
  'Kai',
  'Sara',
  'Tomas',
  'Aisha',
  'Ben',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Nguyen',
  'Johnson',
  'Patel',
  'Kim',
  'Müller',
  'Rossi',
  'Martin',
  'Brown',
  'Sato',
  'Silva',
  'Khan',
  'Lopez',
  'Wilson',
  'Singh',
  'Dubois',
  'Cohen',
  'Okafor',
  'Andersen',
  'Novak',
  'Ibrahim',
  'Chen',
  'Walker',
  'Moreau',
  'Costa',
  'Yamamoto',
  'Sharma',
  'Taylor',
  "O'Brien",
];
const NOTES = ['Please gift wrap', 'Leave at the door', 'Birthday present, no invoice in the box', 'Call before delivery'];

/** The HTML block of the home dashboard (sanitised again when served). */
function homeHtml(config: Config, shop: DemoShopDef): string {
  const url = storefrontUrl(config, systemDomain(config, shop.handle));
  return [
    `<h2>Welcome to ${shop.name}</h2>`,
    '<p>This shop is filled with generated demo data, so every screen has something to show.</p>',
    '<ul>',
    '<li>Compare both demo shops in <strong>Analytics › Overview</strong>.</li>',
    '<li>Open orders waiting to be fulfilled are counted on this page.</li>',
    '<li>Try the theme editor: every change shows at once in the preview.</li>',
    '</ul>',
    `<p><a href="${url}" target="_blank">Open the storefront of ${shop.name}</a></p>`,
  ].join('\n');
}

/** True when the two demo shops exist. */
async function demoShops(db: Db) {
  return db.select({ id: stores.id, handle: stores.handle }).from(stores).where(inArray(stores.handle, DEMO_SHOP_HANDLES));
}

/**
 * Creates the demo data (issue "Demo store"): the owner and staff logins of DEMO_LOGINS, the shops `demo`
 * (Demo Fashion, America/Los_Angeles) and `demo-home` (Demo Home, Asia/Kolkata) with domains, preferences, 64
 * products each in 11 collections with committed pictures, `orders` orders (default 6000, 62 % / 38 %) over 92
 * local days up to `now` and storefront events consistent with them, then the demo themes. Deterministic for a
 * given `seed` (times are relative to `now`). Runs in ONE transaction: a crash leaves nothing half-made.
 * Throws when the demo shops exist and `reset` is not set; with `reset` deletes them (and the demo logins) first.
 * Orders and events go through plain INSERTs so triggers on those tables (analytics roll-ups) see every row.
 */
export async function seedDemo(db: Db, config: Config, opts: SeedOptions = {}): Promise<SeedResult> {
  const started = Date.now();
  const totalOrders = Math.max(0, Math.floor(opts.orders ?? DEFAULT_DEMO_ORDERS));
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const now = opts.now ?? Date.now();
  const log = opts.log ?? (() => {});
  const eventsPerStatement = Math.max(4, opts.eventsPerStatement ?? EVENT_ROWS_PER_STATEMENT);
  const [ownerHash, staffHash] = await Promise.all([hashPassword(DEMO_LOGINS[0].password), hashPassword(DEMO_LOGINS[1].password)]);
  const root = new Random(seed);
  const result: SeedResult = { storefronts: [], shops: [], ms: 0 };

  await db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    // PostgreSQL compiles every statement estimated above jit_above_cost with LLVM: the seed's statements run once
    // each (and the roll-up triggers' statements once per chunk), so each compile (0.2–0.7 s measured with
    // auto_explain, issue 28 item 5) is never paid back. PGlite has no JIT; the setting is a no-op there.
    await tx.execute(sql`set local jit = off`);
    const existing = await demoShops(tx);
    if (existing.length && !opts.reset) {
      throw new Error(`The demo shops already exist (${existing.map((s) => s.handle).join(', ')}); run with --reset to recreate them`);
    }
    if (opts.reset) {
      await tx.delete(stores).where(inArray(stores.handle, DEMO_SHOP_HANDLES));
      await tx.delete(users).where(
        inArray(
          users.email,
          DEMO_LOGINS.map((l) => l.email),
        ),
      );
    }
    const ids = root.fork();
    const [owner] = await tx
      .insert(users)
      .values({ id: uuidFrom(ids), email: DEMO_LOGINS[0].email, passwordHash: ownerHash, firstName: 'Olivia', lastName: 'Owner' })
      .returning();
    const [staff] = await tx
      .insert(users)
      .values({ id: uuidFrom(ids), email: DEMO_LOGINS[1].email, passwordHash: staffHash, firstName: 'Sam', lastName: 'Staff' })
      .returning();

    let remaining = totalOrders;
    for (const [i, shop] of DEMO_SHOPS.entries()) {
      const shopOrders = i === DEMO_SHOPS.length - 1 ? remaining : Math.round(totalOrders * shop.orderShare);
      remaining -= shopOrders;
      const r = root.fork();
      const [store] = await tx
        .insert(stores)
        .values({ id: uuidFrom(ids), handle: shop.handle, name: shop.name, currency: 'USD' })
        .returning();
      const host = systemDomain(config, shop.handle);
      await tx.insert(domains).values({ storeId: store!.id, host, domainType: 'SystemDefault' });
      await tx.insert(storePreferences).values({
        storeId: store!.id,
        businessType: 'other',
        standardTimezone: shop.timezone,
        homeHtml: homeHtml(config, shop),
        surveyDone: true,
      });
      await tx.insert(storeMemberships).values({ storeId: store!.id, userId: owner!.id, isStoreOwner: true, scopes: [] });
      if (shop.handle === 'demo') {
        await tx.insert(storeMemberships).values({ storeId: store!.id, userId: staff!.id, scopes: ['orders', 'products'] });
      }
      const catalog = buildCatalog(shop);
      const variants = await insertCatalog(tx, store!.id, catalog, now, ids);
      const timeline = buildTimeline(r.fork(), shop.timezone, now, DEMO_DAYS);
      const landingPaths = demoLandingPaths(catalog);
      const t0 = Date.now();
      const orderStats = await insertOrders(tx, store!.id, shop, variants, timeline, shopOrders, r.fork(), ids, landingPaths);
      const t1 = Date.now();
      let events = await insertEvents(tx, store!.id, timeline, orderStats.onlinePerBucket, r.fork(), now, landingPaths, eventsPerStatement);
      events += await insertVisitorsNow(tx, store!.id, landingPaths, now, 'ow');
      const t2 = Date.now();
      // The ad spend the merchant entered (issue 17 item 8), scaled to the shop's orders (3,720 by default).
      if (shop.handle === 'demo') await insertAdSpend(tx, store!.id, shop.timezone, now, DEMO_DAYS, shopOrders / 3720);
      if (shop.handle === 'demo') await insertMarketing(tx, store!.id, shop.timezone, variants, now, r.fork());
      if (shop.handle === 'demo') await insertGettingPaid(tx, config, store!.id, now);
      if (shop.handle === 'demo') await insertUpsellOffers(tx, store!.id, variants);
      await seedDemoThemes(tx, { id: store!.id, handle: shop.handle });
      result.storefronts.push(storefrontUrl(config, host));
      result.shops.push({
        id: store!.id,
        handle: shop.handle,
        name: shop.name,
        products: catalog.products.length,
        collections: catalog.collections.length,
        orders: shopOrders,
        events,
      });
      const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      log(
        `demo: ${shop.name} (${host}): ${catalog.products.length} products, ${shopOrders} orders (${secs(t1 - t0)}), ${events} storefront events (${secs(t2 - t1)})`,
      );
    }
  });
  result.ms = Date.now() - started;
  return result;
}

/**
 * The three Boost UpSell offers of issue 18's story (item 1) on the fashion shop: a "Frequently bought together"
 * bundle on the hoodie's page (Waffle Knit Hoodie + Ribbed Knit Beanie, 10 % off together), a quantity break on Tops &
 * Tees (2 for 5 %, 3 for 10 %) and a post-purchase tee after a hoodie (Organic Cotton Tee at 20 % off). Counters start
 * at zero: the demo's generated orders were placed without offers.
 */
async function insertUpsellOffers(tx: Db, storeId: string, variants: readonly SeededVariant[]): Promise<void> {
  const product = (handle: string) => {
    const v = variants.find((x) => x.handle === handle);
    if (!v) throw new Error(`demo: no product ${handle} for the upsell offers`);
    return v.productId;
  };
  const [tees] = await rows<{ id: string }>(tx, sql`select id from collections where store_id = ${storeId}::uuid and handle = 'tops-tees'`);
  const hoodie = product('waffle-knit-hoodie');
  await tx.insert(upsellOffers).values([
    {
      storeId,
      title: 'Frequently bought together',
      type: 'bundle',
      productIds: [hoodie],
      offerProductIds: [product('ribbed-knit-beanie')],
      discountType: 'percentage',
      discountValue: 1000,
      priority: 10,
    },
    {
      storeId,
      title: 'Buy more, save more',
      type: 'quantity_break',
      collectionIds: tees ? [tees.id] : [],
      tiers: [
        { quantity: 2, bp: 500 },
        { quantity: 3, bp: 1000 },
      ],
      priority: 5,
    },
    {
      storeId,
      title: 'Add a matching tee',
      type: 'post_purchase',
      productIds: [hoodie],
      offerProductIds: [product('organic-cotton-tee')],
      discountType: 'percentage',
      discountValue: 2000,
    },
  ]);
}

/** A variant as the order generator needs it. */
interface SeededVariant {
  id: string;
  productId: string;
  handle: string;
  title: string;
  variantTitle: string;
  sku: string;
  priceCents: number;
  image: string;
  popularity: number;
}

/** Inserts products, variants, images and collections of one demo shop; returns its variants (with product data). */
async function insertCatalog(tx: Db, storeId: string, catalog: DemoCatalog, now: number, ids: Random): Promise<SeededVariant[]> {
  const out: SeededVariant[] = [];
  const productIds = new Map<string, string>();
  const productRows = catalog.products.map((p) => {
    const id = uuidFrom(ids);
    productIds.set(p.handle, id);
    const created = new Date(now - p.ageDays * 86_400_000 - 3_600_000);
    return {
      id,
      storeId,
      handle: p.handle,
      title: p.title,
      bodyHtml: p.bodyHtml,
      vendor: p.vendor,
      productType: p.productType,
      tags: p.tags,
      published: true,
      optionNames: p.optionNames,
      seoTitle: `${p.title} | ${catalog.shop.name}`,
      seoDescription: `${p.title} from ${catalog.shop.name}.`,
      createdAt: created,
      updatedAt: created,
    };
  });
  await tx.insert(products).values(productRows);
  const variantRows: (typeof productVariants.$inferInsert)[] = [];
  const imageRows: (typeof productImages.$inferInsert)[] = [];
  for (const p of catalog.products) {
    const productId = productIds.get(p.handle)!;
    const image = `${DEMO_ASSETS_URL}/${p.images[0]}`;
    for (const v of p.variants) {
      const id = uuidFrom(ids);
      variantRows.push({
        id,
        storeId,
        productId,
        position: v.position,
        sku: v.sku,
        option1: v.option1,
        option2: v.option2,
        priceCents: v.priceCents,
        compareAtPriceCents: v.compareAtPriceCents,
        costCents: demoCostCents(p.handle, v.sku, v.priceCents),
        inventoryQty: v.inventoryQty,
        grams: v.grams,
      });
      const variantTitle = [v.option1, v.option2].filter((x) => x && x !== 'Default Title').join(' / ');
      out.push({
        id,
        productId,
        handle: p.handle,
        title: p.title,
        variantTitle,
        sku: v.sku,
        priceCents: v.priceCents,
        image,
        popularity: p.popularity / p.variants.length,
      });
    }
    p.images.forEach((src, i) => {
      imageRows.push({
        storeId,
        productId,
        position: i + 1,
        src: `${DEMO_ASSETS_URL}/${src}`,
        alt: i === 0 ? p.title : `${p.title}, detail`,
      });
    });
  }
  await tx.insert(productVariants).values(variantRows);
  await tx.insert(productImages).values(imageRows);
  for (const c of catalog.collections) {
    const [col] = await tx
      .insert(collections)
      .values({ storeId, handle: c.handle, title: c.title, description: c.description, imageSrc: `${DEMO_ASSETS_URL}/${c.image}` })
      .returning({ id: collections.id });
    await tx
      .insert(collectionProducts)
      .values(c.products.map((h, i) => ({ collectionId: col!.id, productId: productIds.get(h)!, position: i })));
  }
  return out;
}

type Financial = 'paid' | 'pending' | 'authorized' | 'partially_refunded' | 'refunded' | 'voided';
type Fulfillment = 'unfulfilled' | 'partial' | 'fulfilled';
const DAY = 86_400_000;
const ORDER_CHUNK = 4000;

/** A demo shopper: the shipping address every order of theirs carries (the Customers list's location). */
interface DemoCustomer {
  id: string;
  name: string;
  email: string;
  address: { address1: string; city: string; zip: string; country: string };
}

/** Shipping addresses of demo customers, as the storefront checkout stores them (customer_info[0].address). */
const DEMO_ADDRESSES: DemoCustomer['address'][] = [
  { address1: '1 Market St', city: 'San Francisco', zip: '94105', country: 'United States' },
  { address1: '350 5th Ave', city: 'New York', zip: '10118', country: 'United States' },
  { address1: '233 S Wacker Dr', city: 'Chicago', zip: '60606', country: 'United States' },
  { address1: '400 Broad St', city: 'Seattle', zip: '98109', country: 'United States' },
  { address1: '301 Front St W', city: 'Toronto', zip: 'M5V 2T6', country: 'Canada' },
  { address1: '10 Downing St', city: 'London', zip: 'SW1A 2AA', country: 'United Kingdom' },
  { address1: '5 Avenue Anatole France', city: 'Paris', zip: '75007', country: 'France' },
  { address1: 'Platz der Republik 1', city: 'Berlin', zip: '11011', country: 'Germany' },
  { address1: '1 Macquarie St', city: 'Sydney', zip: '2000', country: 'Australia' },
  { address1: '600 Congress Ave', city: 'Austin', zip: '78701', country: 'United States' },
];

/**
 * Generates and inserts the orders (and their customers) of one shop, oldest first, numbered #1001 upwards, in
 * chunks of multi-row INSERT … SELECT FROM unnest(arrays). Returns the count of online-store orders per bucket.
 */
async function insertOrders(
  tx: Db,
  storeId: string,
  shop: DemoShopDef,
  variants: SeededVariant[],
  tl: Timeline,
  n: number,
  r: Random,
  ids: Random,
  landingPaths: string[],
): Promise<{ onlinePerBucket: Int32Array }> {
  const onlinePerBucket = new Int32Array(tl.buckets.length);
  if (n === 0) return { onlinePerBucket };
  const { at, bucket } = drawInstants(r, tl, n);
  const cdf = new Float64Array(variants.length);
  let acc = 0;
  variants.forEach((v, i) => {
    acc += v.popularity;
    cdf[i] = acc;
  });
  const pickVariant = () => {
    const x = r.float() * acc;
    let a = 0;
    let b = variants.length - 1;
    while (a < b) {
      const m = (a + b) >> 1;
      if (cdf[m]! > x) b = m;
      else a = m + 1;
    }
    return variants[a]!;
  };
  const domain = shop.handle === 'demo' ? 'example.com' : 'example.org';
  const customers: DemoCustomer[] = [];
  const now = tl.now;
  // The merchant's actions (shipments, refunds, cancellations) draw from their own stream.
  const act = r.fork();

  for (let from = 0; from < n; from += ORDER_CHUNK) {
    const to = Math.min(n, from + ORDER_CHUNK);
    const newCustomers: { id: string; first: string; last: string; email: string; at: number }[] = [];
    const cols = {
      id: [] as string[],
      number: [] as number[],
      customerId: [] as string[],
      customerInfo: [] as string[],
      subtotal: [] as number[],
      shipping: [] as number[],
      total: [] as number[],
      financial: [] as string[],
      fulfillment: [] as string[],
      payment: [] as string[],
      paymentSource: [] as (string | null)[],
      source: [] as string[],
      lineItems: [] as string[],
      session: [] as (string | null)[],
      note: [] as (string | null)[],
      captured: [] as (string | null)[],
      created: [] as string[],
      refunded: [] as number[],
      cancelled: [] as (string | null)[],
      cancelReason: [] as (string | null)[],
      closed: [] as (string | null)[],
      // First-touch attribution of online-store orders (issue 17 item 8, demo/traffic.ts); null for POS and drafts.
      attribution: [] as (DemoAttribution | null)[],
    };
    const actions: { orderId: string; a: DemoOrderActions }[] = [];
    for (let i = from; i < to; i++) {
      const t = at[i]!;
      const age = (now - t) / DAY;
      // Customer: a returning one 30 % of the time once there are some.
      let customer: DemoCustomer;
      if (customers.length > 10 && r.chance(0.3)) customer = customers[r.int(0, customers.length - 1)]!;
      else {
        const first = r.pick(FIRST_NAMES);
        const last = r.pick(LAST_NAMES);
        const email = `${first}.${last}${customers.length + 1}@${domain}`
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^a-z0-9.@]/g, '');
        // The address follows the customer's number (no draw from `r`: the rest of the demo stays the same).
        customer = {
          id: uuidFrom(ids),
          name: `${first} ${last}`,
          email,
          address: DEMO_ADDRESSES[customers.length % DEMO_ADDRESSES.length]!,
        };
        customers.push(customer);
        newCustomers.push({ id: customer.id, first, last, email, at: t });
      }
      // Line items: 1-4 distinct variants, mostly one of each.
      const count = Number(r.weighted({ '1': 60, '2': 27, '3': 9, '4': 4 }));
      const chosen = new Map<string, { v: SeededVariant; qty: number }>();
      for (let k = 0; k < count; k++) {
        const v = pickVariant();
        const qty = r.weighted({ '1': 85, '2': 12, '3': 3 });
        if (!chosen.has(v.id)) chosen.set(v.id, { v, qty: Number(qty) });
      }
      let subtotal = 0;
      const lineItems = [...chosen.values()].map(({ v, qty }) => {
        subtotal += v.priceCents * qty;
        // The shape the storefront's checkout writes (contracts StorefrontOrderLine).
        return {
          productId: v.productId,
          variantId: v.id,
          handle: v.handle,
          title: v.title,
          variantTitle: v.variantTitle,
          sku: v.sku,
          quantity: qty,
          priceCents: v.priceCents,
          imageSrc: v.image,
          properties: [],
        };
      });
      const shipping = r.chance(0.1) ? 1495 : subtotal >= 7500 ? 0 : 595;
      const source = r.weighted({ online_store: 94, pos: 4, draft: 2 });
      const payment =
        source === 'pos'
          ? 'Stripe'
          : r.weighted({ Stripe: 50, 'Shop Pay': 15, PayPal: 25, 'Cash on Delivery': source === 'draft' ? 0 : 10 });
      const card = payment === 'Stripe' || payment === 'Shop Pay' ? r.weighted({ visa: 55, mastercard: 30, amex: 15 }) : null;
      let financial: Financial;
      if (payment === 'Cash on Delivery') financial = age > 4 ? (r.chance(0.06) ? 'voided' : 'paid') : 'pending';
      else if (age < 1)
        financial = r.weighted<Financial>({ paid: 80, pending: 7, authorized: 9, voided: 2, refunded: 1, partially_refunded: 1 });
      else financial = r.weighted<Financial>({ paid: 85, pending: 2, authorized: 2, voided: 3, refunded: 4, partially_refunded: 4 });
      let fulfillment: Fulfillment = 'unfulfilled';
      if (financial === 'paid' || financial === 'partially_refunded') {
        const w =
          age < 1
            ? { unfulfilled: 88, partial: 2, fulfilled: 10 }
            : age < 3
              ? { unfulfilled: 45, partial: 10, fulfilled: 45 }
              : age < 7
                ? { unfulfilled: 14, partial: 8, fulfilled: 78 }
                : { unfulfilled: 2, partial: 2, fulfilled: 96 };
        fulfillment = r.weighted<Fulfillment>(w);
      } else if (financial === 'refunded') fulfillment = r.chance(0.5) ? 'fulfilled' : 'unfulfilled';
      let captured: number | null = null;
      // Money was captured: the paid-order rule of lib/money.ts (paid, partially_refunded, refunded).
      if ((PAID_FINANCIAL_STATUSES as readonly string[]).includes(financial)) {
        const delay = payment === 'Cash on Delivery' ? r.int(2, 4) * DAY + r.int(0, 8 * 3_600_000) : r.int(2_000, 240_000);
        captured = Math.min(t + delay, now - 1000);
      }
      const online = source === 'online_store';
      if (online) onlinePerBucket[bucket[i]!]! += 1;
      const orderId = uuidFrom(ids);
      const a = demoOrderActions(act, {
        lines: lineItems,
        totalCents: subtotal + shipping,
        financial,
        fulfillment,
        email: customer.email,
        createdAt: t,
        capturedAt: captured,
        now,
      });
      actions.push({ orderId, a });
      const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
      cols.refunded.push(a.refundedCents);
      cols.cancelled.push(iso(a.cancelledAt));
      cols.cancelReason.push(a.cancelReason);
      cols.closed.push(iso(a.closedAt));
      cols.id.push(orderId);
      cols.number.push(1001 + i);
      cols.customerId.push(customer.id);
      cols.customerInfo.push(JSON.stringify([{ full_name: customer.name, email: customer.email, address: customer.address }]));
      cols.subtotal.push(subtotal);
      cols.shipping.push(shipping);
      cols.total.push(subtotal + shipping);
      cols.financial.push(financial);
      cols.fulfillment.push(a.fulfillmentStatus);
      cols.payment.push(payment);
      cols.paymentSource.push(card ? JSON.stringify({ card: { type: card } }) : null);
      cols.source.push(source);
      cols.lineItems.push(JSON.stringify(lineItems));
      cols.session.push(online ? `vs${randomId(r, 18)}` : null);
      cols.attribution.push(online ? orderAttribution(1001 + i, landingPaths) : null);
      cols.note.push(r.chance(0.03) ? r.pick(NOTES) : null);
      cols.captured.push(captured === null ? null : new Date(captured).toISOString());
      cols.created.push(new Date(t).toISOString());
    }
    if (newCustomers.length) {
      await tx.execute(sql`
        insert into customers (id, store_id, email, first_name, last_name, created_at)
        select c.id, ${storeId}::uuid, c.email, c.first_name, c.last_name, c.created_at
        from unnest(${pgArray(newCustomers.map((c) => c.id))}::uuid[], ${pgArray(newCustomers.map((c) => c.email))}::text[],
                    ${pgArray(newCustomers.map((c) => c.first))}::text[], ${pgArray(newCustomers.map((c) => c.last))}::text[],
                    ${pgArray(newCustomers.map((c) => new Date(c.at).toISOString()))}::timestamptz[])
          as c(id, email, first_name, last_name, created_at)`);
    }
    await tx.execute(sql`
      insert into orders (id, store_id, order_number, order_name, customer_id, customer_info, currency, subtotal_cents,
                          shipping_cents, grand_total_cents, financial_status, fulfillment_status, payment_name,
                          payment_source, source_name, line_items, visitor_session_id, note, captured_date, created_at,
                          refunded_cents, cancelled_at, cancel_reason, closed_at, updated_at, landing_path, referrer,
                          referrer_class, utm_source, utm_medium, utm_campaign, click_network)
      select o.id, ${storeId}::uuid, o.num, '#' || o.num, o.customer_id, o.customer_info::jsonb, 'USD', o.subtotal,
             o.shipping, o.total, o.financial, o.fulfillment, o.payment, o.payment_source::jsonb, o.source,
             o.line_items::jsonb, o.session, o.note, o.captured, o.created,
             o.refunded, o.cancelled, o.cancel_reason, o.closed, greatest(o.created, o.closed),
             o.a ->> 'landingPath', o.a ->> 'referrer', o.a ->> 'referrerClass', o.a ->> 'utmSource', o.a ->> 'utmMedium',
             o.a ->> 'utmCampaign', o.a ->> 'clickNetwork'
      from unnest(${pgArray(cols.id)}::uuid[], ${pgArray(cols.number)}::int[], ${pgArray(cols.customerId)}::uuid[],
                  ${pgArray(cols.customerInfo)}::text[], ${pgArray(cols.subtotal)}::int[], ${pgArray(cols.shipping)}::int[],
                  ${pgArray(cols.total)}::int[], ${pgArray(cols.financial)}::text[], ${pgArray(cols.fulfillment)}::text[],
                  ${pgArray(cols.payment)}::text[], ${pgArray(cols.paymentSource)}::text[], ${pgArray(cols.source)}::text[],
                  ${pgArray(cols.lineItems)}::text[], ${pgArray(cols.session)}::text[], ${pgArray(cols.note)}::text[],
                  ${pgArray(cols.captured)}::timestamptz[], ${pgArray(cols.created)}::timestamptz[],
                  ${pgArray(cols.refunded)}::int[], ${pgArray(cols.cancelled)}::timestamptz[], ${pgArray(cols.cancelReason)}::text[],
                  ${pgArray(cols.closed)}::timestamptz[],
                  ${pgArray(cols.attribution.map((a) => (a ? JSON.stringify(a) : null)))}::jsonb[])
        as o(id, num, customer_id, customer_info, subtotal, shipping, total, financial, fulfillment, payment,
             payment_source, source, line_items, session, note, captured, created, refunded, cancelled, cancel_reason, closed, a)
      order by o.num`);
    await insertOrderActions(tx, storeId, actions);
  }
  return { onlinePerBucket };
}

/**
 * Inserts the shipments, refunds and timeline entries of a chunk of demo orders (demo/order-actions.ts), each
 * table in one INSERT … SELECT FROM unnest(arrays), after the orders they belong to.
 */
async function insertOrderActions(tx: Db, storeId: string, list: { orderId: string; a: DemoOrderActions }[]): Promise<void> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const f = list.flatMap(({ orderId, a }) => a.fulfilments.map((x) => ({ orderId, ...x })));
  if (f.length)
    await tx.execute(sql`
      insert into order_fulfillments (store_id, order_id, lines, tracking_number, carrier, tracking_url, created_at)
      select ${storeId}::uuid, x.order_id, x.lines::jsonb, x.num, x.carrier, x.url, x.at
      from unnest(${pgArray(f.map((x) => x.orderId))}::uuid[], ${pgArray(f.map((x) => JSON.stringify(x.lines)))}::text[],
                  ${pgArray(f.map((x) => x.trackingNumber))}::text[], ${pgArray(f.map((x) => x.carrier))}::text[],
                  ${pgArray(f.map((x) => x.trackingUrl))}::text[], ${pgArray(f.map((x) => iso(x.at)))}::timestamptz[])
        as x(order_id, lines, num, carrier, url, at)`);
  const r = list.flatMap(({ orderId, a }) => a.refunds.map((x) => ({ orderId, ...x })));
  if (r.length)
    await tx.execute(sql`
      insert into order_refunds (store_id, order_id, amount_cents, reason, lines, created_at)
      select ${storeId}::uuid, x.order_id, x.amount, x.reason, x.lines::jsonb, x.at
      from unnest(${pgArray(r.map((x) => x.orderId))}::uuid[], ${pgArray(r.map((x) => x.amountCents))}::int[],
                  ${pgArray(r.map((x) => x.reason))}::text[], ${pgArray(r.map((x) => JSON.stringify(x.lines)))}::text[],
                  ${pgArray(r.map((x) => iso(x.at)))}::timestamptz[])
        as x(order_id, amount, reason, lines, at)`);
  const e = list.flatMap(({ orderId, a }) => a.events.map((x) => ({ orderId, ...x })));
  if (e.length)
    await tx.execute(sql`
      insert into order_events (store_id, order_id, type, message, detail, author_name, created_at)
      select ${storeId}::uuid, x.order_id, x.type, x.message, x.detail::jsonb, x.author, x.at
      from unnest(${pgArray(e.map((x) => x.orderId))}::uuid[], ${pgArray(e.map((x) => x.type))}::text[],
                  ${pgArray(e.map((x) => x.message))}::text[], ${pgArray(e.map((x) => (x.detail == null ? null : JSON.stringify(x.detail))))}::text[],
                  ${pgArray(e.map((x) => x.author))}::text[], ${pgArray(e.map((x) => iso(x.at)))}::timestamptz[])
        as x(order_id, type, message, detail, author, at)
      order by x.at`);
}

// Statement sizes of the event inserts: the roll-up triggers cost per row, not per statement, so smaller statements
// cost the same in all and each stays well inside the server's 30 s client-side statement bound (db/client.ts) on a
// loaded machine — the demo shop's 150,000 events in one statement ran past it on PostgreSQL at a load of 12 on two
// cores, and the seed failed with "Query read timeout" (issue 28 item 5).
const EVENT_ROWS_PER_STATEMENT = 40_000;

/**
 * Inserts the storefront events of one shop: for every online-store order, its session's view_store →
 * add_to_cart → reached_checkout → purchased (purchased at the order's created_at, the steps minutes before);
 * then, per hour bucket, the sessions that dropped off, so that overall about 2.6 % of sessions buy, 8.5 % add to
 * cart and 4.5 % reach checkout. Generated by INSERT … SELECT (generate_series) so a million orders stay fast; no
 * event is at or after `now`. Returns the number of events inserted.
 */
async function insertEvents(
  tx: Db,
  storeId: string,
  tl: Timeline,
  onlinePerBucket: Int32Array,
  r: Random,
  now: number,
  landingPaths: string[],
  rowsPerStatement: number,
): Promise<number> {
  // The orders' sessions: 4 events per order, so a quarter as many orders per statement.
  const ordersPerStatement = Math.max(1, Math.floor(rowsPerStatement / 4));
  let total = 0;
  const [range] = await rows<{ lo: number | null; hi: number | null; sessions: number }>(
    tx,
    sql`select min(order_number) as lo, max(order_number) as hi, count(visitor_session_id)::int as sessions
        from orders where store_id = ${storeId}::uuid`,
  );
  const nowIso = new Date(now - 1).toISOString();
  if (range?.lo != null && range.hi != null) {
    total += 4 * Number(range.sessions);
    for (let lo = range.lo; lo <= range.hi; lo += ordersPerStatement) {
      await tx.execute(
        sql`insert into storefront_events (store_id, visitor_session_id, type, occurred_at, landing_path, referrer, referrer_class,
                                           utm_source, utm_medium, utm_campaign, click_network)
              select o.store_id, o.visitor_session_id, e.type, o.created_at - make_interval(secs => e.back::float8),
                     f.landing_path, f.referrer, f.referrer_class, f.utm_source, f.utm_medium, f.utm_campaign, f.click_network
              from orders o
              cross join lateral (select 60 + (o.order_number::bigint * 7919) % 420 as c,
                                         45 + (o.order_number::bigint * 104729) % 900 as a,
                                         20 + (o.order_number::bigint * 15485863) % 1500 as v) d
              cross join lateral (values ('view_store', d.c + d.a + d.v), ('add_to_cart', d.c + d.a),
                                         ('reached_checkout', d.c), ('purchased', 0)) as e(type, back)
              -- The session's landing event carries the order's first-touch attribution (demo/traffic.ts).
              left join lateral (select o.landing_path, o.referrer, o.referrer_class, o.utm_source, o.utm_medium,
                                        o.utm_campaign, o.click_network where e.type = 'view_store') f on true
              where o.store_id = ${storeId}::uuid and o.visitor_session_id is not null
                and o.order_number >= ${lo} and o.order_number < ${lo + ordersPerStatement}`,
      );
    }
  }
  const online = onlinePerBucket.reduce((s, x) => s + x, 0);
  // Expected sessions overall; at least a few hundred so an empty demo still shows visits.
  const sessionsTotal = Math.max(300, Math.round(online / CONVERSION));
  const weightTotal = tl.buckets.reduce((s, b) => s + b.weight, 0);
  const start: string[] = [];
  const span: number[] = [];
  const nView: number[] = [];
  const nCart: number[] = [];
  const nCheckout: number[] = [];
  const idx: number[] = [];
  tl.buckets.forEach((b, i) => {
    const sessions = Math.round((sessionsTotal * b.weight * (0.85 + 0.3 * r.float())) / weightTotal);
    const bought = onlinePerBucket[i]!;
    const view = Math.max(0, sessions - bought);
    const cart = Math.min(view, Math.max(0, Math.round(sessions * CART_RATE) - bought));
    const checkout = Math.min(cart, Math.max(0, Math.round(sessions * CHECKOUT_RATE) - bought));
    if (view === 0) return;
    start.push(new Date(b.start).toISOString());
    span.push(Math.max(1, Math.floor(b.span / 1000) - 1));
    nView.push(view);
    nCart.push(cart);
    nCheckout.push(checkout);
    idx.push(i);
  });
  const tag = randomId(r, 4);
  const attr = sessionAttributionSql(landingPaths, sql`b.idx`, sql`g`);
  // Session g of bucket b views; g <= ncart also adds to cart; g <= nchk also reaches checkout. All steps of a
  // session are in the same statement (the analytics triggers fold a statement's events per session). Session
  // ids grow with (b, g), so indexes keyed by session id are appended to, not split at random (a million orders
  // make ~40 million sessions). Offsets inside the hour are a fixed hash of (b, g): deterministic without random().
  // Statements of about `rowsPerStatement` rows (whole buckets), so transition tables stay moderate.
  for (let from = 0; from < start.length; ) {
    let to = from;
    let size = 0;
    while (to < start.length && (to === from || size < rowsPerStatement)) {
      size += nView[to]! + nCart[to]! + nCheckout[to]!;
      to += 1;
    }
    const [a, b] = [from, to];
    const sl = <T>(list: T[]) => list.slice(a, b);
    from = to;
    await tx.execute(sql`
      insert into storefront_events (store_id, visitor_session_id, type, occurred_at, landing_path, referrer, referrer_class,
                                     utm_source, utm_medium, utm_campaign, click_network)
      select ${storeId}::uuid, 'vd' || ${tag}::text || lpad(to_hex(b.idx), 5, '0') || lpad(to_hex(g), 6, '0'), e.type,
             least(b.start + make_interval(secs => ((g::bigint * 2654435761 + b.idx::bigint * 40503) % b.span)::float8
                                                   + (g % 997)::float8 / 997 + e.delay), ${nowIso}::timestamptz),
             f.*
      from unnest(${pgArray(sl(start))}::timestamptz[], ${pgArray(sl(span))}::int[], ${pgArray(sl(nView))}::int[],
                  ${pgArray(sl(nCart))}::int[], ${pgArray(sl(nCheckout))}::int[], ${pgArray(sl(idx))}::int[])
        as b(start, span, n, ncart, nchk, idx)
      cross join lateral generate_series(1, b.n) as g
      cross join lateral (values ('view_store', 0::float8, true),
                                 ('add_to_cart', (30 + (g::bigint * 7919) % 600)::float8, g <= b.ncart),
                                 ('reached_checkout', (650 + (g::bigint * 104729) % 400)::float8, g <= b.nchk))
        as e(type, delay, keep)
      ${attr.lateral}
      -- The landing event carries the session's attribution, by the sources' session shares (demo/traffic.ts).
      left join lateral (select ${attr.columns} where e.type = 'view_store') f on true
      where e.keep`);
  }
  total += nView.reduce((s, x) => s + x, 0) + nCart.reduce((s, x) => s + x, 0) + nCheckout.reduce((s, x) => s + x, 0);
  return total;
}

/**
 * Called by `main.ts` on every start: when the database has no user yet (first start) it runs seedDemo with the
 * defaults (6000 orders, seed 42; `orders`/`now` only for tests). Returns the demo storefront URLs (http://demo.localhost:3000, …) when the demo
 * shops exist (created now or earlier), null when they do not.
 */
export async function ensureDemoStore(
  db: Db,
  config: Config,
  o: { log: (m: string) => void; orders?: number; now?: number },
): Promise<{ storefronts: string[] } | null> {
  const [row] = await rows<{ any: boolean }>(db, sql`select exists(select 1 from users) as any`);
  if (!row?.any) {
    o.log('Empty database: creating the demo shops (npm run seed -- --reset recreates them)');
    const res = await seedDemo(db, config, { log: o.log, orders: o.orders, now: o.now });
    o.log(`Demo data ready in ${(res.ms / 1000).toFixed(1)} s`);
    return { storefronts: res.storefronts };
  }
  const shops = await demoShops(db);
  if (!shops.length) return null;
  const order = new Map<string, number>(DEMO_SHOP_HANDLES.map((h, i) => [h, i]));
  return {
    storefronts: shops
      .sort((a, b) => (order.get(a.handle) ?? 0) - (order.get(b.handle) ?? 0))
      .map((s) => storefrontUrl(config, systemDomain(config, s.handle))),
  };
}

/** Abandoned checkouts of the demo shop (issue 12 item 8). */
const DEMO_ABANDONED = 8;

/**
 * The demo shop's discounts and abandoned checkouts (issue 12 item 8): SUMMER10 (10 % off, minimum $50, 100 uses,
 * one per customer, from a week ago to Sunday 23:59 on the shop's clock, or the Sunday after when today is Sunday),
 * the automatic "Buy 2 get 1 free" on the Tops & Tees collection, and DEMO_ABANDONED checkouts with an e-mail and
 * a cart, last changed between 2 hours and 6 days before `now` (one of them recovered by a later order time).
 */
async function insertMarketing(tx: Db, storeId: string, timezone: string, variants: SeededVariant[], now: number, r: Random) {
  const today = localParts(now, timezone);
  const sunday = addDaysToDate(today.date, today.weekday === 0 ? 7 : 7 - today.weekday);
  await tx.execute(sql`
    insert into discounts (store_id, method, code, title, type, value, minimum_type, minimum_value, usage_limit, usage_count,
                           once_per_customer, starts_at, ends_at, created_at)
    values (${storeId}, 'code', 'SUMMER10', 'SUMMER10', 'percentage', 1000, 'subtotal', 5000, 100, 0, true,
            ${new Date(now - 7 * DAY).toISOString()}::timestamptz, ${new Date(instantOfLocal(sunday, '23:59', timezone)).toISOString()}::timestamptz,
            ${new Date(now - 7 * DAY).toISOString()}::timestamptz)`);
  await tx.execute(sql`
    insert into discounts (store_id, method, code, title, type, value, applies_to, collection_ids, buy_quantity, get_quantity,
                           starts_at, created_at)
    select ${storeId}, 'automatic', null, 'Buy 2 get 1 free', 'buy_x_get_y', 10000, 'collections', array[c.id], 2, 1,
           ${new Date(now - 14 * DAY).toISOString()}::timestamptz, ${new Date(now - 14 * DAY).toISOString()}::timestamptz
    from collections c where c.store_id = ${storeId} and c.handle = 'tops-tees'`);
  for (let i = 0; i < DEMO_ABANDONED; i++) {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const email = `${first}.${last}.cart${i + 1}@example.com`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9.@]/g, '');
    const lines = Array.from({ length: r.int(1, 3) }, () => r.pick(variants)).map((v) => ({
      variantId: v.id,
      quantity: r.int(1, 2),
      properties: [],
      title: v.title,
      variantTitle: v.variantTitle,
      priceCents: v.priceCents,
      imageSrc: v.image,
    }));
    const unique = [...new Map(lines.map((l) => [l.variantId, l])).values()];
    const recovered = i === DEMO_ABANDONED - 1;
    const updated = recovered ? now - 2 * DAY : now - r.int(2 * 3600_000, 6 * DAY);
    await tx.execute(sql`
      insert into checkouts (store_id, token, email, first_name, last_name, lines, subtotal_cents, discount_code,
                             visitor_session_id, completed_at, created_at, updated_at)
      values (${storeId}, ${randomId(r, 32)}, ${email}, ${first}, ${last}, ${JSON.stringify(unique)}::jsonb,
              ${unique.reduce((s, l) => s + l.priceCents * l.quantity, 0)}, ${i % 3 === 0 ? 'SUMMER10' : null},
              ${`vs${randomId(r, 18)}`}, ${recovered ? new Date(updated + 3 * 3600_000).toISOString() : null}::timestamptz,
              ${new Date(updated - 10 * 60_000).toISOString()}::timestamptz, ${new Date(updated).toISOString()}::timestamptz)`);
  }
}
