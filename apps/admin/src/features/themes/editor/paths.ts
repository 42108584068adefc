/**
 * Immutable reads and writes at a path inside a theme config (issue 9: every edit is `set the value at a path`).
 * `setIn` copies only the objects on the path and keeps every other part's identity, so React components and the
 * preview frame that compare by reference re-render only what changed.
 */

/** A path into a config: object keys and array indexes. */
export type Path = readonly (string | number)[];

/** The value at `path` in `root`, or undefined when a step is missing. */
export function getIn(root: unknown, path: Path): unknown {
  let cur: unknown = root;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[k];
  }
  return cur;
}

/**
 * `root` with `value` at `path` (structural sharing). Returns `root` itself when the value is already there
 * (Object.is), so a no-op edit makes no new config. Missing steps become objects (or arrays for numeric keys).
 */
export function setIn<T>(root: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const node = (root ?? (typeof head === 'number' ? [] : {})) as Record<string | number, unknown>;
  const prev = node[head];
  const next = setIn(prev, rest, value);
  if (Object.is(prev, next)) return root;
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[head as number] = next;
    return copy as T;
  }
  return { ...node, [head]: next } as T;
}
