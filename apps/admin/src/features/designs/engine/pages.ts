import {
  type DesignDocument,
  type FieldDef,
  type Layer,
  labelOfKey,
  newPageSurface,
  newSpreadSurface,
  placeholdersIn,
  type Surface,
  syncCoverWrap,
} from '@backroom/design';
import { newId, newLayer } from './ops';

/**
 * Pages and spreads of the book editors (issue 19 items 4–5), pure: add from a template, duplicate, delete, reorder,
 * renumber. A book2 document keeps its cover wrap's spine in step with the page count (`syncCoverWrap`).
 */

/** A page template of the book editor: its name and the layers it starts with on a page of `s`'s size. */
export interface PageTemplate {
  id: string;
  name: string;
  layers: (s: Surface, font: { family: string; id: string | null }) => Layer[];
}

/** The templates offered by "Add page" (a personalised children's book's usual pages). */
export const PAGE_TEMPLATES: readonly PageTemplate[] = [
  { id: 'blank', name: 'Blank page', layers: () => [] },
  {
    id: 'title',
    name: 'Title page',
    layers: (s, f) => {
      const t = newLayer.text(s, "{child_name}'s Big Adventure", f);
      // Two lines of bold title across most of the page (a long name still fits: lines wrap at the box width).
      const width = s.width * 0.85;
      const height = s.height * 0.3;
      return [{ ...t, fontWeight: 700, x: (s.width - width) / 2, width, height, y: s.height * 0.12 }];
    },
  },
  {
    id: 'story',
    name: 'Story text',
    layers: (s, f) => {
      const t = newLayer.text(s, 'Once upon a time, {child_name} found a door at the bottom of the garden…', f);
      const h = s.height * 0.4;
      return [{ ...t, fontSize: Math.round(t.fontSize * 0.5), height: h, y: (s.height - h) / 2, align: 'left' as const }];
    },
  },
  {
    id: 'photo',
    name: 'Full-page photo',
    layers: (s) => {
      const p = newLayer.photo(s, 'photo', 'Photo');
      // Covers the page and its bleed, so nothing white shows at the trim.
      return [{ ...p, x: -s.bleed, y: -s.bleed, width: s.width + s.bleed * 2, height: s.height + s.bleed * 2 }];
    },
  },
  {
    id: 'photo-caption',
    name: 'Photo with caption',
    layers: (s, f) => {
      const p = newLayer.photo(s, 'photo', 'Photo');
      const side = s.width * 0.7;
      const t = newLayer.text(s, '{child_name}, age 5', f);
      return [
        { ...p, width: side, height: side, x: (s.width - side) / 2, y: s.height * 0.1 },
        { ...t, fontSize: Math.round(t.fontSize * 0.6), y: s.height * 0.1 + side + s.height * 0.04 },
      ];
    },
  },
];

/** Names pages "Page 1…n" and spreads "Pages 1–2…" in their order (custom names are kept). */
export function renumber(doc: DesignDocument): DesignDocument {
  let page = 0;
  let spread = 0;
  const surfaces = doc.surfaces.map((s) => {
    if (s.role === 'page') {
      page++;
      const name = /^Page \d+$/.test(s.name) ? `Page ${page}` : s.name;
      return name === s.name ? s : { ...s, name };
    }
    if (s.role === 'spread') {
      spread++;
      const name = /^Pages \d+–\d+$/.test(s.name) ? `Pages ${spread * 2 - 1}–${spread * 2}` : s.name;
      return name === s.name ? s : { ...s, name };
    }
    return s;
  });
  return syncCoverWrap({ ...doc, surfaces });
}

/** What a new placeholder's sample is: a name for a `…name` key, else empty (the preview shows the placeholder). */
const SAMPLE_NAME = 'Maya';

/**
 * The document's field descriptions plus one for each placeholder of `layers` it does not describe yet (label from
 * the key, 20 characters, required; a `…name` key gets a sample name so the preview reads like the book).
 */
function describePlaceholders(fields: readonly FieldDef[], layers: readonly Layer[]): FieldDef[] {
  const out = [...fields];
  for (const l of layers)
    if (l.type === 'text')
      for (const key of placeholdersIn(l.text))
        if (!out.some((f) => f.key === key))
          out.push({ key, label: labelOfKey(key), maxLength: 20, required: true, sample: key.endsWith('name') ? SAMPLE_NAME : '' });
  return out;
}

/** Adds a page (book) after surface `afterId` from `template`; answers the document and the new page's id. */
export function addPage(
  doc: DesignDocument,
  afterId: string,
  template: PageTemplate,
  font: { family: string; id: string | null },
): { doc: DesignDocument; id: string } {
  const id = newId('page');
  const surface = newPageSurface(doc, id, 'Page 0');
  const page = { ...surface, layers: template.layers(surface, font) };
  const at = Math.max(1, doc.surfaces.findIndex((s) => s.id === afterId) + 1);
  const surfaces = [...doc.surfaces];
  surfaces.splice(at, 0, page);
  return { doc: renumber({ ...doc, surfaces, fields: describePlaceholders(doc.fields, page.layers) }), id };
}

/** Adds a spread (book2) after surface `afterId`; the cover wrap's spine grows with it. */
export function addSpread(doc: DesignDocument, afterId: string): { doc: DesignDocument; id: string } {
  const id = newId('spread');
  const spread = newSpreadSurface(doc, id, 'Pages 0–0');
  const at = Math.max(1, doc.surfaces.findIndex((s) => s.id === afterId) + 1);
  const surfaces = [...doc.surfaces];
  surfaces.splice(at, 0, spread);
  return { doc: renumber({ ...doc, surfaces }), id };
}

/** A copy of page/spread `id` (new ids for it and its layers) right after it. */
export function duplicateSurface(doc: DesignDocument, id: string): { doc: DesignDocument; id: string } {
  const at = doc.surfaces.findIndex((s) => s.id === id);
  const src = doc.surfaces[at];
  if (!src || (src.role !== 'page' && src.role !== 'spread')) return { doc, id };
  const copy: Surface = { ...structuredClone(src), id: newId(src.role), name: src.role === 'page' ? 'Page 0' : 'Pages 0–0' };
  copy.layers = copy.layers.map((l) => ({ ...l, id: newId(l.type) }));
  const surfaces = [...doc.surfaces];
  surfaces.splice(at + 1, 0, copy);
  return { doc: renumber({ ...doc, surfaces }), id: copy.id };
}

/** The document without page/spread `id` (the cover and the last page or spread always stay). */
export function removeSurface(doc: DesignDocument, id: string): DesignDocument {
  const s = doc.surfaces.find((x) => x.id === id);
  if (!s || (s.role !== 'page' && s.role !== 'spread')) return doc;
  if (doc.surfaces.filter((x) => x.role === s.role).length <= 1) return doc;
  return renumber({ ...doc, surfaces: doc.surfaces.filter((x) => x.id !== id) });
}

/** The document with page/spread `id` moved to index `to` of `surfaces` (never before the cover). */
export function moveSurface(doc: DesignDocument, id: string, to: number): DesignDocument {
  const from = doc.surfaces.findIndex((s) => s.id === id);
  const firstMovable = doc.surfaces.findIndex((s) => s.role === 'page' || s.role === 'spread');
  if (from < 0 || firstMovable < 0) return doc;
  const target = Math.max(firstMovable, Math.min(to, doc.surfaces.length - 1));
  if (target === from) return doc;
  const surfaces = [...doc.surfaces];
  const [s] = surfaces.splice(from, 1);
  surfaces.splice(target, 0, s!);
  return renumber({ ...doc, surfaces });
}
