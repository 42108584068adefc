import type { StorefrontBootstrap, StorefrontMenu } from '@backroom/contracts';
import { emptyConfig, type PreviewConfigMessage, type PreviewPage, type ThemeConfig, type ThemeType, themeTypeOf } from '@backroom/theme';
import { replaceEqualDeep } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CartStore } from './cart';
import type { EventBeacon } from './events';
import type { PreviewChannel } from './preview-channel';

/** What the renderers read: the config, its theme type, and in a preview the editor's selection. */
export interface ThemeState {
  config: ThemeConfig;
  type: ThemeType;
  /** Key of the selected section / area (preview only): highlighted. */
  section: string | null;
  /** Key to scroll into view (preview only). */
  scrollTo: string | null;
  /** Page the editor asked for (preview only). */
  page: PreviewPage | null;
  /** Bumped on every applied preview message (scroll requests repeat with the same key). */
  version: number;
}

/**
 * The one store of the rendered theme config. The public storefront fills it once from the bootstrap; a preview
 * frame replaces the config on every editor message (DESIGN.md "Preview protocol"). Unchanged parts of a new config
 * keep their previous object identity (structural sharing), so memoised sections whose settings did not change
 * skip rendering — that keeps an edit within one frame.
 */
export class ThemeStore {
  private state: ThemeState;
  private listeners = new Set<() => void>();

  constructor(config: ThemeConfig) {
    this.state = { config, type: themeTypeOf(config), section: null, scrollTo: null, page: null, version: 0 };
  }
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  get = () => this.state;

  /** Applies an editor message: the whole config, the selection, the scroll target and the page. */
  apply(msg: Pick<PreviewConfigMessage, 'config' | 'section' | 'scrollTo' | 'page'>) {
    const config = replaceEqualDeep(this.state.config, msg.config) as ThemeConfig;
    this.state = {
      config,
      type: themeTypeOf(config),
      section: msg.section,
      scrollTo: msg.scrollTo,
      page: msg.page,
      version: this.state.version + 1,
    };
    for (const l of this.listeners) l();
  }
}

/** The config a shop without a published theme renders: the hydro defaults with a head image and a featured collection. */
export function fallbackConfig(): ThemeConfig {
  return emptyConfig('hydro', ['head-image', 'featured-collection']);
}

/**
 * Everything the storefront shares: the bootstrap, the theme store, the cart, the event beacon, the preview flag
 * and, in an editor preview frame, the channel that posts select / edit messages to the editor.
 */
export interface Shop {
  boot: StorefrontBootstrap;
  theme: ThemeStore;
  cart: CartStore;
  beacon: EventBeacon;
  preview: boolean;
  channel: PreviewChannel | null;
}
export const ShopContext = createContext<Shop | null>(null);

/** The shop context (throws outside the provider). */
export function useShop(): Shop {
  const s = useContext(ShopContext);
  if (!s) throw new Error('ShopContext missing');
  return s;
}

/** The current theme state; re-renders when the preview applies a new config. */
export function useTheme(): ThemeState {
  const { theme } = useShop();
  return useSyncExternalStore(theme.subscribe, theme.get, theme.get);
}

/**
 * One part of the theme state; re-renders only when that part changes. Structural sharing keeps unchanged parts of
 * a new config identical, so a selector returning a sub-object (or a primitive) skips renders for edits elsewhere —
 * this is what keeps a preview edit within one frame.
 */
export function useThemeSelect<T>(select: (s: ThemeState) => T): T {
  const { theme } = useShop();
  const get = () => select(theme.get());
  return useSyncExternalStore(theme.subscribe, get, get);
}

/** A menu by handle (the first menu when the handle is empty or unknown; null when the shop has none). */
export function useMenu(handle: string | undefined): StorefrontMenu | null {
  const { boot } = useShop();
  return boot.menus.find((m) => m.handle === handle) ?? (handle ? null : (boot.menus[0] ?? null));
}
