/** The preview message contract (DESIGN.md "Preview protocol"; spec theme-editor §4). */
import { describe, expect, it } from 'vitest';
import { acceptFromOrigin, configMessage, fillDefaults, isPreviewMessage, previewUrl } from './index.js';

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
});
