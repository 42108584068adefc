import type { Layer, Surface } from '@backroom/design';

/**
 * Boxes of the design editors (issue 19 item 2), in millimetres from the top-left of the surface's trim box
 * (packages/design conventions: a layer's x/y is its unrotated top-left, rotated by `rotation` degrees clockwise
 * about its centre).
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of a layer that places it. */
export type Placed = Pick<Layer, 'x' | 'y' | 'width' | 'height' | 'rotation'>;

/** The axis-aligned box around a layer as drawn (its rotated corners), mm. */
export function boundsOf(l: Placed): Box {
  const rad = (l.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const w = l.width * cos + l.height * sin;
  const h = l.width * sin + l.height * cos;
  const cx = l.x + l.width / 2;
  const cy = l.y + l.height / 2;
  return { x: cx - w / 2, y: cy - h / 2, width: w, height: h };
}

/** The box around several boxes (null for none). */
export function unionOf(boxes: readonly Box[]): Box | null {
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const r = Math.max(...boxes.map((b) => b.x + b.width));
  const bt = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: r - x, height: bt - y };
}

/** A surface's trim box (0, 0, width, height), mm. */
export const trimOf = (s: Pick<Surface, 'width' | 'height'>): Box => ({ x: 0, y: 0, width: s.width, height: s.height });

/** Rounds a length to 0.01 mm (what the editor stores after a gesture: no float noise in saved documents). */
export const roundMm = (mm: number): number => Math.round(mm * 100) / 100;

/**
 * The layers a selection box touches (issue 19 item 2 box selection): `box` in the surface's mm; a layer counts when
 * its drawn (rotated) bounds overlap the box. Hidden and locked layers are never chosen. Back-to-front order.
 */
export function layersInBox(layers: readonly Layer[], box: Box): string[] {
  return layers
    .filter((l) => !l.hidden && !l.locked)
    .filter((l) => {
      const b = boundsOf(l);
      return b.x < box.x + box.width && b.x + b.width > box.x && b.y < box.y + box.height && b.y + b.height > box.y;
    })
    .map((l) => l.id);
}
