/**
 * Shopper fields of a design (issue 19 items 3–4): `{child_name}` placeholders in texts, shopper-field layers and
 * photo slots become the product's personalisation fields; the values a shopper gives (e.g. `{name: 'MAYA'}`) fill
 * them in the storefront preview and in the order line's print render.
 */
import type { DesignDocument, FieldDef, FieldLayer, Layer, TextLayer } from './schema.js';

/** `{key}` in a text: a placeholder for the shopper field `key` (the key rule of FIELD_KEY_PATTERN). */
export const PLACEHOLDER_PATTERN = /\{([a-z][a-z0-9_]{0,39})\}/g;

/** A shopper field the design asks for, in the order met (surfaces, then layers, back to front). */
export interface ShopperField {
  /** The personalisation field's id and the placeholder's name. */
  key: string;
  type: 'text' | 'image';
  label: string;
  /** text: at most this many characters; image: null. */
  maxLength: number | null;
  required: boolean;
  /** What the editor and previews show in place of a value. */
  sample: string;
}

/** The placeholder keys in a text, each once, in order ("{a} and {b} and {a}" → ['a', 'b']). */
export function placeholdersIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER_PATTERN), (m) => m[1] as string))];
}

/** "child_name" → "Child name" (the label of a placeholder nobody described in `fields`). */
export function labelOfKey(key: string): string {
  const words = key.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The shopper fields of a document, each key once: a field layer or photo slot brings its own label, length and
 * sample; a `{key}` placeholder takes its description from `doc.fields` (else label from the key, 20 characters,
 * required, no sample). A key met as several text sources keeps the first description and the smallest maxLength.
 * A photo slot's key used by text too stays an image field (the first meeting wins the type).
 */
export function extractShopperFields(doc: Pick<DesignDocument, 'surfaces' | 'fields'>): ShopperField[] {
  const out = new Map<string, ShopperField>();
  const declared = new Map<string, FieldDef>(doc.fields.map((f) => [f.key, f]));
  const addText = (f: ShopperField) => {
    const had = out.get(f.key);
    if (!had) out.set(f.key, f);
    else if (had.type === 'text' && had.maxLength !== null && f.maxLength !== null) had.maxLength = Math.min(had.maxLength, f.maxLength);
  };
  for (const surface of doc.surfaces) {
    for (const layer of surface.layers) {
      if (layer.type === 'field') {
        addText({
          key: layer.key,
          type: 'text',
          label: layer.label,
          maxLength: layer.maxLength,
          required: layer.required,
          sample: layer.sample,
        });
      } else if (layer.type === 'photo') {
        if (!out.has(layer.key))
          out.set(layer.key, { key: layer.key, type: 'image', label: layer.label, maxLength: null, required: layer.required, sample: '' });
      } else if (layer.type === 'text') {
        for (const key of placeholdersIn(layer.text)) {
          const d = declared.get(key);
          addText({
            key,
            type: 'text',
            label: d?.label ?? labelOfKey(key),
            maxLength: d?.maxLength ?? 20,
            required: d?.required ?? true,
            sample: d?.sample ?? '',
          });
        }
      }
    }
  }
  return [...out.values()];
}

/** Shopper values by field key (text fields: the typed text; image fields: the photo's URL). */
export type ShopperValues = Readonly<Record<string, string | undefined>>;

/**
 * A text with its `{key}` placeholders replaced: the shopper's value when given (cut to `maxLength` when known),
 * else — with `fallback: 'sample'` — the field's sample, else the placeholder stays as written (the editor's view).
 */
export function fillPlaceholders(
  text: string,
  values: ShopperValues,
  fields: readonly Pick<FieldDef, 'key' | 'sample' | 'maxLength'>[] = [],
  fallback: 'sample' | 'keep' = 'keep',
): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, key: string) => {
    const def = fields.find((f) => f.key === key);
    const value = values[key];
    if (value !== undefined) return def ? value.slice(0, def.maxLength) : value;
    if (fallback === 'sample' && def?.sample) return def.sample;
    return whole;
  });
}

/**
 * The text a text or field layer prints: a text layer's placeholders filled (see fillPlaceholders), a field layer's
 * value (cut to its maxLength) or, without one, its sample (`fallback: 'sample'`) or '' (`'empty'`: a print file of
 * an order line whose shopper left an optional field blank). Other layers: ''.
 */
export function layerText(
  layer: Layer,
  values: ShopperValues,
  doc: Pick<DesignDocument, 'fields'>,
  fallback: 'sample' | 'empty' = 'sample',
): string {
  if (layer.type === 'text')
    return fillPlaceholders((layer as TextLayer).text, values, doc.fields, fallback === 'sample' ? 'sample' : 'keep');
  if (layer.type === 'field') {
    const f = layer as FieldLayer;
    const value = values[f.key];
    if (value !== undefined) return value.slice(0, f.maxLength);
    return fallback === 'sample' ? f.sample : '';
  }
  return '';
}
