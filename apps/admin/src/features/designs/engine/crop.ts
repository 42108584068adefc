import type { Crop, ImageLayer } from '@backroom/design';

/**
 * Image cropping on the canvas (issue 19 item 2, the image layer's `crop` of packages/design: a rectangle in the
 * image's own pixels — of `pixelWidth × pixelHeight` —, drawn stretched over the layer's box). Pure geometry, in the
 * layer's own unrotated frame: mm from the box's top-left corner.
 */

/** A rectangle in mm. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The crop as it is, or the whole image. */
export const cropOf = (l: Pick<ImageLayer, 'crop' | 'pixelWidth' | 'pixelHeight'>): Crop =>
  l.crop ?? { x: 0, y: 0, width: l.pixelWidth, height: l.pixelHeight };

/** Where the WHOLE image lies in the layer's frame (mm) at the layer's current scale (box width over crop width). */
export function fullImageRect(l: Pick<ImageLayer, 'crop' | 'pixelWidth' | 'pixelHeight' | 'width' | 'height'>): Rect {
  const c = cropOf(l);
  const kx = l.width / c.width;
  const ky = l.height / c.height;
  return { x: -c.x * kx, y: -c.y * ky, width: l.pixelWidth * kx, height: l.pixelHeight * ky };
}

const round = (n: number, d = 100) => Math.round(n * d) / d;

/**
 * The layer after its crop window was moved or resized to `win` (layer frame, mm): the window is kept inside the
 * image (and at least 1 mm), the crop becomes the window in image pixels, and the box becomes the window in the
 * document — its centre moved by the window's shift, turned by the layer's rotation — so the image stays where it
 * was on the surface. Null when nothing changes.
 */
export function applyCropWindow(
  l: Pick<ImageLayer, 'x' | 'y' | 'width' | 'height' | 'rotation' | 'crop' | 'pixelWidth' | 'pixelHeight'>,
  win: Rect,
): Pick<ImageLayer, 'x' | 'y' | 'width' | 'height' | 'crop'> | null {
  const full = fullImageRect(l);
  const x0 = Math.max(full.x, Math.min(win.x, full.x + full.width - 1));
  const y0 = Math.max(full.y, Math.min(win.y, full.y + full.height - 1));
  const x1 = Math.min(full.x + full.width, Math.max(x0 + 1, win.x + win.width));
  const y1 = Math.min(full.y + full.height, Math.max(y0 + 1, win.y + win.height));
  const w = x1 - x0;
  const h = y1 - y0;
  const kx = full.width / l.pixelWidth;
  const ky = full.height / l.pixelHeight;
  const crop: Crop = {
    x: round(Math.max(0, (x0 - full.x) / kx)),
    y: round(Math.max(0, (y0 - full.y) / ky)),
    width: round(Math.min(l.pixelWidth, w / kx)),
    height: round(Math.min(l.pixelHeight, h / ky)),
  };
  const whole = crop.x === 0 && crop.y === 0 && crop.width === l.pixelWidth && crop.height === l.pixelHeight;
  // The window's centre in the layer frame, relative to the old box centre, turned into the document.
  const dx = x0 + w / 2 - l.width / 2;
  const dy = y0 + h / 2 - l.height / 2;
  const a = (l.rotation * Math.PI) / 180;
  const cx = l.x + l.width / 2 + dx * Math.cos(a) - dy * Math.sin(a);
  const cy = l.y + l.height / 2 + dx * Math.sin(a) + dy * Math.cos(a);
  const next = { x: round(cx - w / 2), y: round(cy - h / 2), width: round(w), height: round(h), crop: whole ? null : crop };
  const old = cropOf(l);
  if (
    next.x === round(l.x) &&
    next.y === round(l.y) &&
    next.width === round(l.width) &&
    next.height === round(l.height) &&
    crop.x === round(old.x) &&
    crop.y === round(old.y) &&
    crop.width === round(old.width) &&
    crop.height === round(old.height)
  )
    return null;
  return next;
}
