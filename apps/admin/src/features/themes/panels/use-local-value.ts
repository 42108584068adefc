import { useRef, useState } from 'react';

/**
 * A field's local copy of its value, so typing stays instant even when the shell applies edits later (a deferred
 * or batched config update). `set` changes the local value and remembers it as sent; when the prop catches up with
 * a value this field sent, nothing moves; any other new prop value (undo, redo, a restore) replaces the local one.
 */
export function useLocalValue<T>(value: T): [T, (v: T) => void] {
  const [local, setLocal] = useState(value);
  const [seen, setSeen] = useState(value);
  const pending = useRef<T[]>([]);
  if (!Object.is(value, seen)) {
    setSeen(value);
    const at = pending.current.findIndex((p) => Object.is(p, value));
    if (at >= 0) pending.current = pending.current.slice(at + 1);
    else {
      pending.current = [];
      setLocal(value);
    }
  }
  const set = (v: T) => {
    pending.current.push(v);
    if (pending.current.length > 50) pending.current.shift();
    setLocal(v);
  };
  return [local, set];
}
