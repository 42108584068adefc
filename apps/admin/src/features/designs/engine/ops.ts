import {
  type DesignDocument,
  type FieldLayer,
  type ImageLayer,
  type Layer,
  type PhotoLayer,
  ptToMm,
  type ShapeLayer,
  type Surface,
  type TextLayer,
} from '@backroom/design';
import { roundMm } from './geometry';

/**
 * Pure edits of a design document (issue 19 item 2): every function returns a new document (or layer list) and
 * keeps the identity of every part it did not change, so an undo step costs only the changed path and the canvas
 * re-draws only what changed. Lengths in mm (packages/design conventions).
 */

/** A new id for a layer or surface (random, short, unique within a document for all practical purposes). */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The document with surface `surfaceId`'s layers replaced by `fn(layers)` (same document when nothing changed). */
export function withLayers(doc: DesignDocument, surfaceId: string, fn: (layers: Layer[]) => Layer[]): DesignDocument {
  let changed = false;
  const surfaces = doc.surfaces.map((s) => {
    if (s.id !== surfaceId) return s;
    const layers = fn(s.layers);
    if (layers.length === s.layers.length && layers.every((l, i) => l === s.layers[i])) return s;
    changed = true;
    return { ...s, layers };
  });
  return changed ? { ...doc, surfaces } : doc;
}

/** Applies `patch` to the layers of `ids` (a function gets each layer). */
export function patchLayers(
  layers: readonly Layer[],
  ids: ReadonlySet<string>,
  patch: Partial<Layer> | ((l: Layer) => Partial<Layer>),
): Layer[] {
  return layers.map((l) => {
    if (!ids.has(l.id)) return l;
    const p = typeof patch === 'function' ? patch(l) : patch;
    const keys = Object.keys(p) as (keyof Layer)[];
    if (keys.every((k) => Object.is(l[k], p[k]))) return l;
    return { ...l, ...p } as Layer;
  });
}

/**
 * Keyboard nudge (issue 19 item 2 "1 px, 10 px with Shift"): the step is screen pixels at the current zoom, so one
 * press moves the layer one pixel of what the merchant sees; `pxPerMm` = screen pixels per millimetre now.
 * Answers the step in mm.
 */
export function nudgeStep(shift: boolean, pxPerMm: number): number {
  return (shift ? 10 : 1) / pxPerMm;
}

/** The layers of `ids` moved by (dx, dy) mm; locked ones stay. */
export function nudgeLayers(layers: readonly Layer[], ids: ReadonlySet<string>, dx: number, dy: number): Layer[] {
  return layers.map((l) => (ids.has(l.id) && !l.locked ? { ...l, x: roundMm(l.x + dx), y: roundMm(l.y + dy) } : l));
}

/** Offset of a pasted or duplicated layer from its original, mm. */
export const PASTE_OFFSET_MM = 5;

/**
 * Copies of `source` layers with new ids, shifted by `offset` mm and named "… copy", unlocked (what a duplicate and
 * a paste add on top of the surface).
 */
export function cloneLayers(source: readonly Layer[], offset = PASTE_OFFSET_MM): Layer[] {
  return source.map((l) => ({
    ...structuredClone(l),
    id: newId(l.type),
    name: l.name ? `${l.name} copy` : '',
    x: roundMm(l.x + offset),
    y: roundMm(l.y + offset),
    locked: false,
  }));
}

/** The layers with those of `ids` removed (locked ones stay). */
export function removeLayers(layers: readonly Layer[], ids: ReadonlySet<string>): Layer[] {
  return layers.filter((l) => !ids.has(l.id) || l.locked);
}

/** The layers with `id` moved to array index `to` (0 = back). */
export function moveLayer(layers: readonly Layer[], id: string, to: number): Layer[] {
  const from = layers.findIndex((l) => l.id === id);
  if (from < 0) return [...layers];
  const next = [...layers];
  const [l] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, l!);
  return next;
}

/** A layer's name in the layer list: its own, else what it shows. */
export function layerLabel(l: Layer): string {
  if (l.name) return l.name;
  switch (l.type) {
    case 'text':
      return l.text.trim().slice(0, 40) || 'Text';
    case 'field':
      return `Field: ${l.label}`;
    case 'photo':
      return `Photo slot: ${l.label}`;
    case 'image':
      return 'Image';
    case 'shape':
      return l.shape === 'ellipse' ? 'Ellipse' : l.shape === 'line' ? 'Line' : l.shape === 'triangle' ? 'Triangle' : 'Rectangle';
  }
}

const base = (s: Pick<Surface, 'width' | 'height'>, w: number, h: number) => ({
  x: roundMm((s.width - w) / 2),
  y: roundMm((s.height - h) / 2),
  width: roundMm(w),
  height: roundMm(h),
  rotation: 0,
  opacity: 1,
  locked: false,
  hidden: false,
  name: '',
});

/** Text style of a new text or field layer: a size that reads well on the surface (pt), the given family. */
function textStyle(s: Pick<Surface, 'width' | 'height'>, fontFamily: string, fontId: string | null) {
  const fontSize = Math.max(8, Math.round(Math.min(s.width, s.height) / 14 / ptToMm(1)));
  return {
    fontFamily,
    fontId,
    fontWeight: 400,
    italic: false,
    fontSize,
    color: '#111111',
    align: 'center' as const,
    letterSpacing: 0,
    lineHeight: 1.2,
    curveRadius: 0,
  };
}

/** The layers the Add panel creates, centred on the surface, sized to it. */
export const newLayer = {
  text(s: Surface, text: string, font: { family: string; id: string | null }, curved = false): TextLayer {
    const style = textStyle(s, font.family, font.id);
    const h = ptToMm(style.fontSize) * 1.4;
    return {
      ...base(s, s.width * 0.7, h),
      ...style,
      id: newId('text'),
      type: 'text',
      text,
      curveRadius: curved ? roundMm(s.width * 0.6) : 0,
    };
  },
  field(s: Surface, key: string, label: string, font: { family: string; id: string | null }): FieldLayer {
    const style = textStyle(s, font.family, font.id);
    return {
      ...base(s, s.width * 0.6, ptToMm(style.fontSize) * 1.4),
      ...style,
      id: newId('field'),
      type: 'field',
      key,
      label,
      maxLength: 10,
      required: true,
      sample: label.toUpperCase().slice(0, 10),
    };
  },
  image(s: Surface, src: string, uploadId: string | null, pixelWidth: number, pixelHeight: number): ImageLayer {
    // As large as fits in the trim box, keeping the picture's aspect.
    const k = Math.min(s.width / pixelWidth, s.height / pixelHeight);
    return {
      ...base(s, pixelWidth * k, pixelHeight * k),
      id: newId('image'),
      type: 'image',
      uploadId,
      src,
      pixelWidth,
      pixelHeight,
      crop: null,
    };
  },
  shape(s: Surface, shape: ShapeLayer['shape']): ShapeLayer {
    const side = Math.min(s.width, s.height) * 0.4;
    return {
      ...base(s, side, shape === 'line' ? Math.max(1, side / 40) : side),
      id: newId('shape'),
      type: 'shape',
      shape,
      fill: '#4c6ef5',
      stroke: null,
      strokeWidth: 0,
      cornerRadius: 0,
    };
  },
  photo(s: Surface, key: string, label: string): PhotoLayer {
    const side = Math.min(s.width, s.height) * 0.5;
    return {
      ...base(s, side, side),
      id: newId('photo'),
      type: 'photo',
      key,
      label,
      required: false,
      cornerRadius: 0,
      sampleSrc: null,
    };
  },
};
