import { createHash } from 'node:crypto';
import { purchaseEventId } from '@backroom/contracts';
import { parseCookie } from 'cookie';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { majorFromCents } from '../../lib/money.js';
import { openSecret } from '../../lib/secrets.js';
import type { CheckoutClient } from '../../lib/shop-events.js';

/**
 * Meta Conversions API (issue 17 item 6 "server-side Purchase events (Meta Conversions API) go through the job
 * queue with retries to a configurable endpoint"): the Purchase event of an order built by Meta's rules
 * (developers.facebook.com › Conversions API › Customer information parameters), and its delivery.
 */

/** Purpose label of the Conversions API tokens' key (lib/secrets.ts; the pixels service seals with it). */
export const TOKEN_PURPOSE = 'pixel-access-token';

/** Lower-case hex SHA-256 of a normalised value, as Meta wants every hashed `user_data` field. */
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Meta's e-mail rule: trimmed, lower case, then hashed; null for an empty or malformed address. */
export function hashEmail(email: string): string | null {
  const e = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) ? sha256(e) : null;
}

/** Meta's phone rule: digits only (country code included, no leading zeros or symbols), hashed; null when empty. */
export function hashPhone(phone: string): string | null {
  const d = phone.replace(/\D/g, '').replace(/^0+/, '');
  return d ? sha256(d) : null;
}

/** Meta's name and city rule: lower case, no punctuation nor spaces (letters of any script kept), hashed. */
export function hashName(s: string): string | null {
  const n = s
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return n ? sha256(n) : null;
}

/** Meta's zip rule: lower case, no spaces nor dashes; a US zip keeps its first 5 digits; hashed. */
export function hashZip(zip: string, country: string | null): string | null {
  let z = zip.toLowerCase().replace(/[\s-]/g, '');
  if (country === 'us') z = z.slice(0, 5);
  return z ? sha256(z) : null;
}

let regionNames: Map<string, string> | null = null;
/**
 * ISO 3166-1 alpha-2 code (lower case) of a country typed as a code ("US") or an English name ("United States",
 * what the storefront checkout asks for); null when unknown. Names come from Intl.DisplayNames (every A–Z pair).
 */
export function countryCode(country: string): string | null {
  const c = country.trim().toLowerCase();
  if (!c) return null;
  if (!regionNames) {
    regionNames = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name) regionNames.set(name.toLowerCase(), code.toLowerCase());
      }
    }
  }
  if (/^[a-z]{2}$/.test(c)) return [...regionNames.values()].includes(c) ? c : null;
  return regionNames.get(c) ?? null;
}

/** The checkout request's client for Meta's matching: address, User-Agent, `_fbp`/`_fbc` cookies, the page (Referer). */
export function checkoutClient(req: FastifyRequest): CheckoutClient {
  const cookies = parseCookie(req.headers.cookie ?? '');
  const client: CheckoutClient = { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '').slice(0, 512) };
  if (cookies._fbp) client.fbp = cookies._fbp.slice(0, 256);
  if (cookies._fbc) client.fbc = cookies._fbc.slice(0, 256);
  const referer = req.headers.referer;
  if (referer && /^https?:\/\//.test(referer)) client.sourceUrl = referer.slice(0, 2048);
  return client;
}

/** One line of an order's snapshot (the fields the event uses). */
interface OrderLine {
  variantId: string;
  quantity: number;
  priceCents: number;
}

/** The order as the Purchase event reads it. */
export interface PurchaseOrder {
  id: string;
  orderName: string;
  currency: string;
  grandTotalCents: number;
  createdAt: Date;
  lines: OrderLine[];
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  city: string;
  zip: string;
  country: string;
  customerId: string | null;
}

/** A Conversions API server event (the fields we send). */
export interface CapiEvent {
  event_name: 'Purchase';
  event_time: number;
  event_id: string;
  action_source: 'website';
  event_source_url?: string;
  user_data: Record<string, string | string[]>;
  custom_data: {
    currency: string;
    value: number;
    content_ids: string[];
    content_type: 'product';
    contents: { id: string; quantity: number; item_price: number }[];
    num_items: number;
    order_id: string;
  };
}

/**
 * The Purchase event of `order` (Meta's server event parameters): `event_id` = purchaseEventId(order id), the same
 * as the browser pixel's `eventID` so Meta counts the order once; `value` the grand total in MAJOR units and the
 * order's ISO currency; `content_ids` the variant ids (the Google/Meta catalogue feed's item ids); `user_data`
 * hashed by Meta's normalisation rules (e-mail, phone, first/last name, city, zip, country, external_id = the
 * customer id) plus, unhashed as Meta asks, the checkout's IP, User-Agent and `_fbp`/`_fbc` cookies.
 */
