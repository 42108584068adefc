import type { DesignDocument, Layer, Surface } from '@backroom/design';

/**
 * What each side changed since the version both started from, surface by surface (issue 19 item 2 "autosave of
 * drafts" with the 409 of a stale version, shown like the theme editor's conflict: "what they changed, what you
 * changed"). Pure, so the dialog only draws it.
 */

/** One side's change of a surface: added, removed, or the layers added / removed / changed and whether its own settings changed. */
export type SurfaceChange =
  | { kind: 'added' | 'removed' }
  | { kind: 'changed'; added: number; removed: number; changed: number; settings: boolean }
  | null;

/** One row of the conflict view: a surface (print area, page, spread, cover) and what each side changed. */
export interface ConflictRow {
  id: string;
  name: string;
  theirs: SurfaceChange;
  mine: SurfaceChange;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function surfaceChange(base: Surface | undefined, next: Surface | undefined): SurfaceChange {
  if (!base && !next) return null;
  if (!base) return { kind: 'added' };
  if (!next) return { kind: 'removed' };
  if (base === next) return null;
  const before = new Map<string, Layer>(base.layers.map((l) => [l.id, l]));
  const after = new Map<string, Layer>(next.layers.map((l) => [l.id, l]));
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const [id, l] of after) {
    const b = before.get(id);
    if (!b) added++;
    else if (!same(b, l)) changed++;
  }
  for (const id of before.keys()) if (!after.has(id)) removed++;
  // The layer order is part of a surface too: a reorder alone counts as a change of the surface's settings.
  const order = base.layers.map((l) => l.id).join() !== next.layers.map((l) => l.id).join();
  const { layers: _a, ...restBase } = base;
  const { layers: _b, ...restNext } = next;
  const settings = order || !same(restBase, restNext);
  if (!added && !removed && !changed && !settings) return null;
  return { kind: 'changed', added, removed, changed, settings };
}

/**
 * Rows for every surface either side changed since `base` (the last version this editor saved or opened; null when
 * unknown — then every surface that differs between theirs and mine is listed as changed by both). Surfaces in the
 * order of theirs, then those only mine has. A change of the document's product settings (colours, sizes, margin) or
 * shopper fields is one row "Product and shopper fields".
 */
export function conflictRows(base: DesignDocument | null, theirs: DesignDocument, mine: DesignDocument): ConflictRow[] {
  const ref = base ?? theirs;
  const byId = (d: DesignDocument) => new Map(d.surfaces.map((s) => [s.id, s]));
  const b = byId(ref);
  const t = byId(theirs);
  const m = byId(mine);
  const ids = [...new Set([...theirs.surfaces.map((s) => s.id), ...mine.surfaces.map((s) => s.id), ...ref.surfaces.map((s) => s.id)])];
  const rows: ConflictRow[] = [];
  for (const id of ids) {
    const name = (t.get(id) ?? m.get(id) ?? b.get(id))!.name;
    const theirsChange = base ? surfaceChange(b.get(id), t.get(id)) : null;
    const mineChange = surfaceChange(b.get(id), m.get(id));
    if (theirsChange || mineChange) rows.push({ id, name, theirs: base ? theirsChange : mineChange, mine: mineChange });
  }
  const rest = (d: DesignDocument) => ({ product: d.product, fields: d.fields, book: d.book });
  const theirsRest = base ? !same(rest(base), rest(theirs)) : false;
  const mineRest = !same(rest(ref), rest(mine));
  if (theirsRest || mineRest)
    rows.push({
      id: '#product',
      name: 'Product and shopper fields',
      theirs: theirsRest || (!base && mineRest) ? { kind: 'changed', added: 0, removed: 0, changed: 0, settings: true } : null,
      mine: mineRest ? { kind: 'changed', added: 0, removed: 0, changed: 0, settings: true } : null,
    });
  return rows;
}

/** "2 layers changed, 1 added" / "Added" / "Settings" — a side's change in words. */
export function changeText(c: SurfaceChange): string {
  if (!c) return '—';
  if (c.kind !== 'changed') return c.kind === 'added' ? 'Added' : 'Removed';
  const parts: string[] = [];
  const n = (k: number, what: string) => k && parts.push(`${k} layer${k === 1 ? '' : 's'} ${what}`);
  n(c.changed, 'changed');
  n(c.added, 'added');
  n(c.removed, 'removed');
  if (c.settings && !parts.length) parts.push('Settings or order');
  return parts.join(', ');
}
