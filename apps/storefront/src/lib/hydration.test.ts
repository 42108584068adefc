import { options } from 'preact';
import { describe, expect, it } from 'vitest';
import { hydrateInTasks, nextTask, whenSettled } from './hydration';

describe('hydration in tasks', () => {
  it('holds the effects Preact schedules while hydrating, runs them when the page settles, then gives the scheduler back', async () => {
    const before = options.requestAnimationFrame;
    const order: string[] = [];
    let settledEarly = false;
    const hydrated = hydrateInTasks(() => {
      order.push('hydrate');
      options.requestAnimationFrame!(() => order.push('effects'));
      void whenSettled().then(() => order.push('settled'));
    });
    void whenSettled().then(() => {
      settledEarly = true;
    });
    await hydrated;
    // Hydrated (sf:hydrated is dispatched here) but not settled: effects and browser values wait one more task.
    expect(order).toEqual(['hydrate']);
    expect(settledEarly).toBe(false);
    await whenSettled();
    expect(order).toEqual(['hydrate', 'effects', 'settled']);
    expect(options.requestAnimationFrame).toBe(before);
    // Outside a hydration, whenSettled resolves at once.
    let now = false;
    void whenSettled().then(() => {
      now = true;
    });
    await Promise.resolve();
    expect(now).toBe(true);
  });

  it('nextTask resolves in order, each in a later task', async () => {
    const seen: number[] = [];
    await Promise.all([1, 2, 3].map((n) => nextTask().then(() => seen.push(n))));
    expect(seen).toEqual([1, 2, 3]);
  });
});