export function purchaseEvent(order: PurchaseOrder, client: CheckoutClient | undefined): CapiEvent {
  const user: Record<string, string | string[]> = {};
  const put = (key: string, hashed: string | null) => {
    if (hashed) user[key] = [hashed];
  };
  const country = countryCode(order.country);
  put('em', hashEmail(order.email));
  put('ph', hashPhone(order.phone));
  put('fn', hashName(order.firstName));
  put('ln', hashName(order.lastName));
  put('ct', hashName(order.city));
  put('zp', hashZip(order.zip, country));
  put('country', country ? sha256(country) : null);
  put('external_id', order.customerId ? sha256(order.customerId) : null);
  if (client?.ip) user.client_ip_address = client.ip;
  if (client?.userAgent) user.client_user_agent = client.userAgent;
  if (client?.fbp) user.fbp = client.fbp;
  if (client?.fbc) user.fbc = client.fbc;
  return {
    event_name: 'Purchase',
    event_time: Math.floor(order.createdAt.getTime() / 1000),
    event_id: purchaseEventId(order.id),
    action_source: 'website',
    ...(client?.sourceUrl ? { event_source_url: client.sourceUrl } : {}),
    user_data: user,
    custom_data: {
      currency: order.currency.toUpperCase(),
      value: majorFromCents(order.grandTotalCents),
      content_ids: [...new Set(order.lines.map((l) => l.variantId))],
      content_type: 'product',
      contents: order.lines.map((l) => ({ id: l.variantId, quantity: l.quantity, item_price: majorFromCents(l.priceCents) })),
      num_items: order.lines.reduce((n, l) => n + l.quantity, 0),
      order_id: order.orderName,
    },
  };
}

/** An order of `storeId` as the Purchase event reads it; null when it is gone. */
export async function loadPurchaseOrder(db: Db, storeId: string, orderId: string): Promise<PurchaseOrder | null> {
  const [o] = await rows<{
    id: string;
    order_name: string;
    currency: string;
    grand_total_cents: number;
    created_at: Date | string;
    line_items: OrderLine[];
    info: { email?: string; phone?: string; full_name?: string; address?: { city?: string; zip?: string; country?: string } } | null;
    customer_id: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    db,
    sql`select o.id, o.order_name, o.currency, o.grand_total_cents, o.created_at, o.line_items, o.customer_info -> 0 as info,
               o.customer_id, c.first_name, c.last_name
        from orders o left join customers c on c.id = o.customer_id
        where o.id = ${orderId}::uuid and o.store_id = ${storeId}::uuid`,
  );
  if (!o) return null;
  const info = o.info ?? {};
  const [first = '', ...rest] = (info.full_name ?? '').trim().split(/\s+/);
  return {
    id: o.id,
    orderName: o.order_name,
    currency: o.currency,
    grandTotalCents: Number(o.grand_total_cents),
    createdAt: new Date(o.created_at),
    lines: o.line_items ?? [],
    email: info.email ?? '',
    phone: info.phone ?? '',
    firstName: o.first_name || first,
    lastName: o.last_name || rest.join(' '),
    city: info.address?.city ?? '',
    zip: info.address?.zip ?? '',
    country: info.address?.country ?? '',
    customerId: o.customer_id,
  };
}

/** A Meta pixel with a Conversions API token that fires on `storeId` (own or shared), token opened. */
export interface CapiPixel {
  id: string;
  pixelId: string;
  token: string;
}

/** The Meta pixels with a Conversions API token firing on `storeId`'s storefront (its own and those shared with it). */
export async function capiPixels(db: Db, jwtSecret: Uint8Array, storeId: string, id?: string): Promise<CapiPixel[]> {
  const list = await rows<{ id: string; pixel_id: string; sealed: string }>(
    db,
    sql`select id, pixel_id, access_token_sealed as sealed from pixels
        where network = 'meta' and access_token_sealed is not null
          and (store_id = ${storeId}::uuid or shared_with @> array[${storeId}::uuid])
          ${id ? sql`and id = ${id}::uuid` : sql``}
        order by created_at, id`,
  );
  return list.map((p) => ({ id: p.id, pixelId: p.pixel_id, token: openSecret(jwtSecret, TOKEN_PURPOSE, p.sealed) }));
}

/** Meta's answer to a delivered batch. */
export interface CapiResult {
  eventsReceived: number;
  fbtraceId: string | null;
}

/**
 * POSTs `events` to `{baseUrl}/{pixelId}/events` (JSON body `{data, access_token}`; the token is never in the URL,
 * so it is in no access log). Errors: a 4xx other than 408/429 is Meta refusing the event (bad token, bad
 * payload) — it will not get better, so it throws a 400 HttpError, which fails the job at once; a 5xx, 408, 429 or a
 * network failure throws a plain Error, which the job queue retries with backoff.
 */
export async function sendCapiEvents(
  baseUrl: string,
  pixel: { pixelId: string; token: string },
  events: CapiEvent[],
  fetchImpl: typeof fetch = fetch,
): Promise<CapiResult> {
  const res = await fetchImpl(`${baseUrl}/${encodeURIComponent(pixel.pixelId)}/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: events, access_token: pixel.token }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let body: { events_received?: number; fbtrace_id?: string; error?: { message?: string } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON (a proxy's error page): the status decides
  }
  if (res.ok) return { eventsReceived: body.events_received ?? 0, fbtraceId: body.fbtrace_id ?? null };
  const why = body.error?.message ?? text.slice(0, 200);
  if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
    throw badRequest(`Meta refused the event (${res.status}: ${why})`);
  }
  throw new Error(`Meta Conversions API answered ${res.status}: ${why}`);
}
