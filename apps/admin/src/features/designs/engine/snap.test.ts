import { defaultDocument, type Layer, type Surface } from '@backroom/design';
import { describe, expect, it } from 'vitest';
import { boundsOf } from './geometry';
import { snapBox, snapTargets } from './snap';

const front = (): Surface => defaultDocument('print_hub').surfaces[0]!; // 304.8 × 406.4 mm, safe 6.35 mm
const rect = (id: string, x: number, y: number, width: number, height: number, rotation = 0): Layer => ({
  id,
  name: '',
  type: 'shape',
  shape: 'rect',
  x,
  y,
  width,
  height,
  rotation,
  opacity: 1,
  locked: false,
  hidden: false,
  fill: '#000000',
  stroke: null,
  strokeWidth: 0,
  cornerRadius: 0,
});

describe('snapping (issue 19 item 2)', () => {
  it('snaps a box whose centre is within the threshold to the surface centre, both axes, with centre guides', () => {
    const s = front();
    const t = snapTargets(s, new Set());
    // Centre at (152.4 + 2, 203.2 − 1.5): 2 mm and 1.5 mm off.
    const r = snapBox({ x: 152.4 + 2 - 50, y: 203.2 - 1.5 - 20, width: 100, height: 40 }, t, 3);
    expect(r.dx).toBeCloseTo(-2, 9);
    expect(r.dy).toBeCloseTo(1.5, 9);
    expect(r.guides.map((g) => [g.axis, g.kind, Math.round(g.at * 100) / 100])).toEqual([
      ['x', 'centre', 152.4],
      ['y', 'centre', 203.2],
    ]);
  });

  it('does not snap beyond the threshold (exactly at it, it does)', () => {
    const t = snapTargets(front(), new Set());
    const box = { x: 100, y: 100, width: 30, height: 30 }; // nothing near: edges 0/304.8, safe 6.35, centre 152.4
    expect(snapBox(box, t, 5)).toEqual({ dx: 0, dy: 0, guides: [] });
    expect(snapBox({ ...box, x: 3.35 }, t, 3).dx).toBeCloseTo(3, 9); // left edge to the safe line at 6.35
    expect(snapBox({ ...box, x: 3.34 }, t, 3).dx).toBe(0); // 3.01 mm from the safe line, 3.34 from the edge: neither
  });

  it('snaps to another layer’s edges and centre but not to itself nor to hidden layers', () => {
    const s = {
      ...front(),
      layers: [rect('a', 40, 40, 60, 20), { ...rect('h', 120, 120, 10, 10), hidden: true }, rect('me', 0, 0, 10, 10)],
    };
    const t = snapTargets(s, new Set(['me']));
    expect(t.x.filter((l) => l.kind === 'layer').map((l) => l.at)).toEqual([40, 70, 100]);
    // Its left edge 1 mm right of a's right edge (100) snaps there, with a dashed layer guide.
    const r = snapBox({ x: 101, y: 300, width: 10, height: 10 }, t, 2);
    expect(r.dx).toBeCloseTo(-1, 9);
    expect(r.guides).toEqual([{ axis: 'x', at: 100, kind: 'layer' }]);
  });

  it('uses the drawn bounds of a rotated layer', () => {
    const b = boundsOf(rect('r', 0, 0, 100, 20, 90));
    expect(b.x).toBeCloseTo(40, 9);
    expect(b.width).toBeCloseTo(20, 9);
    expect(b.height).toBeCloseTo(100, 9);
  });
});
