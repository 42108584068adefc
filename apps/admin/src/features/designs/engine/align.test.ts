import type { Layer } from '@backroom/design';
import { describe, expect, it } from 'vitest';
import { alignLayers, distributeLayers } from './align';

const rect = (id: string, x: number, y: number, width: number, height: number, extra: Partial<Layer> = {}): Layer =>
  ({
    id,
    name: '',
    type: 'shape',
    shape: 'rect',
    x,
    y,
    width,
    height,
    rotation: 0,
    opacity: 1,
    locked: false,
    hidden: false,
    fill: '#000000',
    stroke: null,
    strokeWidth: 0,
    cornerRadius: 0,
    ...extra,
  }) as Layer;
const trim = { x: 0, y: 0, width: 300, height: 400 };

describe('align and distribute (issue 19 item 2)', () => {
  it('one layer aligns to the surface', () => {
    const [a] = alignLayers([rect('a', 10, 10, 100, 50)], new Set(['a']), 'center', trim);
    expect(a).toMatchObject({ x: 100, y: 10 });
    const [b] = alignLayers([rect('a', 10, 10, 100, 50)], new Set(['a']), 'bottom', trim);
    expect(b).toMatchObject({ x: 10, y: 350 });
  });

  it('several layers align to the box around them; others and locked ones keep their identity', () => {
    const layers = [
      rect('a', 10, 0, 20, 20),
      rect('b', 50, 30, 40, 20),
      rect('c', 200, 0, 10, 10),
      rect('l', 0, 0, 5, 5, { locked: true }),
    ];
    const out = alignLayers(layers, new Set(['a', 'b', 'l']), 'right', trim);
    expect(out.map((l) => l.x)).toEqual([70, 50, 200, 0]);
    expect(out[1]).toBe(layers[1]); // already at the right edge: untouched
    expect(out[2]).toBe(layers[2]);
    expect(out[3]).toBe(layers[3]);
  });

  it('a rotated layer aligns by its drawn bounds', () => {
    // 100 × 20 turned 90°: drawn 20 wide, from x = 40 + (50 − 10) … its drawn left edge goes to 0.
    const [r] = alignLayers([rect('r', 100, 100, 100, 20, { rotation: 90 })], new Set(['r']), 'left', trim);
    expect(r!.x).toBeCloseTo(-40, 9);
  });

  it('distributes three or more with equal gaps between them, the outer ones staying', () => {
    const layers = [rect('a', 0, 0, 10, 10), rect('c', 100, 0, 30, 10), rect('b', 20, 0, 20, 10)];
    const out = distributeLayers(layers, new Set(['a', 'b', 'c']), 'x');
    // Span 0…130, sizes 10 + 20 + 30 = 60 → gaps of 35: b moves to 45.
    expect(out.map((l) => [l.id, l.x])).toEqual([
      ['a', 0],
      ['c', 100],
      ['b', 45],
    ]);
    expect(distributeLayers(layers.slice(0, 2), new Set(['a', 'c']), 'x')).toEqual(layers.slice(0, 2));
  });
});
