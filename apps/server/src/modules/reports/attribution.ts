import type { EventAttribution } from '@backroom/contracts';

/** Where a session came from, by its referrer (issue 17 item 1; Shopify's "traffic source" classes). */
export type ReferrerClass = 'direct' | 'search' | 'social' | 'email' | 'other';
/** Ad networks a click id maps to (fbclid → facebook, ttclid → tiktok, gclid → google). */
export type ClickNetwork = 'facebook' | 'tiktok' | 'google';

// Registrable-name patterns of the common search engines, social networks and webmail hosts (matched on the host).
const SEARCH = /(^|\.)(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|naver|seznam|qwant|startpage|brave)\.[a-z.]+$/;
const SOCIAL =
  /(^|\.)(facebook\.com|fb\.com|fb\.me|instagram\.com|tiktok\.com|twitter\.com|x\.com|t\.co|pinterest\.[a-z.]+|pin\.it|linkedin\.com|lnkd\.in|youtube\.com|youtu\.be|reddit\.com|snapchat\.com|threads\.net|tumblr\.com|whatsapp\.com|telegram\.org|t\.me|vk\.com)$/;
const EMAIL = /(^mail\.|^webmail\.|(^|\.)outlook\.(com|live\.com)$|(^|\.)mail\.yahoo\.com$|(^|\.)proton\.me$|(^|\.)gmx\.[a-z]+$)/;
const EMAIL_MEDIUMS = new Set(['email', 'e-mail', 'newsletter', 'mail']);

/**
 * Classifies a session's traffic (issue 17 item 1): `utm_medium` email/newsletter → email; no referrer (or one that
 * is not a URL) → direct; else by the referrer's host: webmail → email (checked before search, since mail.google.com
 * is Google), search engines → search, social networks → social, anything else → other.
 */
export function classifyReferrer(referrer: string | undefined, utmMedium?: string): ReferrerClass {
  if (utmMedium && EMAIL_MEDIUMS.has(utmMedium.trim().toLowerCase())) return 'email';
  if (!referrer) return 'direct';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return 'direct';
  }
  if (!host) return 'direct';
  if (EMAIL.test(host)) return 'email';
  if (SEARCH.test(host)) return 'search';
  if (SOCIAL.test(host)) return 'social';
  return 'other';
}

/** The attribution columns of a `storefront_events` row (migration 0018; null when the event carries none). */
export interface AttributionColumns {
  landingPath: string | null;
  referrer: string | null;
  referrerClass: ReferrerClass | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  clickNetwork: ClickNetwork | null;
}

const clean = (v: string | undefined) => {
  const t = v?.trim();
  return t ? t : null;
};

/**
 * Maps an event's optional attribution fields (contracts `EventAttribution`, already length-checked) to row columns
 * (issue 17 item 1): the landing path without its query, utm values trimmed, source/medium/campaign lower-cased (Shopify groups them case-insensitively);
 * a click id names its network, which also becomes `utm_source` (and `utm_medium` 'paid') when the URL had none;
 * the referrer is classified by {@link classifyReferrer}. An event without any field gives all-null columns.
 */
export function attributionColumns(e: EventAttribution): AttributionColumns {
  const clickNetwork: ClickNetwork | null = clean(e.fbclid) ? 'facebook' : clean(e.ttclid) ? 'tiktok' : clean(e.gclid) ? 'google' : null;
  const utmSource = clean(e.utm_source)?.toLowerCase() ?? clickNetwork;
  const utmMedium = clean(e.utm_medium)?.toLowerCase() ?? (clickNetwork ? 'paid' : null);
  // The landing PATH (query and fragment dropped: its utm_* values arrive as their own fields).
  const landingPath = clean(e.landingPath?.split(/[?#]/, 1)[0]);
  const referrer = clean(e.referrer);
  const any =
    landingPath || referrer || utmSource || utmMedium || clickNetwork || clean(e.utm_campaign) || clean(e.utm_term) || clean(e.utm_content);
  return {
    landingPath,
    referrer,
    referrerClass: any ? classifyReferrer(referrer ?? undefined, utmMedium ?? undefined) : null,
    utmSource,
    utmMedium,
    utmCampaign: clean(e.utm_campaign)?.toLowerCase() ?? null,
    utmTerm: clean(e.utm_term),
    utmContent: clean(e.utm_content),
    clickNetwork,
  };
}
