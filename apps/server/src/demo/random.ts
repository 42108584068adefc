import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * A seeded pseudo-random source for the demo generator (pure-rand's xoroshiro128+): the same seed gives the
 * same sequence on every machine, so `npm run seed -- --seed S` is reproducible.
 */
export class Random {
  private readonly rng: RandomGenerator;

  constructor(seed: number) {
    this.rng = xoroshiro128plus(seed | 0);
  }

  /** A float in [0, 1). */
  float(): number {
    return uniformFloat64(this.rng);
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return uniformInt(this.rng, min, max);
  }

  /** True with probability `p` (0..1). */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[this.int(0, list.length - 1)] as T;
  }

  /** One key chosen with the given relative weights (need not sum to 1). */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let x = this.float() * total;
    for (const [k, w] of entries) {
      x -= w;
      if (x < 0) return k;
    }
    return entries[entries.length - 1]![0];
  }

  /** Approximately normal (mean 0, sd 1), Box–Muller. */
  normal(): number {
    const u = 1 - this.float();
    const v = this.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** An independent child stream derived from this one (so adding draws in one part never shifts another). */
  fork(): Random {
    return new Random(this.int(-0x80000000, 0x7fffffff));
  }
}

/** A fixed-length lowercase hex/base-36 id drawn from `r` (deterministic, for visitor session ids). */
export function randomId(r: Random, length = 16): string {
  let s = '';
  while (s.length < length) s += r.int(0, 0x7fffffff).toString(36);
  return s.slice(0, length);
}
