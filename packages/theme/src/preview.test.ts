/** The preview message contract (DESIGN.md "Preview protocol"; spec theme-editor §4). */
import { describe, expect, it } from 'vitest';
import {
  acceptFromOrigin,
  applyPreviewEdit,
  configMessage,
  editMessage,
  emptyConfig,
  fillDefaults,
  isFrameMessage,
  isPreviewMessage,
  previewUrl,
  selectMessage,
} from './index.js';

const config = fillDefaults({}, 'newchick');
const msg = configMessage({
  config,
  domain: 'demo.localhost:3000',
  section: 'head-image-abc123',
  scrollTo: 'head-image-abc123',
  page: 'home',
});

describe('isPreviewMessage', () => {
  it('accepts ready and a well-formed config message', () => {
    expect(isPreviewMessage({ type: 'ready' })).toBe(true);
    expect(isPreviewMessage(msg)).toBe(true);
    expect(isPreviewMessage({ ...msg, section: null, scrollTo: null, page: 'order' })).toBe(true);
    expect(isPreviewMessage(structuredClone(msg))).toBe(true); // survives postMessage's structured clone
  });

  it('accepts select and edit messages from the frame', () => {
    expect(isPreviewMessage(selectMessage('head-image-abc123'))).toBe(true);
    expect(isPreviewMessage(selectMessage('header'))).toBe(true);
    const edit = editMessage('head-image-abc123', ['settings', 'content', 'desktop', 0, 'heading', 'content'], 'Autumn sale');
    expect(isPreviewMessage(edit)).toBe(true);
    expect(isPreviewMessage(structuredClone(edit))).toBe(true);
    expect(isPreviewMessage(editMessage('footer', ['settings', 'copyright'], ''))).toBe(true);
  });

  it('tells frame messages from editor messages', () => {
    expect(isFrameMessage({ type: 'ready' })).toBe(true);
    expect(isFrameMessage(selectMessage('header'))).toBe(true);
    expect(isFrameMessage(editMessage('header', ['settings', 'text_topbar'], 'x'))).toBe(true);
    expect(isFrameMessage(msg)).toBe(false);
  });

  const edit = { type: 'edit', section: 'k', path: ['settings', 'heading'], value: 'v' };
  it.each([
    ['a select without section', { type: 'select' }],
    ['a select with an empty section', { type: 'select', section: '' }],
    ['a select with a numeric section', { type: 'select', section: 1 }],
    ['a select with a huge section key', { type: 'select', section: 'k'.repeat(201) }],
    ['an edit without path', { ...edit, path: undefined }],
    ['an edit with an empty path', { ...edit, path: [] }],
    ['an edit with a path too deep', { ...edit, path: Array(13).fill('a') }],
    ['an edit with a negative index', { ...edit, path: ['settings', -1] }],
    ['an edit with a fractional index', { ...edit, path: ['settings', 1.5] }],
    ['an edit through __proto__', { ...edit, path: ['__proto__', 'polluted'] }],
    ['an edit through constructor', { ...edit, path: ['constructor', 'prototype', 'x'] }],
    ['an edit with an object step', { ...edit, path: [{}] }],
    ['an edit with a numeric value', { ...edit, value: 3 }],
    ['an edit with a value too long', { ...edit, value: 'x'.repeat(10_001) }],
    ['an edit without section', { ...edit, section: undefined }],
  ])('rejects %s', (_name, data) => {
    expect(isPreviewMessage(data)).toBe(false);
  });

  it.each([
    ['null', null],
    ['a string', 'config'],
    ['another type', { type: 'reload' }],
    ['no config', { ...msg, config: undefined }],
    ['config without settings', { ...msg, config: { pages: {} } }],
    ['an unknown page', { ...msg, page: 'blog' }],
    ['a numeric section', { ...msg, section: 3 }],
    ['no domain', { ...msg, domain: undefined }],
  ])('rejects %s', (_name, data) => {
    expect(isPreviewMessage(data)).toBe(false);
  });
});

