import type { Layer, Surface } from '@backroom/design';
import { type Box, boundsOf } from './geometry';

/**
 * Snapping while a layer is dragged (issue 19 item 2 "snapping to centre, edges and other layers with guides").
 * Pure: given the moving box (its drawn bounds, mm) and the lines it may snap to, answers how far to shift it and
 * which guides to show. The threshold is in mm (the editor passes a few screen pixels converted at the zoom).
 */

/** A line something can snap to: vertical lines have a `x`, horizontal ones a `y`; `kind` colours the guide. */
export interface SnapLine {
  at: number;
  kind: 'centre' | 'edge' | 'safe' | 'layer';
}
export interface SnapTargets {
  /** Vertical lines (x positions, mm). */
  x: SnapLine[];
  /** Horizontal lines (y positions, mm). */
  y: SnapLine[];
}
/** A guide to draw: a vertical line at `x` or a horizontal one at `y`, across the surface. */
export type Guide = { axis: 'x'; at: number; kind: SnapLine['kind'] } | { axis: 'y'; at: number; kind: SnapLine['kind'] };

/**
 * The lines of a surface and its other layers: the trim's edges and centre lines, the safe area's edges (when it has
 * one), and every other visible layer's edges and centre (its drawn bounds). `exclude` = the moving layers' ids.
 */
export function snapTargets(surface: Pick<Surface, 'width' | 'height' | 'safe' | 'layers'>, exclude: ReadonlySet<string>): SnapTargets {
  const x: SnapLine[] = [
    { at: 0, kind: 'edge' },
    { at: surface.width / 2, kind: 'centre' },
    { at: surface.width, kind: 'edge' },
  ];
  const y: SnapLine[] = [
    { at: 0, kind: 'edge' },
    { at: surface.height / 2, kind: 'centre' },
    { at: surface.height, kind: 'edge' },
  ];
  if (surface.safe > 0) {
    x.push({ at: surface.safe, kind: 'safe' }, { at: surface.width - surface.safe, kind: 'safe' });
    y.push({ at: surface.safe, kind: 'safe' }, { at: surface.height - surface.safe, kind: 'safe' });
  }
  for (const l of surface.layers as readonly Layer[]) {
    if (exclude.has(l.id) || l.hidden) continue;
    const b = boundsOf(l);
    x.push({ at: b.x, kind: 'layer' }, { at: b.x + b.width / 2, kind: 'layer' }, { at: b.x + b.width, kind: 'layer' });
    y.push({ at: b.y, kind: 'layer' }, { at: b.y + b.height / 2, kind: 'layer' }, { at: b.y + b.height, kind: 'layer' });
  }
  return { x, y };
}

/** The closest line to any of `points` within `threshold` (ties: the earlier line, so centre beats a layer edge). */
function closest(points: readonly number[], lines: readonly SnapLine[], threshold: number): { delta: number; line: SnapLine } | null {
  let best: { delta: number; line: SnapLine } | null = null;
  for (const line of lines) {
    for (const p of points) {
      const delta = line.at - p;
      if (Math.abs(delta) <= threshold && (!best || Math.abs(delta) < Math.abs(best.delta) - 1e-9)) best = { delta, line };
    }
  }
  return best;
}

/**
 * Where a moving box snaps: its left edge, centre or right edge to the nearest vertical line, and its top, middle or
 * bottom to the nearest horizontal line, each only within `threshold` mm. Answers the shift (mm; 0 on an axis that
 * does not snap) and the guides of the lines it snapped to (every line at the snapped position, so a box centred
 * on the surface that also lines up with a layer shows both).
 */
export function snapBox(box: Box, targets: SnapTargets, threshold: number): { dx: number; dy: number; guides: Guide[] } {
  const xs = [box.x, box.x + box.width / 2, box.x + box.width];
  const ys = [box.y, box.y + box.height / 2, box.y + box.height];
  const sx = closest(xs, targets.x, threshold);
  const sy = closest(ys, targets.y, threshold);
  const dx = sx?.delta ?? 0;
  const dy = sy?.delta ?? 0;
  const guides: Guide[] = [];
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  if (sx) {
    const moved = xs.map((v) => v + dx);
    const seen = new Set<number>();
    for (const l of targets.x)
      if (moved.some((v) => near(v, l.at)) && !seen.has(l.at)) {
        seen.add(l.at);
        guides.push({ axis: 'x', at: l.at, kind: l.kind });
      }
  }
  if (sy) {
    const moved = ys.map((v) => v + dy);
    const seen = new Set<number>();
    for (const l of targets.y)
      if (moved.some((v) => near(v, l.at)) && !seen.has(l.at)) {
        seen.add(l.at);
        guides.push({ axis: 'y', at: l.at, kind: l.kind });
      }
  }
  return { dx, dy, guides };
}
