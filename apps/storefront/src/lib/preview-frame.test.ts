// @vitest-environment jsdom
/**
 * The preview frame as the editor drives it (issue 9 item 4): the real storefront App rendered in jsdom with the
 * bridge listening. A click on a section posts select (and a link in it does not navigate), an in-place edit of a
 * heading posts edit with the path relative to the section object, the editor's echo keeps the text, and configs
 * from any origin but the admin's are ignored.
 */
import type { StorefrontBootstrap } from '@backroom/contracts';
import { applyPreviewEdit, emptyConfig, type PreviewPathStep, type ThemeConfig } from '@backroom/theme';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../App';
import { CartStore } from './cart';
import { EventBeacon } from './events';
import { type PreviewChannel, startPreviewBridge } from './preview';
import { type Shop, ShopContext, ThemeStore } from './theme';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const ADMIN = 'http://localhost:3000';

interface Posted {
  select: string[];
  edit: { section: string; path: PreviewPathStep[]; value: string }[];
}

let root: Root;
let container: HTMLElement;
let stop: () => void;
let posted: Posted;
let store: ThemeStore;
let config: ThemeConfig;

/** Sends a config message to the frame as the editor would (or as another origin would). */
function sendConfig(next: ThemeConfig, origin = ADMIN, section: string | null = null) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin,
        data: { type: 'config', config: next, domain: 'demo.localhost:3000', section, scrollTo: null, page: 'home' },
      }),
    );
  });
}

beforeEach(() => {
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    addEventListener() {},
    removeEventListener() {},
  })) as never;
  Element.prototype.scrollIntoView ??= () => {};
  history.replaceState(null, '', '/?preview=1');
  config = emptyConfig('newchick', ['feature-content', 'image_with_text']);
  store = new ThemeStore(config);
  posted = { select: [], edit: [] };
  const channel: PreviewChannel = {
    select: (section) => posted.select.push(section),
    edit: (section, path, value) => posted.edit.push({ section, path, value }),
  };
  const boot: StorefrontBootstrap = {
    shop: { id: '00000000-0000-4000-8000-000000000001', name: 'Demo', handle: 'demo', currency: 'USD', domain: 'demo.localhost' },
    theme: null,
    menus: [],
    hasCustomJs: false,
    adminOrigin: ADMIN,
  };
  const shop: Shop = { boot, theme: store, cart: new CartStore(null), beacon: new EventBeacon(false), preview: true, channel };
  stop = startPreviewBridge({ win: window, adminOrigin: ADMIN, store, channel });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  act(() => {
    root.render(
      createElement(QueryClientProvider, { client: qc }, createElement(ShopContext.Provider, { value: shop }, createElement(App))),
    );
  });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  stop();
});

const sectionEl = (i: number) => container.querySelectorAll<HTMLElement>('[data-section-key]:not(header):not(footer)')[i]!;

describe('preview frame: click-to-select', () => {
  it('posts select with the section key for a click anywhere in a section, and labels sections by type', () => {
    const key = config.pages.homepage.sections[1]!.key;
    const el = sectionEl(1);
    expect(el.dataset.sectionKey).toBe(key);
    expect(el.dataset.sectionLabel).toBe('Image with text');
    act(() => el.querySelector('img, h2, div')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(posted.select).toEqual([key]);
  });

  it('posts select header / footer for the fixed areas', () => {
    act(() => container.querySelector('header')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    act(() => container.querySelector('footer')!.dispatchEvent(new MouseEvent('click', { bubbles: true })));
    expect(posted.select).toEqual(['header', 'footer']);
  });

  it('does not navigate a link clicked in the preview', () => {
    const link = container.querySelector<HTMLAnchorElement>('header a[href="/cart"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => link.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(location.pathname).toBe('/');
    expect(posted.select).toEqual(['header']);
  });
});

describe('preview frame: in-place edit', () => {
  it('posts edit with the path relative to the section object, and keeps the text when the editor echoes it', () => {
    const section = config.pages.homepage.sections[0]!;
    const heading = sectionEl(0).querySelector<HTMLElement>('[data-edit-path="settings.heading"]')!;
    expect(heading.getAttribute('contenteditable')).toBe('plaintext-only');
    expect(heading.textContent).toBe((section.settings as { heading: string }).heading);
    heading.textContent = 'Why shop with us';
    act(() => heading.dispatchEvent(new Event('input', { bubbles: true })));
    expect(posted.edit).toEqual([{ section: section.key, path: ['settings', 'heading'], value: 'Why shop with us' }]);
    // The editor applies the edit to its draft and sends the whole config back.
    const next = applyPreviewEdit(config, posted.edit[0]!);
    sendConfig(next);
    expect(heading.isConnected).toBe(true);
    expect(heading.textContent).toBe('Why shop with us');
    // A block's text: path through the block list.
    const blockHeading = sectionEl(1).querySelector<HTMLElement>('[data-edit-path="settings.blocks.0.heading"]')!;
    blockHeading.textContent = 'Made to last';
    act(() => blockHeading.dispatchEvent(new Event('input', { bubbles: true })));
    expect(posted.edit[1]).toEqual({
      section: config.pages.homepage.sections[1]!.key,
      path: ['settings', 'blocks', 0, 'heading'],
      value: 'Made to last',
    });
  });

  it('shows a text changed in the editor at once (no reload), and ignores configs from other origins', () => {
    const key = config.pages.homepage.sections[0]!.key;
    const changed = applyPreviewEdit(config, { section: key, path: ['settings', 'heading'], value: 'From the sidebar' });
    for (const origin of ['http://evil.example', 'http://localhost:3001', 'https://localhost:3000', 'null', ''])
      sendConfig(changed, origin);
    const heading = () => sectionEl(0).querySelector<HTMLElement>('[data-edit-path="settings.heading"]')!;
    expect(heading().textContent).not.toBe('From the sidebar');
    expect(store.get().version).toBe(0);
    sendConfig(changed, ADMIN, key);
    expect(heading().textContent).toBe('From the sidebar');
    expect(sectionEl(0).classList.contains('sf-selected')).toBe(true);
  });

  it('is plain text, not editable, on the public storefront', () => {
    act(() => root.unmount());
    root = createRoot(container);
    const shop: Shop = {
      boot: {
        shop: { id: 'x', name: 'Demo', handle: 'demo', currency: 'USD', domain: 'd' },
        theme: null,
        menus: [],
        hasCustomJs: false,
        adminOrigin: ADMIN,
      },
      theme: store,
      cart: new CartStore(null),
      beacon: new EventBeacon(false),
      preview: false,
      channel: null,
    };
    act(() => {
      root.render(
        createElement(
          QueryClientProvider,
          { client: new QueryClient({ defaultOptions: { queries: { enabled: false } } }) },
          createElement(ShopContext.Provider, { value: shop }, createElement(App)),
        ),
      );
    });
    expect(container.querySelector('[contenteditable]')).toBeNull();
    expect(container.querySelector('[data-edit-path]')).toBeNull();
  });
});
