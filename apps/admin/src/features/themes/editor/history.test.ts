import { describe, expect, it } from 'vitest';
import {
  COALESCE_MS,
  canRedo,
  canUndo,
  current,
  isDirty,
  jump,
  MAX_STEPS,
  markSaved,
  push,
  redo,
  startHistory,
  undo,
} from '../../../lib/history';
import { getIn, setIn } from './paths';

type C = { a: { x: number; s: string }; b: { y: number } };
const base: C = { a: { x: 1, s: '' }, b: { y: 2 } };

describe('setIn / getIn', () => {
  it('copies only the path and keeps the identity of every other part', () => {
    const next = setIn(base, ['a', 'x'], 5);
    expect(next.a.x).toBe(5);
    expect(next.b).toBe(base.b);
    expect(base.a.x).toBe(1);
    expect(setIn(base, ['a', 'x'], 1)).toBe(base);
    expect(getIn(setIn({ l: [1, 2, 3] }, ['l', 1], 9), ['l'])).toEqual([1, 9, 3]);
  });
});

describe('history (issue 9 item 6)', () => {
  it('undo, redo and jump restore the exact earlier configs; a new edit drops the redo steps', () => {
    let h = startHistory(base, 'Opened', 0);
    const c1 = setIn(base, ['b', 'y'], 3);
    h = push(h, c1, { label: 'y', target: null, at: 10 });
    const c2 = setIn(c1, ['a', 'x'], 4);
    h = push(h, c2, { label: 'x', target: null, at: 20 });
    expect(current(h)).toBe(c2);
    h = undo(h);
    expect(current(h)).toBe(c1);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(current(h)).toBe(c2);
    h = jump(h, 0);
    expect(current(h)).toBe(base);
    expect(canUndo(h)).toBe(false);
    h = push(h, setIn(base, ['a', 'x'], 7), { label: 'x2', target: null, at: 30 });
    expect(h.entries.map((e) => e.label)).toEqual(['Opened', 'x2']);
  });

  it('typing in one field is one step; a pause, another field or the saved step starts a new one', () => {
    let h = startHistory(base, 'Opened', 0);
    let c = base;
    for (const [i, text] of ['H', 'He', 'Hey'].entries()) {
      c = setIn(c, ['a', 's'], text);
      h = push(h, c, { label: 'Heading', target: null, coalesce: 'a.s', at: 100 + i * 100 });
    }
    expect(h.entries).toHaveLength(2);
    expect(current(h).a.s).toBe('Hey');
    c = setIn(c, ['a', 's'], 'Hey!');
    h = push(h, c, { label: 'Heading', target: null, coalesce: 'a.s', at: 300 + COALESCE_MS + 1 });
    expect(h.entries).toHaveLength(3);
    h = markSaved(h);
    c = setIn(c, ['a', 's'], 'Hey!!');
    h = push(h, c, { label: 'Heading', target: null, coalesce: 'a.s', at: 300 + COALESCE_MS + 2 });
    expect(h.entries).toHaveLength(4);
    expect(undo(undo(h)).entries[1]!.config.a.s).toBe('Hey');
  });

  it('keeps at least 100 steps (MAX_STEPS), dropping the oldest, and tracks whether the draft is saved', () => {
    expect(MAX_STEPS).toBeGreaterThanOrEqual(100);
    let h = startHistory(base, 'Opened', 0);
    expect(isDirty(h)).toBe(false);
    for (let i = 1; i <= MAX_STEPS + 20; i += 1) h = push(h, setIn(current(h), ['b', 'y'], i), { label: `${i}`, target: null, at: i });
    expect(h.entries).toHaveLength(MAX_STEPS);
    expect(current(h).b.y).toBe(MAX_STEPS + 20);
    expect(h.savedAt).toBe(-1);
    expect(isDirty(h)).toBe(true);
    h = markSaved(h);
    expect(isDirty(h)).toBe(false);
    expect(isDirty(undo(h))).toBe(true);
    expect(isDirty(redo(undo(h)))).toBe(false);
  });
});