describe('acceptFromOrigin', () => {
  const admin = 'http://localhost:3000';
  it('accepts exactly the admin origin', () => {
    expect(acceptFromOrigin('http://localhost:3000', admin)).toBe(true);
    expect(acceptFromOrigin('http://LOCALHOST:3000/', admin)).toBe(true);
  });
  it.each([
    ['another port', 'http://localhost:3001'],
    ['another scheme', 'https://localhost:3000'],
    ['a shop origin', 'http://demo.localhost:3000'],
    ['a look-alike host', 'http://localhost.evil.test:3000'],
    ['the opaque origin', 'null'],
    ['a wildcard', '*'],
    ['empty', ''],
    ['a file origin', 'file://'],
  ])('ignores a message from %s', (_name, origin) => {
    expect(acceptFromOrigin(origin, admin)).toBe(false);
  });
});

describe('previewUrl', () => {
  it('builds the shop address with ?preview=1', () => {
    expect(previewUrl('demo.localhost:3000')).toBe('http://demo.localhost:3000/?preview=1');
    expect(previewUrl('demo.localhost:3000', '/products/silk-scarf')).toBe('http://demo.localhost:3000/products/silk-scarf?preview=1');
  });
  it('names an unpublished theme with ?preview_theme_id=, with or without the frame flag', () => {
    const id = '0b6c2a52-6b4f-4d7e-9a55-0b1f0d8c1f2e';
    expect(previewUrl('demo.localhost:3000', '/', { themeId: id })).toBe(`http://demo.localhost:3000/?preview=1&preview_theme_id=${id}`);
    expect(previewUrl('shop.example', '/cart', { themeId: id, frame: false, protocol: 'https' })).toBe(
      `https://shop.example/cart?preview_theme_id=${id}`,
    );
  });
});

describe('applyPreviewEdit', () => {
  const base = emptyConfig('newchick', ['head-image', 'featured-collection']);
  const [hero, featured] = base.pages.homepage.sections;

  it('sets a nested text of one section and shares every other part', () => {
    const path = ['settings', 'content', 'desktop', 0, 'heading', 'content'];
    const next = applyPreviewEdit(base, editMessage(hero!.key, path, 'Autumn sale'));
    const slide = (next.pages.homepage.sections[0]!.settings as { content: { desktop: { heading: { content: string } }[] } }).content
      .desktop[0]!;
    expect(slide.heading.content).toBe('Autumn sale');
    expect(next.pages.homepage.sections[1]).toBe(featured);
    expect(next.settings).toBe(base.settings);
    expect(next.pages.fixed).toBe(base.pages.fixed);
    // The original is untouched.
    const before = (hero!.settings as { content: { desktop: { heading: { content: string } }[] } }).content.desktop[0]!;
    expect(before.heading.content).not.toBe('Autumn sale');
  });

  it('edits the header and the footer by their fixed keys', () => {
    const next = applyPreviewEdit(base, editMessage('header', ['settings', 'text_topbar'], 'Free shipping today'));
    expect(next.pages.fixed.header.settings.text_topbar).toBe('Free shipping today');
    expect(next.pages.fixed.footer).toBe(base.pages.fixed.footer);
  });

  it.each([
    ['an unknown section', 'nope', ['settings', 'heading']],
    ['a missing key', 'featured', ['settings', 'no_such_text']],
    ['a non-string setting', 'featured', ['settings', 'item_per_row']],
    ['an object', 'featured', ['settings']],
    ['an index on an object', 'featured', ['settings', 0]],
    ['a prototype key', 'featured', ['settings', '__proto__']],
  ])('leaves the config as it is for %s', (_name, which, path) => {
    const key = which === 'featured' ? featured!.key : which;
    expect(applyPreviewEdit(base, { section: key, path: path as (string | number)[], value: 'x' })).toBe(base);
  });
});
