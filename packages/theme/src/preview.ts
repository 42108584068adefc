/**
 * The preview message contract between the theme editor (admin origin) and the storefront frame (shop origin),
 * DESIGN.md "Preview protocol", spec theme-editor §4 ("The preview frame receives messages carrying the config,
 * the theme domain, the section, the scroll target and the selected page"), issue 9 items 4 and 6.
 *
 * Frame → editor:
 * - `{type: 'ready'}` once it can take a config (the handshake that replaces the spec's fixed 5 s / 4 s / 1 s delays);
 * - `{type: 'select', section}` when the merchant clicks a section in the preview (a section key, or `'header'` /
 *   `'footer'` for the fixed areas): the editor opens that section's panel;
 * - `{type: 'edit', section, path, value}` when a plain-text setting shown on the page (heading, sub-heading,
 *   button label) is edited in place in the preview: `path` is relative to the section object (the `Section` of
 *   the home page, or `pages.fixed.header` / `pages.fixed.footer`), e.g. `['settings', 'heading']` or
 *   `['settings', 'content', 'desktop', 0, 'heading', 'content']`; the editor applies it as one undo step.
 *
 * Editor → frame: `{type: 'config', config, domain, section, scrollTo, page}` on every edit; the frame re-renders
 * in place with no reload and no server round trip, outlines `section` and scrolls `scrollTo` into view.
 *
 * Both sides check `event.origin` with `acceptFromOrigin` (the frame: the admin origin; the editor: the shop
 * origin of the frame) before reading `event.data` with `isPreviewMessage`.
 */
import type { ThemeConfig } from './config.js';
import { PREVIEW_PAGES, type PreviewPage } from './settings.js';

/** Query parameter that turns a storefront page into a preview frame (`?preview=1`). */
export const PREVIEW_QUERY_PARAM = 'preview';
/** Query parameter that makes the storefront show one of the shop's themes that is not published (issue 9 item 1). */
export const PREVIEW_THEME_QUERY_PARAM = 'preview_theme_id';

/** Longest section key accepted in a message (keys are `type-<suffix>`, well under this). */
export const PREVIEW_MAX_KEY_LENGTH = 200;
/** Deepest `edit` path accepted (the deepest plain-text setting is 6 steps down). */
export const PREVIEW_MAX_PATH_DEPTH = 12;
/** Longest text an in-place `edit` may carry, in UTF-16 code units. */
export const PREVIEW_MAX_EDIT_LENGTH = 10_000;

