import { describe, expect, it } from 'vitest';
import { contrast, parseColor, readable } from './color';

describe('readable colours', () => {
  it('keeps colours that already pass and darkens those that do not', () => {
    expect(readable('#000000')).toBe('#000000');
    expect(readable('#0F4C81')).toBe('#0F4C81');
    const price = readable('#E4405F');
    expect(price).not.toBe('#E4405F');
    expect(contrast(parseColor(price)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    const grey = readable('#999999');
    expect(contrast(parseColor(grey)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
  });
  it('lightens against a dark background and ignores unparseable colours', () => {
    const c = readable('#333333', '#000000');
    expect(contrast(parseColor(c)!, [0, 0, 0])).toBeGreaterThanOrEqual(4.5);
    expect(readable('transparent')).toBe('transparent');
  });
});
