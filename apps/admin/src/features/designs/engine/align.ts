import type { Layer } from '@backroom/design';
import { type Box, boundsOf, roundMm, unionOf } from './geometry';

/**
 * Align and distribute (issue 19 item 2), pure. Layers line up by their drawn bounds (a rotated layer's corners),
 * so what the merchant sees lines up. One layer aligns to the surface's trim box; several align to the box around
 * them. Locked layers never move.
 */

export type AlignMode = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** The shift that aligns `b` to `to` by `mode`, mm. */
function shift(b: Box, to: Box, mode: AlignMode): { dx: number; dy: number } {
  switch (mode) {
    case 'left':
      return { dx: to.x - b.x, dy: 0 };
    case 'center':
      return { dx: to.x + to.width / 2 - (b.x + b.width / 2), dy: 0 };
    case 'right':
      return { dx: to.x + to.width - (b.x + b.width), dy: 0 };
    case 'top':
      return { dx: 0, dy: to.y - b.y };
    case 'middle':
      return { dx: 0, dy: to.y + to.height / 2 - (b.y + b.height / 2) };
    case 'bottom':
      return { dx: 0, dy: to.y + to.height - (b.y + b.height) };
  }
}

/**
 * The layers with those of `ids` aligned by `mode`: to `trim` when one layer is chosen, else to the box around the
 * chosen ones. Other layers keep their identity (cheap re-renders and undo steps).
 */
export function alignLayers<L extends Layer>(layers: readonly L[], ids: ReadonlySet<string>, mode: AlignMode, trim: Box): L[] {
  const chosen = layers.filter((l) => ids.has(l.id) && !l.locked);
  if (!chosen.length) return [...layers];
  const to = chosen.length === 1 ? trim : (unionOf(chosen.map(boundsOf)) as Box);
  return layers.map((l) => {
    if (!ids.has(l.id) || l.locked) return l;
    const { dx, dy } = shift(boundsOf(l), to, mode);
    return dx || dy ? { ...l, x: roundMm(l.x + dx), y: roundMm(l.y + dy) } : l;
  });
}

/**
 * The layers with those of `ids` spread evenly along `axis` ('x' horizontally, 'y' vertically): the first and last
 * (by position) stay, the ones between move so the gaps between their drawn bounds are equal. Needs three or more
 * movable layers; fewer come back unchanged.
 */
export function distributeLayers<L extends Layer>(layers: readonly L[], ids: ReadonlySet<string>, axis: 'x' | 'y'): L[] {
  const chosen = layers.filter((l) => ids.has(l.id) && !l.locked).map((l) => ({ l, b: boundsOf(l) }));
  if (chosen.length < 3) return [...layers];
  const pos = (b: Box) => (axis === 'x' ? b.x : b.y);
  const size = (b: Box) => (axis === 'x' ? b.width : b.height);
  chosen.sort((a, b) => pos(a.b) - pos(b.b));
  const first = chosen[0]!;
  const last = chosen[chosen.length - 1]!;
  const span = pos(last.b) + size(last.b) - pos(first.b);
  const total = chosen.reduce((n, c) => n + size(c.b), 0);
  const gap = (span - total) / (chosen.length - 1);
  const moved = new Map<string, number>();
  let at = pos(first.b);
  for (const c of chosen) {
    moved.set(c.l.id, at - pos(c.b));
    at += size(c.b) + gap;
  }
  return layers.map((l) => {
    const d = moved.get(l.id);
    if (!d) return l;
    return axis === 'x' ? { ...l, x: roundMm(l.x + d) } : { ...l, y: roundMm(l.y + d) };
  });
}