/** Sent by the frame when it is ready for configs. */
export interface PreviewReadyMessage {
  type: 'ready';
}
/** Sent by the frame when a section (or the header / footer) is clicked in the preview. */
export interface PreviewSelectMessage {
  type: 'select';
  /** `Section.key` of a home-page section, or `'header'` / `'footer'`. */
  section: string;
}
/** One step of a setting path: an object key or an array index. */
export type PreviewPathStep = string | number;
/** Sent by the frame when a plain-text setting is edited in place in the preview. */
export interface PreviewEditMessage {
  type: 'edit';
  /** `Section.key` of a home-page section, or `'header'` / `'footer'`. */
  section: string;
  /** Path of the text setting relative to the section object (see the module comment), e.g. `['settings', 'heading']`. */
  path: PreviewPathStep[];
  /** The new plain text. */
  value: string;
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
/** Messages the frame posts to the editor. */
export type PreviewFrameMessage = PreviewReadyMessage | PreviewSelectMessage | PreviewEditMessage;
/** Messages the editor posts to the frame. */
export type PreviewEditorMessage = PreviewConfigMessage;
export type PreviewMessage = PreviewFrameMessage | PreviewEditorMessage;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrOrNull = (v: unknown) => v === null || typeof v === 'string';
const isKey = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= PREVIEW_MAX_KEY_LENGTH;
/** Keys that would reach an object's prototype when a path is applied. */
const FORBIDDEN_STEPS = new Set(['__proto__', 'prototype', 'constructor']);
const isStep = (v: unknown): v is PreviewPathStep =>
  (typeof v === 'string' && v.length > 0 && v.length <= PREVIEW_MAX_KEY_LENGTH && !FORBIDDEN_STEPS.has(v)) ||
  (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 10_000);

/**
 * Structural check of a posted message (cheap: it runs on every edit within the 16 ms frame budget, so it checks
 * the envelope and the config's top-level shape, not every setting). Returns false for anything else, including
 * an `edit` whose path is empty, too deep, has a non-integer index or a prototype key, or whose value is not a
 * string of at most PREVIEW_MAX_EDIT_LENGTH characters.
 */
export function isPreviewMessage(data: unknown): data is PreviewMessage {
  if (!isObj(data)) return false;
  switch (data.type) {
    case 'ready':
      return true;
    case 'select':
      return isKey(data.section);
    case 'edit':
      return (
        isKey(data.section) &&
        Array.isArray(data.path) &&
        data.path.length > 0 &&
        data.path.length <= PREVIEW_MAX_PATH_DEPTH &&
        data.path.every(isStep) &&
        typeof data.value === 'string' &&
        data.value.length <= PREVIEW_MAX_EDIT_LENGTH
      );
    case 'config': {
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
    default:
      return false;
  }
}

/** Whether a checked message is one the frame sends (ready, select, edit): what the editor listens for. */
export function isFrameMessage(m: PreviewMessage): m is PreviewFrameMessage {
  return m.type === 'ready' || m.type === 'select' || m.type === 'edit';
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
/** Builds a select message (frame side). */
export function selectMessage(section: string): PreviewSelectMessage {
  return { type: 'select', section };
}
/** Builds an edit message (frame side). */
export function editMessage(section: string, path: PreviewPathStep[], value: string): PreviewEditMessage {
  return { type: 'edit', section, path, value };
}

/**
 * The object a section key names in a config: the home-page `Section` with that key, `pages.fixed.header` for
 * `'header'`, `pages.fixed.footer` for `'footer'`; undefined when there is none. `edit` paths start here.
 */
export function sectionObject(config: ThemeConfig, section: string): Record<string, unknown> | undefined {
  if (section === 'header' || section === 'footer') return config.pages.fixed[section] as unknown as Record<string, unknown>;
  return config.pages.homepage.sections.find((s) => s.key === section) as unknown as Record<string, unknown> | undefined;
}

/**
 * Applies an in-place edit to a config without changing it: a new config where only the objects on the way to
 * the edited text are copied (structural sharing, so unchanged sections keep their identity). The edit applies
 * only to an existing STRING setting (an in-place edit never creates a key, changes a type or reaches a
 * prototype); otherwise the same config object is returned unchanged.
 */
export function applyPreviewEdit(config: ThemeConfig, edit: Pick<PreviewEditMessage, 'section' | 'path' | 'value'>): ThemeConfig {
  const target = sectionObject(config, edit.section);
  if (!target || edit.path.length === 0 || edit.path.some((p) => !isStep(p))) return config;
  // Walk down, checking that the path exists and ends at a string.
  const chain: unknown[] = [target];
  let cur: unknown = target;
  for (const step of edit.path) {
    if (typeof step === 'number' ? !Array.isArray(cur) : !isObj(cur)) return config;
    if (!Object.hasOwn(cur as object, step)) return config;
    cur = (cur as Record<PreviewPathStep, unknown>)[step];
    chain.push(cur);
  }
  if (typeof cur !== 'string' || cur === edit.value) return config;
  // Rebuild upwards.
  let next: unknown = edit.value;
  for (let i = edit.path.length - 1; i >= 0; i--) {
    const parent = chain[i];
    const step = edit.path[i]!;
    if (Array.isArray(parent)) {
      const copy = parent.slice();
      copy[step as number] = next;
      next = copy;
    } else next = { ...(parent as object), [step]: next };
  }
  if (edit.section === 'header' || edit.section === 'footer') {
    return { ...config, pages: { ...config.pages, fixed: { ...config.pages.fixed, [edit.section]: next } } } as ThemeConfig;
  }
  const sections = config.pages.homepage.sections.map((s) => (s.key === edit.section ? (next as typeof s) : s));
  return { ...config, pages: { ...config.pages, homepage: { ...config.pages.homepage, sections } } };
}

/** Options of previewUrl. */
export interface PreviewUrlOptions {
  /** Scheme of the shop origin (default `http`). */
  protocol?: 'http' | 'https';
  /** Show this theme of the shop even when it is not published (`?preview_theme_id=`); a foreign id is ignored by the server. */
  themeId?: string;
  /** Make the page an editor preview frame (`?preview=1`: takes configs from the admin origin). Default true. */
  frame?: boolean;
}

/**
 * The preview address of a page (spec §4 "The preview address is built from the store domain"): the storefront
 * origin for `domain` with the path of the page (`/`, `/products/{handle}`, `/collections`, …), `?preview=1` for
 * an editor frame, and `?preview_theme_id=<themeId>` to show a theme that is not published (the Themes screen's
 * Preview and thumbnails, issue 9 item 1).
 */
export function previewUrl(domain: string, path = '/', opts: PreviewUrlOptions = {}): string {
  const u = new URL(path, `${opts.protocol ?? 'http'}://${domain}`);
  if (opts.frame !== false) u.searchParams.set(PREVIEW_QUERY_PARAM, '1');
  if (opts.themeId) u.searchParams.set(PREVIEW_THEME_QUERY_PARAM, opts.themeId);
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
