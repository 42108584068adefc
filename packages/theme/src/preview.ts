/**
 * The preview message contract between the theme editor (admin origin) and the storefront frame (shop origin),
 * DESIGN.md "Preview protocol", spec theme-editor §4 ("The preview frame receives messages carrying the config,
 * the theme domain, the section, the scroll target and the selected page").
 *
 * Frame → editor: `{type: 'ready'}` once it can take a config.
 * Editor → frame: `{type: 'config', config, domain, section, scrollTo, page}` on every edit; the frame
 * re-renders in place with no reload and no server round trip.
 * Both sides check `event.origin` with `acceptFromOrigin` before reading `event.data` with `isPreviewMessage`.
 */
import type { ThemeConfig } from './config.js';
import { PREVIEW_PAGES, type PreviewPage } from './settings.js';

/** Query parameter that turns a storefront page into a preview frame (`?preview=1`). */
export const PREVIEW_QUERY_PARAM = 'preview';

/** Sent by the frame when it is ready for configs. */
export interface PreviewReadyMessage {
  type: 'ready';
}
/** Sent by the editor on every edit: the whole draft config and what to show. */
export interface PreviewConfigMessage {
  type: 'config';
  /** The whole draft config (filled, as `fillDefaults` returns it). */
  config: ThemeConfig;
  /** The theme's shop domain, e.g. `demo.localhost:3000` (spec §4 "the theme domain"). */
  domain: string;
  /** Key of the selected section (`Section.key`), or of a fixed area / settings group entry; null for none. */
  section: string | null;
  /** Key of the element to scroll into view (usually the section key); null to keep the scroll position. */
  scrollTo: string | null;
  /** The page to show (spec §2 page selector). */
  page: PreviewPage;
}
export type PreviewMessage = PreviewReadyMessage | PreviewConfigMessage;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrOrNull = (v: unknown) => v === null || typeof v === 'string';

/**
 * Structural check of a posted message (cheap: it runs on every edit within the 16 ms frame budget, so it checks
 * the envelope and the config's top-level shape, not every setting). Returns false for anything else.
 */
export function isPreviewMessage(data: unknown): data is PreviewMessage {
  if (!isObj(data)) return false;
  if (data.type === 'ready') return true;
  if (data.type !== 'config') return false;
  const c = data.config;
  return (
    isObj(c) &&
    isObj(c.pages) &&
    isObj(c.settings) &&
    typeof data.domain === 'string' &&
    isStrOrNull(data.section) &&
    isStrOrNull(data.scrollTo) &&
    typeof data.page === 'string' &&
    (PREVIEW_PAGES as readonly string[]).includes(data.page)
  );
}

/** Normalises an origin ("http://Demo.localhost:3000/" → "http://demo.localhost:3000"); null when it is not one. */
export function normalizeOrigin(origin: string): string | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

/**
 * Whether a message event's origin is the expected one (the admin origin for the frame, the shop origin for the
 * editor): an exact scheme+host+port match after normalising. `"null"`, `"*"` and malformed origins never match.
 */
export function acceptFromOrigin(eventOrigin: string, expectedOrigin: string): boolean {
  const a = normalizeOrigin(eventOrigin);
  const b = normalizeOrigin(expectedOrigin);
  return a !== null && b !== null && a === b;
}

/** Builds a config message (editor side). */
export function configMessage(o: Omit<PreviewConfigMessage, 'type'>): PreviewConfigMessage {
  return { type: 'config', ...o };
}

/**
 * The preview address of a page (spec §4 "The preview address is built from the store domain"): the storefront
 * origin for `domain` with `?preview=1` and the path of the page (`/`, `/products/{handle}`, `/collections`, …).
 */
export function previewUrl(domain: string, path = '/', protocol: 'http' | 'https' = 'http'): string {
  const u = new URL(path, `${protocol}://${domain}`);
  u.searchParams.set(PREVIEW_QUERY_PARAM, '1');
  return u.toString();
}

/**
 * Editor and preview timings and sizes (spec theme-editor §9 "Business constants"; §4 loading states; §7
 * collection search debounce). Milliseconds and CSS pixels.
 */
export const EDITOR_CONSTANTS = {
  /** Collection/product search debounce after typing (§7, §9). */
  searchDebounceMs: 300,
  /** The preview is refreshed this long after it loads (§4, §9). */
  previewRefreshMs: 4000,
  /** The editor counts as loaded this long after the preview loads (§4, §9). */
  loadedAfterMs: 5000,
  /** Clicking in the editor is enabled this long after load (§4, §9). */
  clickEnabledAfterMs: 1000,
  /** The mobile preview viewport (§2, §9). */
  mobilePreview: { width: 375, height: 667 },
} as const;
