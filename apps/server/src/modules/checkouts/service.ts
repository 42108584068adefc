import { type AbandonedCheckout, type AbandonedCheckoutsResponse, DEFAULT_TIMEZONE } from '@backroom/contracts';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { storefrontUrl, systemDomain } from '../../lib/domains.js';
import { badRequest } from '../../lib/errors.js';
import { majorFromCents } from '../../lib/money.js';

/** A line as the storefront recorded it in `checkouts.lines` (storefront/checkout.ts saveCheckoutDraft). */
interface StoredLine {
  variantId: string;
  quantity: number;
  title: string;
  variantTitle: string;
  priceCents: number;
  imageSrc: string | null;
}

/** The storefront link that restores a checkout's cart: `/checkouts/{token}/recover` on the shop's system domain. */
export function recoveryUrl(config: Config, handle: string, token: string): string {
  return `${storefrontUrl(config, systemDomain(config, handle))}/checkouts/${encodeURIComponent(token)}/recover`;
}

/**
 * GET /api/checkouts/abandoned (issue 12 item 5; Shopify's "Abandoned checkouts"): the store's checkouts that have
 * an e-mail and whose order did not follow within `config.abandonedCheckoutDelayMs` of their last change, as of
 * `now` — still open ones whose delay has passed, and recovered ones (ordered after they were abandoned).
 * `abandonedAt` = last change + delay. Filtered by a search in the e-mail or name (case-insensitive) and by
 * abandonment days `fromTime`..`toTime` (YYYY-MM-DD, both included, in the shop's time zone; DST-correct in SQL),
 * newest abandoned first, one 1-based page. 400 when fromTime is after toTime.
 */
export async function listAbandonedCheckouts(
  db: Db,
  config: Config,
  storeId: string,
  q: { page: number; limit: number; search?: string; fromTime?: string; toTime?: string },
  now = new Date(),
): Promise<AbandonedCheckoutsResponse> {
  if (q.fromTime && q.toTime && q.fromTime > q.toTime) throw badRequest('fromTime: must not be after toTime');
  const delay = sql`(${config.abandonedCheckoutDelayMs} * interval '1 millisecond')`;
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const tz = sql`(select p.standard_timezone from store_preferences p where p.store_id = ${storeId})`;
  const r = await rows<{
    id: string;
    number: number;
    token: string;
    created_at: Date | string;
    abandoned_at: Date | string;
    email: string;
    first_name: string;
    last_name: string;
    lines: StoredLine[];
    subtotal_cents: number;
    discount_code: string | null;
    recovered: boolean;
    handle: string;
    currency: string;
    total: number;
  }>(
    db,
    sql`select c.id, c.number, c.token, c.created_at, c.updated_at + ${delay} as abandoned_at, c.email, c.first_name,
          c.last_name, c.lines, c.subtotal_cents, c.discount_code, (c.completed_at is not null) as recovered,
          s.handle, s.currency, count(*) over () as total
        from checkouts c join stores s on s.id = c.store_id
        where c.store_id = ${storeId} and c.email is not null
          and c.updated_at + ${delay} <= ${now.toISOString()}::timestamptz
          and (c.completed_at is null or c.completed_at > c.updated_at + ${delay})
          ${search ? sql`and (c.email ilike ${search} or (c.first_name || ' ' || c.last_name) ilike ${search})` : sql``}
          ${q.fromTime ? sql`and c.updated_at + ${delay} >= ((${q.fromTime}::date)::timestamp at time zone coalesce(${tz}, ${DEFAULT_TIMEZONE}))` : sql``}
          ${q.toTime ? sql`and c.updated_at + ${delay} < ((${q.toTime}::date + 1)::timestamp at time zone coalesce(${tz}, ${DEFAULT_TIMEZONE}))` : sql``}
        order by c.updated_at desc, c.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const iso = (v: Date | string) => new Date(v).toISOString();
  const checkouts: AbandonedCheckout[] = r.map((c) => ({
    id: c.id,
    name: `#${c.number}`,
    createdAt: iso(c.created_at),
    abandonedAt: iso(c.abandoned_at),
    email: c.email,
    customerName: `${c.first_name} ${c.last_name}`.trim(),
    lines: c.lines.map((l) => ({
      variantId: l.variantId,
      title: l.title,
      variantTitle: l.variantTitle,
      quantity: l.quantity,
      price: majorFromCents(l.priceCents),
      imageSrc: l.imageSrc,
    })),
    itemsCount: c.lines.reduce((s, l) => s + l.quantity, 0),
    subtotal: majorFromCents(c.subtotal_cents),
    currency: c.currency,
    discountCode: c.discount_code,
    recovered: c.recovered,
    recoveryUrl: recoveryUrl(config, c.handle, c.token),
  }));
  return { checkouts, total: Number(r[0]?.total ?? 0), page: q.page, limit: q.limit };
}
