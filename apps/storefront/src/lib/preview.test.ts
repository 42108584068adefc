import { emptyConfig } from '@backroom/theme';
import { describe, expect, it } from 'vitest';
import { createPreviewChannel, startPreviewBridge } from './preview';
import { ThemeStore } from './theme';

const ADMIN = 'http://localhost:3000';

/** A window stand-in: message listeners, and a parent that records what the frame posts. */
function fakeWindow() {
  const target = new EventTarget();
  const posted: { data: unknown; origin: string }[] = [];
  const parent = { postMessage: (data: unknown, origin: string) => posted.push({ data, origin }) };
  const win = Object.assign(target, { parent }) as unknown as Window;
  const send = (data: unknown, origin: string) => target.dispatchEvent(new MessageEvent('message', { data, origin }));
  return { win, posted, send };
}

const message = (over: Record<string, unknown> = {}) => {
  const config = emptyConfig('newchick', ['head-image']);
  config.settings.colors.color_checkout_button = '#123456';
  return {
    type: 'config',
    config,
    domain: 'demo.localhost:3000',
    section: config.pages.homepage.sections[0]!.key,
    scrollTo: null,
    page: 'home',
    ...over,
  };
};

describe('preview bridge (DESIGN.md "Preview protocol")', () => {
  it('posts ready to the admin origin only', () => {
    const { win, posted } = fakeWindow();
    startPreviewBridge({ win, adminOrigin: ADMIN, store: new ThemeStore(emptyConfig('hydro')) });
    expect(posted).toEqual([{ data: { type: 'ready' }, origin: ADMIN }]);
  });

  it('applies a config from the admin origin, with the selection and page', () => {
    const { win, send } = fakeWindow();
    const store = new ThemeStore(emptyConfig('hydro'));
    const pages: string[] = [];
    startPreviewBridge({ win, adminOrigin: ADMIN, store, onPage: (m) => pages.push(m.page) });
    const msg = message({ page: 'cart' });
    send(msg, 'http://localhost:3000');
    const s = store.get();
    expect(s.config.settings.colors.color_checkout_button).toBe('#123456');
    expect(s.type).toBe('newchick');
    expect(s.section).toBe(msg.section);
    expect(s.page).toBe('cart');
    expect(s.version).toBe(1);
    expect(pages).toEqual(['cart']);
  });

  it('ignores a message from another origin, a look-alike origin, "null" and malformed messages', () => {
    const { win, send } = fakeWindow();
    const store = new ThemeStore(emptyConfig('hydro'));
    startPreviewBridge({ win, adminOrigin: ADMIN, store });
    for (const origin of [
      'http://evil.example',
      'http://localhost:3001',
      'https://localhost:3000',
      'http://localhost.evil:3000',
      'null',
      '',
    ]) {
      send(message(), origin);
    }
    send({ type: 'config', config: 'nope' }, ADMIN);
    send(message({ page: 'nowhere' }), ADMIN);
    send('config', ADMIN);
    expect(store.get().version).toBe(0);
    expect(store.get().type).toBe('hydro');
    expect(store.get().config.settings.colors.color_checkout_button).toBe('#0082E5');
  });

  it('keeps the identity of unchanged parts so unchanged sections skip rendering', () => {
    const store = new ThemeStore(emptyConfig('newchick', ['head-image', 'flash_deals']));
    const before = store.get().config;
    const next = structuredClone(before);
    next.settings.colors.color_price = '#000000';
    store.apply({ config: next, section: null, scrollTo: null, page: 'home' });
    const after = store.get().config;
    expect(after).not.toBe(before);
    expect(after.pages.homepage.sections[0]).toBe(before.pages.homepage.sections[0]);
    expect(after.settings.typography).toBe(before.settings.typography);
    expect(after.settings.colors).not.toBe(before.settings.colors);
  });

  it('stops listening when stopped', () => {
    const { win, send } = fakeWindow();
    const store = new ThemeStore(emptyConfig('hydro'));
    const stop = startPreviewBridge({ win, adminOrigin: ADMIN, store });
    stop();
    send(message(), ADMIN);
    expect(store.get().version).toBe(0);
  });

  it('posts select and edit to the admin origin only, and nothing when not framed', () => {
    const { win, posted } = fakeWindow();
    const channel = createPreviewChannel(win, ADMIN);
    channel.select('header');
    channel.edit('hero-1', ['settings', 'heading'], 'Hi');
    expect(posted).toEqual([
      { data: { type: 'select', section: 'header' }, origin: ADMIN },
      { data: { type: 'edit', section: 'hero-1', path: ['settings', 'heading'], value: 'Hi' }, origin: ADMIN },
    ]);
    const top = { postMessage: () => expect.unreachable('a page that is not framed posts nothing') } as unknown as Window;
    Object.assign(top, { parent: top });
    createPreviewChannel(top, ADMIN).select('header');
  });
});
