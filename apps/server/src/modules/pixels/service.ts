import {
  MAX_PIXELS,
  type Pixel,
  type PixelBody,
  type PixelListResponse,
  type StorefrontPixel,
  type StorefrontPixelsConfig,
} from '@backroom/contracts';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sealSecret } from '../../lib/secrets.js';
import { TOKEN_PURPOSE } from './capi.js';

type Body = z.output<typeof PixelBody>;

interface PixelRow {
  id: string;
  store_id: string;
  owner_name: string;
  network: Pixel['network'];
  pixel_id: string;
  has_token: boolean;
  ads_conversion_id: string | null;
  ads_conversion_label: string | null;
  shared: { id: string; name: string }[] | null;
  updated_at: Date | string;
}

const toPixel = (r: PixelRow, storeId: string): Pixel => ({
  id: r.id,
  network: r.network,
  pixelId: r.pixel_id,
  hasAccessToken: r.has_token,
  adsConversionId: r.ads_conversion_id,
  adsConversionLabel: r.ads_conversion_label,
  owner: { id: r.store_id, name: r.owner_name },
  sharedWithThisShop: r.store_id !== storeId,
  sharedWith: r.shared ?? [],
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The pixels of `storeId` and those other shops share with it, oldest first (one statement). */
async function readPixels(db: Db, storeId: string, id?: string): Promise<Pixel[]> {
  const list = await rows<PixelRow>(
    db,
    sql`select p.id, p.store_id, s.name as owner_name, p.network, p.pixel_id, p.access_token_sealed is not null as has_token,
               p.ads_conversion_id, p.ads_conversion_label, p.updated_at,
               (select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
                  from stores t where t.id = any(p.shared_with)) as shared
        from pixels p join stores s on s.id = p.store_id
        where (p.store_id = ${storeId}::uuid or ${storeId}::uuid = any(p.shared_with))
          ${id ? sql`and p.id = ${id}::uuid` : sql``}
        order by p.created_at, p.id`,
  );
  return list.map((r) => toPixel(r, storeId));
}

/**
 * Other shops of this shop's owner (the member flagged `is_store_owner`): the shops a pixel may be shared with
 * (issue 17 item 6 "sharing a pixel with other shops of the same owner").
 */
async function shareableShops(db: Db, storeId: string): Promise<{ id: string; name: string }[]> {
  return rows(
    db,
    sql`select s.id, s.name from store_memberships o
        join store_memberships m on m.user_id = o.user_id and m.is_store_owner and m.store_id <> o.store_id
        join stores s on s.id = m.store_id
        where o.store_id = ${storeId}::uuid and o.is_store_owner
        order by s.name, s.id`,
  );
}

/** GET /api/pixels: this shop's pixels, those shared with it, and the shops it may share with. */
export async function listPixels(db: Db, storeId: string): Promise<PixelListResponse> {
  return { pixels: await readPixels(db, storeId), shareableShops: await shareableShops(db, storeId) };
}

/** 400 `sharedWith: …` unless every id is another shop of the same owner. */
async function checkSharing(db: Db, storeId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const allowed = new Set((await shareableShops(db, storeId)).map((s) => s.id));
  const bad = unique.filter((id) => !allowed.has(id));
  if (bad.length) throw badRequest(`sharedWith: ${bad[0]} is not another shop of the same owner`);
  return unique;
}

const duplicate = (b: Body) => conflict(`pixelId: this shop already has the ${b.network} pixel ${b.pixelId}`);

/**
 * POST /api/pixels: adds a pixel to `storeId` (at most MAX_PIXELS). The Conversions API token is sealed with
 * lib/secrets.ts before it is written. Errors: 400 (too many, a sharing target that is not a shop of the same
 * owner), 409 (the same network and ID already there).
 */
export async function createPixel(db: Db, config: Config, storeId: string, b: Body): Promise<Pixel> {
  const sharedWith = await checkSharing(db, storeId, b.sharedWith);
  const sealed = b.accessToken ? sealSecret(config.jwtSecret, TOKEN_PURPOSE, b.accessToken) : null;
  const inserted = await rows<{ id: string }>(
    db,
    sql`insert into pixels (store_id, network, pixel_id, access_token_sealed, ads_conversion_id, ads_conversion_label, shared_with)
        select ${storeId}::uuid, ${b.network}, ${b.pixelId}, ${sealed}, ${b.adsConversionId ?? null}, ${b.adsConversionLabel ?? null},
               ${`{${sharedWith.join(',')}}`}::uuid[]
        where (select count(*) from pixels where store_id = ${storeId}::uuid) < ${MAX_PIXELS}
        on conflict (store_id, network, pixel_id) do nothing
        returning id`,
  );
  if (!inserted[0]) {
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from pixels where store_id = ${storeId}::uuid`);
    if (Number(n!.n) >= MAX_PIXELS) throw badRequest(`pixelId: a shop has at most ${MAX_PIXELS} pixels`);
    throw duplicate(b);
  }
  return (await readPixels(db, storeId, inserted[0].id))[0]!;
}

/**
 * PUT /api/pixels/{id}: replaces a pixel OWNED by `storeId` (a pixel another shop shares with it, or another
 * shop's, is 404). `accessToken` omitted keeps the stored token, null removes it. 409 on a duplicate network + ID.
 */
export async function updatePixel(db: Db, config: Config, storeId: string, id: string, b: Body): Promise<Pixel> {
  const sharedWith = await checkSharing(db, storeId, b.sharedWith);
  const token =
    b.accessToken === undefined
      ? sql`access_token_sealed`
      : sql`${b.accessToken === null ? null : sealSecret(config.jwtSecret, TOKEN_PURPOSE, b.accessToken)}`;
  let updated: { id: string }[];
  try {
    updated = await rows<{ id: string }>(
      db,
      sql`update pixels set network = ${b.network}, pixel_id = ${b.pixelId},
                 access_token_sealed = case when ${b.network} = 'meta' then ${token} end,
                 ads_conversion_id = ${b.adsConversionId ?? null}, ads_conversion_label = ${b.adsConversionLabel ?? null},
                 shared_with = ${`{${sharedWith.join(',')}}`}::uuid[], updated_at = now()
          where id = ${id}::uuid and store_id = ${storeId}::uuid
          returning id`,
    );
  } catch (e) {
    if ((e as { code?: string }).code === '23505' || /pixels_store_network_pixel/.test(String((e as Error).message))) throw duplicate(b);
    throw e;
  }
  if (!updated[0]) throw notFound('Pixel');
  return (await readPixels(db, storeId, id))[0]!;
}

/** DELETE /api/pixels/{id}: removes a pixel owned by `storeId`; 404 otherwise (shared-with shops cannot delete it). */
export async function deletePixel(db: Db, storeId: string, id: string): Promise<void> {
  const gone = await rows(db, sql`delete from pixels where id = ${id}::uuid and store_id = ${storeId}::uuid returning id`);
  if (!gone[0]) throw notFound('Pixel');
}

/**
 * The pixels that fire on `storeId`'s storefront — its own and those shared with it (no tokens) — and whether its
 * cookie-consent banner is on (Preferences `cookieConsentBanner`): ONE statement per storefront page, answered from
 * the `(store_id, …)` unique index and the GIN index on `shared_with`.
 */
export async function storefrontPixelsConfig(db: Db, storeId: string): Promise<StorefrontPixelsConfig> {
  const [row] = await rows<{ pixels: StorefrontPixel[] | null; consent: boolean | null }>(
    db,
    sql`select (select json_agg(json_build_object('network', network, 'pixelId', pixel_id, 'adsConversionId', ads_conversion_id,
                                                  'adsConversionLabel', ads_conversion_label) order by created_at, id)
                  from pixels where store_id = ${storeId}::uuid or shared_with @> array[${storeId}::uuid]) as pixels,
               (select cookie_consent_banner from store_preferences where store_id = ${storeId}::uuid) as consent`,
  );
  return { pixels: row?.pixels ?? [], consentBanner: row?.consent ?? false };
}

/** The pixels that fire on `storeId`'s storefront: its own and those shared with it (no tokens). */
export async function storefrontPixels(db: Db, storeId: string): Promise<StorefrontPixel[]> {
  return (await storefrontPixelsConfig(db, storeId)).pixels;
}
