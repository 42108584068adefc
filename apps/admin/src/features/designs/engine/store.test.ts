import { defaultDocument, type Layer } from '@backroom/design';
import { describe, expect, it } from 'vitest';
import { current } from '../../../lib/history';
import { curvePath } from './curve';
import { newLayer, nudgeStep } from './ops';
import { addSpread, moveSurface, removeSurface } from './pages';
import { createDesignStore, docOf, surfaceOf } from './store';

const open = (kind: 'print_hub' | 'book' | 'book2' = 'print_hub') =>
  createDesignStore({ designId: 'd1', title: 'Tee', version: 1, document: defaultDocument(kind) });
const font = { family: 'Poppins', id: null };
const layersOf = (s: ReturnType<typeof open>) => surfaceOf(s.getState()).layers;

describe('the design editor store (issue 19 item 2)', () => {
  it('keyboard nudge: 1 screen px, 10 with Shift, converted at the zoom; locked layers stay; presses in a row are one step', () => {
    expect(nudgeStep(false, 2)).toBe(0.5);
    expect(nudgeStep(true, 2)).toBe(5);
    const s = open();
    const a = newLayer.shape(surfaceOf(s.getState()), 'rect');
    const b = { ...newLayer.shape(surfaceOf(s.getState()), 'ellipse'), locked: true };
    s.getState().add(a);
    s.getState().add(b);
    s.getState().select([a.id, b.id]);
    const steps = s.getState().history.entries.length;
    s.getState().nudge(0.5, 0);
    s.getState().nudge(0.5, 0);
    s.getState().nudge(0, -5);
    const [na, nb] = layersOf(s);
    expect(na!.x).toBeCloseTo(a.x + 1, 2);
    expect(na!.y).toBeCloseTo(a.y - 5, 2);
    expect(nb).toEqual(b);
    expect(s.getState().history.entries.length).toBe(steps + 1);
    s.getState().undo();
    expect(layersOf(s)[0]).toEqual(a);
  });

  it('keeps at least 100 undo steps and redoes them', () => {
    const s = open();
    const t = newLayer.text(surfaceOf(s.getState()), 'Est. 2026', font);
    s.getState().add(t);
    for (let i = 1; i <= 120; i++) s.getState().patch([t.id], { x: i }, `step ${i}`);
    for (let i = 0; i < 100; i++) s.getState().undo();
    expect(layersOf(s)[0]!.x).toBe(20);
    for (let i = 0; i < 100; i++) s.getState().redo();
    expect(layersOf(s)[0]!.x).toBe(120);
  });

  it('copy/paste adds copies with new ids, offset, on top; duplicate and delete act on the choice', () => {
    const s = open();
    const t = newLayer.text(surfaceOf(s.getState()), 'Hello', font);
    s.getState().add(t);
    s.getState().copy();
    s.getState().paste();
    s.getState().paste();
    const ls = layersOf(s);
    expect(ls).toHaveLength(3);
    expect(new Set(ls.map((l) => l.id)).size).toBe(3);
    expect(ls[1]!.x).toBeCloseTo(t.x + 5, 2);
    expect(ls[2]!.x).toBeCloseTo(t.x + 10, 2);
    expect(s.getState().selected).toEqual([ls[2]!.id]);
    s.getState().duplicateSelected();
    expect(layersOf(s)).toHaveLength(4);
    s.getState().select([t.id]);
    s.getState().removeSelected();
    expect(layersOf(s).map((l) => l.id)).not.toContain(t.id);
    expect(s.getState().selected).toEqual([]);
  });

  it('undo takes away the choice of a layer it removes; lock and hide are steps; reorder moves in paint order', () => {
    const s = open();
    const surface = surfaceOf(s.getState());
    const a = newLayer.shape(surface, 'rect');
    const b = newLayer.shape(surface, 'ellipse');
    s.getState().add(a);
    s.getState().add(b);
    expect(s.getState().selected).toEqual([b.id]);
    s.getState().undo();
    expect(s.getState().selected).toEqual([]);
    s.getState().redo();
    s.getState().reorder(b.id, 0);
    expect(layersOf(s).map((l: Layer) => l.id)).toEqual([b.id, a.id]);
    s.getState().toggle(a.id, 'locked');
    expect(layersOf(s)[1]!.locked).toBe(true);
    s.getState().undo();
    expect(layersOf(s)[1]!.locked).toBe(false);
  });

  it('a save marks the step it sent; edits made meanwhile stay pending', () => {
    const s = open();
    s.getState().add(newLayer.shape(surfaceOf(s.getState()), 'rect'));
    const sent = s.getState().history.pointer;
    s.getState().add(newLayer.shape(surfaceOf(s.getState()), 'rect'));
    s.getState().saved(2, sent);
    expect(s.getState().version).toBe(2);
    expect(s.getState().saveState).toBe('pending');
    s.getState().saved(3, s.getState().history.pointer);
    expect(s.getState().saveState).toBe('saved');
  });
});

describe('book pages (issue 19 items 4–5)', () => {
  it('a book2 spread added or removed moves the cover wrap’s spine; pages renumber; the cover never moves', () => {
    const doc = defaultDocument('book2');
    const wrap = doc.surfaces[0]!;
    const more = addSpread(doc, doc.surfaces[3]!.id).doc;
    const w2 = more.surfaces[0]!;
    // 22 pages × 0.1 mm + 2 mm allowance = 4.2 mm (was 4.0 for 20).
    expect(wrap.spineWidth).toBeCloseTo(4, 6);
    expect(w2.spineWidth).toBeCloseTo(4.2, 6);
    expect(w2.width).toBeCloseTo(wrap.width + 0.2, 6);
    expect(
      more.surfaces
        .filter((s) => s.role === 'spread')
        .map((s) => s.name)
        .slice(3, 6),
    ).toEqual(['Pages 7–8', 'Pages 9–10', 'Pages 11–12']);
    const fewer = removeSurface(more, more.surfaces[1]!.id);
    expect(fewer.surfaces[0]!.spineWidth).toBeCloseTo(4, 6);
    expect(moveSurface(doc, doc.surfaces[2]!.id, 0).surfaces[0]!.role).toBe('cover_wrap');
  });
});

describe('curved text path', () => {
  it('runs left to right over the top for a positive radius and under for a negative one, centred on the box', () => {
    expect(curvePath(100, 20, 0)).toBeNull();
    expect(curvePath(100, 20, 50, Math.PI)).toBe('M 0 60 A 50 50 0 0 1 100 60');
    expect(curvePath(100, 20, -50, Math.PI)).toBe('M 0 -40 A 50 50 0 0 0 100 -40');
  });
});

// The store's document is the history's current entry (one source).
it('docOf is the current history entry', () => {
  const s = open('book');
  expect(docOf(s.getState())).toBe(current(s.getState().history));
});
