import type { ParseResult } from '@backroom/contracts';
import {
  type ClipboardEvent,
  type DragEvent,
  type FocusEvent,
  type ChangeEvent as ReactChangeEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** A number as forms hold it: a number, or empty ('' / null / undefined); a numeric string is read as its number. */
export type FieldNumber = number | string | null | undefined;

/** `value` as a number, or null when empty or not a number. */
export function numberOf(value: FieldNumber): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/**
 * The state behind MoneyInput and NumberInput (issue 30 item 3: what the field shows is what is saved, whatever
 * way the text got there). The field keeps its own TEXT; every change of it is read at once by `parse` and
 * reported through `emit`: the figure, `null` for an empty field, or `NaN` for a text that is refused (so the form's
 * zod rule refuses the save and nothing else is sent) while `message` says why. Texts are taken from:
 * - React's change event (typing, cut, undo, browser autofill, Playwright's `fill`), always from the input's actual
 *   `value`, never from keystrokes;
 * - paste and drop, read from the clipboard / drag data and written in by the field itself, so a synthetic paste
 *   event is kept too;
 * - native `input`/`change` events React does not report (a script that sets `input.value` and dispatches one) and
 *   blur, which re-read the input's value.
 * On blur a valid text is rewritten the canonical way (`format`). A value set from outside (a loaded record, a
 * reset) replaces the text unless it is the one the field just reported.
 */
export function useTypedValue({
  value,
  parse,
  format,
  emit,
  onBlur,
}: {
  value: FieldNumber;
  parse: (text: string) => ParseResult<number>;
  format: (n: number) => string;
  emit: (n: number | null) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}) {
  const current = numberOf(value);
  const [text, setText] = useState(() => (current === null ? '' : format(current)));
  const [message, setMessage] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const textRef = useRef(text);
  const reported = useRef<number | null>(current);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef({ parse, emit, format });
  useLayoutEffect(() => {
    latest.current = { parse, emit, format };
  });

  // A value from outside (load, reset, another control): shown, unless it is what this field reported.
  useEffect(() => {
    const same = current === null ? reported.current === null : Object.is(current, reported.current);
    if (same || (Number.isNaN(reported.current ?? 0) && current === null && value !== null && value !== '')) return;
    if (typeof value === 'number' && Number.isNaN(value)) return;
    reported.current = current;
    const next = current === null ? '' : latest.current.format(current);
    textRef.current = next;
    setText(next);
    setMessage(null);
  }, [current, value]);

  const accept = useCallback((next: string, show: boolean) => {
    textRef.current = next;
    setText(next);
    const r = latest.current.parse(next);
    const figure = r.ok ? r.value : Number.NaN;
    setMessage(r.ok ? null : r.message);
    if (show) setTouched(true);
    if (!Object.is(figure, reported.current)) {
      reported.current = figure;
      latest.current.emit(figure);
    }
  }, []);

  // Native input/change events React does not report (a script setting `value` directly, then dispatching one).
  useEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    const sync = () => {
      if (el.value !== textRef.current) accept(el.value, true);
    };
    el.addEventListener('input', sync);
    el.addEventListener('change', sync);
    return () => {
      el.removeEventListener('input', sync);
      el.removeEventListener('change', sync);
    };
  }, [accept]);

  const handlers = {
    ref: inputRef,
    value: text,
    onChange: (e: ReactChangeEvent<HTMLInputElement>) => accept(e.currentTarget.value, false),
    onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
      const pasted = e.clipboardData?.getData('text/plain') ?? e.clipboardData?.getData('text') ?? '';
      if (!pasted) return;
      e.preventDefault();
      const el = e.currentTarget;
      const start = el.selectionStart ?? el.value.length;
      const end = el.selectionEnd ?? el.value.length;
      accept(`${el.value.slice(0, start)}${pasted.trim()}${el.value.slice(end)}`, true);
    },
    onDrop: (e: DragEvent<HTMLInputElement>) => {
      const dropped = e.dataTransfer?.getData('text/plain') ?? '';
      if (!dropped) return;
      e.preventDefault();
      accept(dropped.trim(), true);
    },
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      const seen = e.currentTarget.value;
      if (seen !== textRef.current) accept(seen, true);
      setTouched(true);
      const r = latest.current.parse(textRef.current);
      if (r.ok && r.value !== null) {
        const canonical = latest.current.format(r.value);
        textRef.current = canonical;
        setText(canonical);
      }
      onBlur?.(e);
    },
  };
  return { handlers, message: touched ? message : null, pendingMessage: message };
}
