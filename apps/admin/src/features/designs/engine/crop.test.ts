import type { ImageLayer, Layer } from '@backroom/design';
import { describe, expect, it } from 'vitest';
import { applyCropWindow, fullImageRect } from './crop';
import { layersInBox } from './geometry';

/** A 200 × 100 mm image layer of a 2000 × 1000 px file (10 px per mm), at (50, 50). */
const image = (extra: Partial<ImageLayer> = {}): ImageLayer =>
  ({
    id: 'img',
    name: '',
    type: 'image',
    x: 50,
    y: 50,
    width: 200,
    height: 100,
    rotation: 0,
    opacity: 1,
    locked: false,
    hidden: false,
    uploadId: null,
    src: '/uploads/a.webp',
    pixelWidth: 2000,
    pixelHeight: 1000,
    crop: null,
    ...extra,
  }) as ImageLayer;

describe('image crop on the canvas (issue 19 item 2)', () => {
  it('a window inside the whole image becomes the crop in image pixels and the box where that part was drawn', () => {
    const next = applyCropWindow(image(), { x: 20, y: 10, width: 100, height: 50 });
    expect(next).toEqual({ x: 70, y: 60, width: 100, height: 50, crop: { x: 200, y: 100, width: 1000, height: 500 } });
  });

  it('an already cropped image shows its whole file around the box, and widening the window back to it removes the crop', () => {
    const cropped = image({ x: 70, y: 60, width: 100, height: 50, crop: { x: 200, y: 100, width: 1000, height: 500 } });
    expect(fullImageRect(cropped)).toEqual({ x: -20, y: -10, width: 200, height: 100 });
    expect(applyCropWindow(cropped, { x: -20, y: -10, width: 200, height: 100 })).toEqual({
      x: 50,
      y: 50,
      width: 200,
      height: 100,
      crop: null,
    });
  });

  it('a window past the image is cut at its edges; an unchanged window changes nothing', () => {
    expect(applyCropWindow(image(), { x: -30, y: 50, width: 100, height: 200 })).toEqual({
      x: 50,
      y: 100,
      width: 70,
      height: 50,
      crop: { x: 0, y: 500, width: 700, height: 500 },
    });
    expect(applyCropWindow(image(), { x: 0, y: 0, width: 200, height: 100 })).toBeNull();
  });

  it('a turned layer keeps the kept part where it was drawn: the box centre moves along the turned axes', () => {
    // Turned 90° clockwise about its centre (150, 100): the layer's +x points down the page.
    const next = applyCropWindow(image({ rotation: 90 }), { x: 100, y: 0, width: 100, height: 100 });
    // Window centre in the layer frame (150, 50) = old centre + (50, 0) → on the page + (0, 50).
    expect(next).toEqual({ x: 100, y: 100, width: 100, height: 100, crop: { x: 1000, y: 0, width: 1000, height: 1000 } });
  });
});

describe('box selection (issue 19 item 2)', () => {
  const shape = (id: string, x: number, y: number, extra: Partial<Layer> = {}): Layer =>
    ({ ...image({ id, x, y, width: 10, height: 10 }), ...extra }) as Layer;
  it('chooses the visible, unlocked layers whose drawn bounds touch the box, back to front', () => {
    const layers = [
      shape('a', 0, 0),
      shape('b', 20, 0),
      shape('c', 40, 0),
      shape('hidden', 20, 0, { hidden: true }),
      shape('locked', 20, 0, { locked: true }),
      // Turned 45°, its corner reaches 2.07 mm further left than its unrotated box.
      shape('turned', 32, 20, { rotation: 45 }),
    ];
    expect(layersInBox(layers, { x: 5, y: 5, width: 26, height: 2 })).toEqual(['a', 'b']);
    expect(layersInBox(layers, { x: 29, y: 20, width: 1, height: 10 })).toEqual(['turned']);
    expect(layersInBox(layers, { x: 60, y: 0, width: 10, height: 10 })).toEqual([]);
  });
});
