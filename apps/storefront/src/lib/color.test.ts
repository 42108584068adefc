import { describe, expect, it } from 'vitest';
import { contrast, parseColor, readable, scrimFor } from './color';

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

describe('scrimFor (issue 31 item 10)', () => {
  const onWorst = (text: string, s: { color: string; opacity: number }) => {
    const v = s.color === '#000000' ? 255 * (1 - s.opacity) : 255 * s.opacity;
    return contrast(parseColor(text)!, [v, v, v]);
  };
  it('white text gets a black scrim dark enough over a white picture, never lighter than the theme overlay', () => {
    const s = scrimFor('#ffffff');
    expect(s.color).toBe('#000000');
    expect(onWorst('#ffffff', s)).toBeGreaterThanOrEqual(4.5);
    expect(scrimFor('#ffffff', 0.8).opacity).toBe(0.8);
  });
  it('dark text gets a white scrim over a black picture', () => {
    const s = scrimFor('#222222');
    expect(s.color).toBe('#ffffff');
    expect(onWorst('#222222', s)).toBeGreaterThanOrEqual(4.5);
  });
});
